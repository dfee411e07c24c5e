package io.astragal.campaign;

import io.astragal.rules.Role;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** An invite link's state. */
@Entity
@Table(name = "campaign_invites")
class Invite {

    @Id
    @Column(length = 64)
    private String code;

    @Column(name = "campaign_id", nullable = false)
    private UUID campaignId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private Role role;

    @Column(name = "expires_at")
    private Instant expiresAt;

    @Column(name = "max_uses")
    private Integer maxUses;

    @Column(nullable = false)
    private int uses;

    @Column(nullable = false)
    private boolean revoked;

    @Column(name = "created_by", nullable = false)
    private UUID createdBy;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    protected Invite() {
    }

    Invite(String code, UUID campaignId, Role role, Instant expiresAt, Integer maxUses, UUID createdBy, Instant createdAt) {
        this.code = code;
        this.campaignId = campaignId;
        this.role = role;
        this.expiresAt = expiresAt;
        this.maxUses = maxUses;
        this.createdBy = createdBy;
        this.createdAt = createdAt;
    }

    /** Why the invite can no longer be used at {@code now}: "revoked", "expired" or "used up"; empty when usable. */
    Optional<String> unusableBecause(Instant now) {
        if (revoked) {
            return Optional.of("revoked");
        }
        if (expiresAt != null && !now.isBefore(expiresAt)) {
            return Optional.of("expired");
        }
        if (maxUses != null && uses >= maxUses) {
            return Optional.of("used up");
        }
        return Optional.empty();
    }

    void use() {
        uses++;
    }

    void revoke() {
        revoked = true;
    }

    String code() {
        return code;
    }

    UUID campaignId() {
        return campaignId;
    }

    Role role() {
        return role;
    }

    Instant expiresAt() {
        return expiresAt;
    }

    Integer maxUses() {
        return maxUses;
    }

    int uses() {
        return uses;
    }

    boolean revoked() {
        return revoked;
    }

    Instant createdAt() {
        return createdAt;
    }
}
