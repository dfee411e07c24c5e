package io.astragal.realtime;

import io.astragal.campaign.CampaignDeleted;
import io.astragal.campaign.CampaignDirectory;
import io.astragal.campaign.CampaignHistory;
import io.astragal.platform.ApiProblem;
import io.astragal.rules.CharacterCard;
import io.astragal.table.Member;
import io.astragal.table.TableDirectory;
import io.astragal.table.TableEngine;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.context.annotation.Lazy;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Joins campaigns and tables: a campaign's one live table has the campaign's id, its members and
 * characters; its history goes into the campaign's export and comes back with an import.
 */
@Component
class CampaignTables implements TableDirectory, CampaignHistory {

    private final CampaignDirectory campaigns;
    private final TableEngine engine;

    CampaignTables(CampaignDirectory campaigns, @Lazy TableEngine engine) {
        this.campaigns = campaigns;
        this.engine = engine;
    }

    @Override
    public Optional<String> rulesetId(UUID tableId) {
        return campaigns.rulesetIdOf(tableId);
    }

    @Override
    public List<Member> members(UUID tableId) {
        return campaigns.membersOf(tableId).stream()
                .map(m -> new Member(m.userId().toString(), m.displayName(), m.role()))
                .toList();
    }

    @Override
    public Map<String, CharacterCard> characters(UUID tableId) {
        return campaigns.charactersOf(tableId);
    }

    @Override
    public List<Map<String, Object>> exportEvents(UUID campaignId) {
        return engine.exportEvents(campaignId);
    }

    @Override
    public void importEvents(UUID campaignId, List<Map<String, Object>> events) {
        try {
            engine.importEvents(campaignId, events);
        } catch (RuntimeException e) {
            throw ApiProblem.invalidField("events", "The events are not an Astragal table history of this ruleset: "
                    + e.getMessage());
        }
    }

    @EventListener
    void onCampaignDeleted(CampaignDeleted deleted) {
        engine.delete(deleted.campaignId());
    }
}
