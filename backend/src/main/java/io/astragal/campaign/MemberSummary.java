package io.astragal.campaign;

import io.astragal.rules.Role;
import java.util.UUID;

/** A member of a campaign as the live table needs it. */
public record MemberSummary(UUID userId, String displayName, Role role) {
}
