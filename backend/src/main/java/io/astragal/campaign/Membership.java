package io.astragal.campaign;

import io.astragal.rules.Role;
import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/** A user's place in a campaign. The owner has one too, with role GM. */
@Entity
@Table(name = "campaign_members")
class Membership {

    @Embeddable
    static class Key implements Serializable {

        @Column(name = "campaign_id", nullable = false)
        private UUID campaignId;

        @Column(name = "user_id", nullable = false)
        private UUID userId;

        protected Key() {
        }

        Key(UUID campaignId, UUID userId) {
            this.campaignId = campaignId;
            this.userId = userId;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(campaignId, k.campaignId) && Objects.equals(userId, k.userId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(campaignId, userId);
        }
    }

    @EmbeddedId
    private Key id;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private Role role;

    @Column(name = "joined_at", nullable = false)
    private Instant joinedAt;

    protected Membership() {
    }

    Membership(UUID campaignId, UUID userId, Role role, Instant joinedAt) {
        this.id = new Key(campaignId, userId);
        this.role = role;
        this.joinedAt = joinedAt;
    }

    UUID campaignId() {
        return id.campaignId;
    }

    UUID userId() {
        return id.userId;
    }

    Role role() {
        return role;
    }

    void changeRole(Role role) {
        this.role = role;
    }

    Instant joinedAt() {
        return joinedAt;
    }
}
