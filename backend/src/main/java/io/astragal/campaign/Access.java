package io.astragal.campaign;

import io.astragal.platform.ApiProblem;
import io.astragal.rules.Role;
import java.util.UUID;

/** Who is acting on which campaign, and with what standing there. */
record Access(Campaign campaign, UUID userId, Role role, boolean owner) {

    boolean gm() {
        return role == Role.GM;
    }

    Access requireGm() {
        if (!gm()) {
            throw ApiProblem.forbidden("Only a GM of this campaign may do this.");
        }
        return this;
    }

    Access requireOwner() {
        if (!owner) {
            throw ApiProblem.forbidden("Only the owner of this campaign may do this.");
        }
        return this;
    }
}
