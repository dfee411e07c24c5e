package io.astragal.campaign;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.ColumnTransformer;

/** A character of a campaign; the sheet is kept as the ruleset's normalised JSON. */
@Entity
@Table(name = "characters")
class CampaignCharacter {

    @Id
    private UUID id;

    @Column(name = "campaign_id", nullable = false)
    private UUID campaignId;

    @Column(name = "owner_id", nullable = false)
    private UUID ownerId;

    @Column(nullable = false, length = 64)
    private String name;

    @Column(nullable = false)
    private boolean npc;

    @Column(nullable = false, columnDefinition = "jsonb")
    @ColumnTransformer(write = "?::jsonb")
    private String sheet;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    @Version
    private long version;

    protected CampaignCharacter() {
    }

    CampaignCharacter(UUID id, UUID campaignId, UUID ownerId, String name, boolean npc, String sheet, Instant now) {
        this.id = id;
        this.campaignId = campaignId;
        this.ownerId = ownerId;
        this.name = name;
        this.npc = npc;
        this.sheet = sheet;
        this.createdAt = now;
        this.updatedAt = now;
    }

    void edit(String name, String sheet, Instant now) {
        this.name = name;
        this.sheet = sheet;
        this.updatedAt = now;
    }

    UUID id() {
        return id;
    }

    UUID campaignId() {
        return campaignId;
    }

    UUID ownerId() {
        return ownerId;
    }

    String name() {
        return name;
    }

    boolean npc() {
        return npc;
    }

    String sheet() {
        return sheet;
    }

    Instant createdAt() {
        return createdAt;
    }

    Instant updatedAt() {
        return updatedAt;
    }

    long version() {
        return version;
    }
}
