package io.astragal.rules;

/** A member's role at a campaign's table. Co-GMs are GMs here. */
public enum Role {
    GM,
    PLAYER,
    SPECTATOR
}
