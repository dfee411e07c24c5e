package io.astragal.campaign;

import java.util.UUID;

/**
 * Published (as a Spring application event, inside the changing transaction) when who is in a
 * campaign, their role, or its characters change: whoever keeps a copy of them drops it.
 */
public record CampaignRosterChanged(UUID campaignId) {
}
