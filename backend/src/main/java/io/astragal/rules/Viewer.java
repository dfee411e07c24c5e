package io.astragal.rules;

/** The member a view is made for. */
public record Viewer(String userId, Role role) {

    public boolean isGm() {
        return role == Role.GM;
    }
}
