package io.astragal.campaign;

import java.util.UUID;

/** Published (as a Spring application event, inside the deleting transaction) when a campaign is deleted. */
public record CampaignDeleted(UUID campaignId) {
}
