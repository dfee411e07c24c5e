package io.astragal.rules;

/** The member sending a command. */
public record Actor(String userId, String displayName, Role role) {

    public boolean isGm() {
        return role == Role.GM;
    }

    /** May this actor act for a character owned by {@code ownerUserId}? GMs act for everyone. */
    public boolean controls(CharacterCard character) {
        return isGm() || userId.equals(character.ownerUserId());
    }
}
