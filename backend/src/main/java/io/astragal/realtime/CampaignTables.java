package io.astragal.realtime;

import io.astragal.campaign.CampaignDeleted;
import io.astragal.campaign.CampaignDirectory;
import io.astragal.campaign.CampaignHistory;
import io.astragal.campaign.CampaignRosterChanged;
import io.astragal.platform.ApiProblem;
import io.astragal.rules.CharacterCard;
import io.astragal.table.Member;
import io.astragal.table.TableDirectory;
import io.astragal.table.TableEngine;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Lazy;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Joins campaigns and tables: a campaign's one live table has the campaign's id, its members and
 * characters; its history goes into the campaign's export and comes back with an import.
 *
 * <p>Every command needs the table's members and characters. They change rarely, so a node that is
 * the only writer keeps them in memory and drops its copy when the campaign says they changed
 * ({@link CampaignRosterChanged}, after the change commits). With a shared log (the cluster
 * profile) a change can be made on another node, which this one would not hear of: it reads them
 * from the database every time.
 */
@Component
class CampaignTables implements TableDirectory, CampaignHistory {

    /** A campaign's members and characters as read at one moment. */
    private record Roster(List<Member> members, Map<String, CharacterCard> characters) {
    }

    private final CampaignDirectory campaigns;
    private final TableEngine engine;
    private final boolean cached;
    private final Map<UUID, Roster> rosters = new ConcurrentHashMap<>();
    /** Counts changes, so a roster read while a change committed is not kept. */
    private final AtomicLong changes = new AtomicLong();

    CampaignTables(CampaignDirectory campaigns, @Lazy TableEngine engine,
                   @Value("${astragal.table.shared-log:false}") boolean sharedLog) {
        this.campaigns = campaigns;
        this.engine = engine;
        this.cached = !sharedLog;
    }

    @Override
    public Optional<String> rulesetId(UUID tableId) {
        return campaigns.rulesetIdOf(tableId);
    }

    @Override
    public List<Member> members(UUID tableId) {
        return roster(tableId).members();
    }

    @Override
    public Map<String, CharacterCard> characters(UUID tableId) {
        return roster(tableId).characters();
    }

    private Roster roster(UUID tableId) {
        Roster known = cached ? rosters.get(tableId) : null;
        if (known != null) {
            return known;
        }
        long before = changes.get();
        Roster read = new Roster(
                campaigns.membersOf(tableId).stream()
                        .map(m -> new Member(m.userId().toString(), m.displayName(), m.role()))
                        .toList(),
                Collections.unmodifiableMap(campaigns.charactersOf(tableId)));
        if (cached) {
            rosters.put(tableId, read);
            // A change that committed while this was read may not be in it: don't keep it then.
            if (changes.get() != before) {
                rosters.remove(tableId, read);
            }
        }
        return read;
    }

    @TransactionalEventListener(fallbackExecution = true)
    void onRosterChanged(CampaignRosterChanged changed) {
        forgetRoster(changed.campaignId());
    }

    private void forgetRoster(UUID campaignId) {
        changes.incrementAndGet();
        rosters.remove(campaignId);
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
        forgetRoster(deleted.campaignId());
    }
}
