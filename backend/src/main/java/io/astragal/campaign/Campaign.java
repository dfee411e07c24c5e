package io.astragal.campaign;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.UUID;

/** A campaign: its settings and its owner, the GM who made it. */
@Entity
@Table(name = "campaigns")
class Campaign {

    @Id
    private UUID id;

    @Column(nullable = false, length = 80)
    private String name;

    @Column(nullable = false, length = 2000)
    private String description;

    @Column(name = "ruleset_id", nullable = false, length = 32)
    private String rulesetId;

    @Column(name = "owner_id", nullable = false)
    private UUID ownerId;

    @Column(nullable = false)
    private boolean archived;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Version
    private long version;

    protected Campaign() {
    }

    Campaign(UUID id, String name, String description, String rulesetId, UUID ownerId, boolean archived, Instant createdAt) {
        this.id = id;
        this.name = name;
        this.description = description;
        this.rulesetId = rulesetId;
        this.ownerId = ownerId;
        this.archived = archived;
        this.createdAt = createdAt;
    }

    UUID id() {
        return id;
    }

    String name() {
        return name;
    }

    void rename(String name) {
        this.name = name;
    }

    String description() {
        return description;
    }

    void describe(String description) {
        this.description = description;
    }

    String rulesetId() {
        return rulesetId;
    }

    UUID ownerId() {
        return ownerId;
    }

    boolean archived() {
        return archived;
    }

    void archive(boolean archived) {
        this.archived = archived;
    }

    Instant createdAt() {
        return createdAt;
    }

    long version() {
        return version;
    }
}
