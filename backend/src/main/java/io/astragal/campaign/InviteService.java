package io.astragal.campaign;

import io.astragal.platform.ApiProblem;
import io.astragal.rules.Role;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Invite links: created, listed and revoked by GMs; looked up by anyone with the code; accepted by signed-in users. */
@Service
class InviteService {

    private static final Pattern CODE = Pattern.compile("[A-Za-z0-9_-]{16,64}");
    private static final int CODE_BYTES = 32;

    private final InviteRepository invites;
    private final CampaignRepository campaigns;
    private final CampaignAccess access;
    private final CampaignService campaignService;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    InviteService(InviteRepository invites, CampaignRepository campaigns, CampaignAccess access,
                  CampaignService campaignService, Clock clock) {
        this.invites = invites;
        this.campaigns = campaigns;
        this.access = access;
        this.campaignService = campaignService;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    List<CampaignApi.InviteView> list(UUID campaignId, UUID userId) {
        access.member(campaignId, userId).requireGm();
        return invites.findByCampaign(campaignId).stream().map(InviteService::view).toList();
    }

    @Transactional
    CampaignApi.InviteView create(UUID campaignId, UUID userId, CampaignApi.CreateInvite request) {
        Access caller = access.member(campaignId, userId).requireGm();
        if (request.role() == Role.GM) {
            caller.requireOwner();
        }
        if (request.expiresAt() != null && !request.expiresAt().isAfter(clock.instant())) {
            throw ApiProblem.invalidField("expiresAt", "must be in the future");
        }
        Invite invite = invites.saveAndFlush(new Invite(newCode(), campaignId, request.role(), request.expiresAt(),
                request.maxUses(), userId, clock.instant()));
        return view(invite);
    }

    @Transactional
    void revoke(UUID campaignId, UUID userId, String code) {
        Access caller = access.member(campaignId, userId).requireGm();
        Invite invite = find(code).filter(i -> i.campaignId().equals(campaignId))
                .orElseThrow(() -> ApiProblem.notFound("No such invite."));
        if (invite.role() == Role.GM) {
            caller.requireOwner();
        }
        invite.revoke();
    }

    @Transactional(readOnly = true)
    CampaignApi.InviteLookup lookup(String code) {
        Invite invite = find(code).orElseThrow(InviteService::unknown);
        Campaign campaign = campaigns.findById(invite.campaignId()).orElseThrow(InviteService::unknown);
        Optional<String> reason = invite.unusableBecause(clock.instant());
        return new CampaignApi.InviteLookup(campaign.name(), campaign.rulesetId(), invite.role(), reason.isEmpty(), reason.orElse(null));
    }

    @Transactional
    CampaignApi.Joined accept(String code, UUID userId) {
        if (!CODE.matcher(code).matches()) {
            throw unknown();
        }
        Invite invite = invites.findForUpdate(code).orElseThrow(InviteService::unknown);
        Optional<Role> existing = campaignService.memberRole(invite.campaignId(), userId);
        if (existing.isPresent()) {
            return new CampaignApi.Joined(invite.campaignId(), existing.get());
        }
        invite.unusableBecause(clock.instant()).ifPresent(reason -> {
            throw ApiProblem.of(HttpStatus.GONE, "INVITE_INVALID", "This invite can no longer be used: " + reason + ".");
        });
        invite.use();
        Role role = campaignService.join(invite.campaignId(), userId, invite.role());
        return new CampaignApi.Joined(invite.campaignId(), role);
    }

    private Optional<Invite> find(String code) {
        return CODE.matcher(code).matches() ? invites.findById(code) : Optional.empty();
    }

    private String newCode() {
        byte[] bytes = new byte[CODE_BYTES];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static ApiProblem unknown() {
        return ApiProblem.of(HttpStatus.NOT_FOUND, "INVITE_INVALID", "No such invite.");
    }

    private static CampaignApi.InviteView view(Invite i) {
        return new CampaignApi.InviteView(i.code(), i.role(), i.expiresAt(), i.maxUses(), i.uses(), i.revoked(), i.createdAt());
    }
}
