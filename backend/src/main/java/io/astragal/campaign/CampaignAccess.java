package io.astragal.campaign;

import io.astragal.platform.ApiProblem;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The one place that answers "may this user touch this campaign": a campaign that does not exist
 * and a campaign the user is not a member of are the same 404, so ids reveal nothing.
 */
@Component
class CampaignAccess {

    private final CampaignRepository campaigns;
    private final MembershipRepository members;

    CampaignAccess(CampaignRepository campaigns, MembershipRepository members) {
        this.campaigns = campaigns;
        this.members = members;
    }

    Access member(UUID campaignId, UUID userId) {
        Campaign campaign = campaigns.findById(campaignId).orElseThrow(CampaignAccess::notFound);
        Membership membership = members.find(campaignId, userId).orElseThrow(CampaignAccess::notFound);
        return new Access(campaign, userId, membership.role(), campaign.ownerId().equals(userId));
    }

    static ApiProblem notFound() {
        return ApiProblem.notFound("No such campaign.");
    }
}
