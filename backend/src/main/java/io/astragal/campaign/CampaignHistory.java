package io.astragal.campaign;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The full event history of a campaign's table, for export and import. Implemented by the module
 * that keeps the table; without an implementation, exports carry no events.
 */
public interface CampaignHistory {

    /** Every event of the campaign's table, oldest first, as JSON-shaped maps. */
    List<Map<String, Object>> exportEvents(UUID campaignId);

    /** Stores exported events as the history of a (new, empty) campaign's table. */
    void importEvents(UUID campaignId, List<Map<String, Object>> events);
}
