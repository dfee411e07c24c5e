package io.astragal.campaign;

import io.astragal.account.AccountDirectory;
import io.astragal.platform.ApiProblem;
import io.astragal.rules.Role;
import java.time.Clock;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Campaigns and their members. Roles: the owner (a GM who may do everything, and alone may delete
 * the campaign and grant or take the GM role), co-GMs (GMs), players and spectators.
 */
@Service
class CampaignService {

    private final CampaignRepository campaigns;
    private final MembershipRepository members;
    private final CampaignAccess access;
    private final AccountDirectory accounts;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    CampaignService(CampaignRepository campaigns, MembershipRepository members, CampaignAccess access,
                    AccountDirectory accounts, ApplicationEventPublisher events, Clock clock) {
        this.campaigns = campaigns;
        this.members = members;
        this.access = access;
        this.accounts = accounts;
        this.events = events;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    CampaignApi.PageView<CampaignApi.CampaignView> list(UUID userId, int page, int size, boolean archived) {
        Page<Campaign> found = campaigns.findForMember(userId, archived, PageRequest.of(page, size));
        List<UUID> ids = found.getContent().stream().map(Campaign::id).toList();
        Map<UUID, Role> roles = ids.isEmpty() ? Map.of() : members.findForUserIn(userId, ids).stream()
                .collect(Collectors.toMap(Membership::campaignId, Membership::role));
        Map<UUID, Long> counts = new HashMap<>();
        if (!ids.isEmpty()) {
            members.countByCampaigns(ids).forEach(row -> counts.put((UUID) row[0], ((Number) row[1]).longValue()));
        }
        Map<UUID, String> owners = accounts.displayNames(found.getContent().stream().map(Campaign::ownerId).collect(Collectors.toSet()));
        List<CampaignApi.CampaignView> items = found.getContent().stream()
                .map(c -> view(c, userId, roles.get(c.id()), owners.get(c.ownerId()), counts.getOrDefault(c.id(), 0L)))
                .toList();
        return new CampaignApi.PageView<>(items, page, size, found.getTotalElements(), found.getTotalPages());
    }

    @Transactional
    CampaignApi.CampaignView create(UUID userId, CampaignApi.CreateCampaign request) {
        Sheets.requireKnownRuleset("rulesetId", request.rulesetId());
        Campaign campaign = create(userId, request.name(), request.description(), request.rulesetId(), false);
        return get(campaign.id(), userId);
    }

    Campaign create(UUID ownerId, String name, String description, String rulesetId, boolean archived) {
        Campaign campaign = campaigns.save(new Campaign(UUID.randomUUID(), name, description == null ? "" : description,
                rulesetId, ownerId, archived, clock.instant()));
        members.save(new Membership(campaign.id(), ownerId, Role.GM, clock.instant()));
        campaigns.flush();
        return campaign;
    }

    @Transactional(readOnly = true)
    CampaignApi.CampaignView get(UUID campaignId, UUID userId) {
        return view(access.member(campaignId, userId));
    }

    @Transactional
    CampaignApi.CampaignView update(UUID campaignId, UUID userId, CampaignApi.UpdateCampaign request) {
        Campaign campaign = access.member(campaignId, userId).requireGm().campaign();
        if (request.name() != null) {
            campaign.rename(request.name());
        }
        if (request.description() != null) {
            campaign.describe(request.description());
        }
        if (request.archived() != null) {
            campaign.archive(request.archived());
        }
        campaigns.flush();
        return get(campaignId, userId);
    }

    @Transactional
    void delete(UUID campaignId, UUID userId) {
        Campaign campaign = access.member(campaignId, userId).requireOwner().campaign();
        campaigns.delete(campaign);
        campaigns.flush();
        events.publishEvent(new CampaignDeleted(campaignId));
    }

    @Transactional(readOnly = true)
    List<CampaignApi.MemberView> members(UUID campaignId, UUID userId) {
        Access caller = access.member(campaignId, userId);
        return memberViews(caller.campaign());
    }

    @Transactional
    CampaignApi.MemberView changeRole(UUID campaignId, UUID userId, UUID memberId, Role role) {
        Access caller = access.member(campaignId, userId).requireGm();
        Membership member = members.find(campaignId, memberId)
                .orElseThrow(() -> ApiProblem.notFound("No such member."));
        if (caller.campaign().ownerId().equals(memberId)) {
            throw ApiProblem.conflict("The owner's role cannot change.");
        }
        if ((role == Role.GM || member.role() == Role.GM) && !caller.owner()) {
            throw ApiProblem.forbidden("Only the owner may grant or take the GM role.");
        }
        member.changeRole(role);
        members.flush();
        events.publishEvent(new CampaignRosterChanged(campaignId));
        return memberViews(caller.campaign()).stream().filter(m -> m.userId().equals(memberId)).findFirst().orElseThrow();
    }

    @Transactional
    void removeMember(UUID campaignId, UUID userId, UUID memberId) {
        Access caller = access.member(campaignId, userId);
        boolean leaving = userId.equals(memberId);
        if (!leaving) {
            caller.requireGm();
        }
        Membership member = members.find(campaignId, memberId)
                .orElseThrow(() -> ApiProblem.notFound("No such member."));
        if (caller.campaign().ownerId().equals(memberId)) {
            throw ApiProblem.conflict(leaving ? "The owner cannot leave; delete the campaign instead." : "The owner cannot be removed.");
        }
        if (!leaving && member.role() == Role.GM && !caller.owner()) {
            throw ApiProblem.forbidden("Only the owner may remove a GM.");
        }
        members.delete(member);
        events.publishEvent(new CampaignRosterChanged(campaignId));
    }

    Optional<Role> memberRole(UUID campaignId, UUID userId) {
        return members.find(campaignId, userId).map(Membership::role);
    }

    /** Joins the user to the campaign with the role, unless they are a member already; returns their role. */
    Role join(UUID campaignId, UUID userId, Role role) {
        return members.find(campaignId, userId).map(Membership::role).orElseGet(() -> {
            members.saveAndFlush(new Membership(campaignId, userId, role, clock.instant()));
            events.publishEvent(new CampaignRosterChanged(campaignId));
            return role;
        });
    }

    List<CampaignApi.MemberView> memberViews(Campaign campaign) {
        List<Membership> all = members.findByCampaign(campaign.id());
        Map<UUID, String> names = accounts.displayNames(all.stream().map(Membership::userId).collect(Collectors.toSet()));
        return all.stream()
                .map(m -> new CampaignApi.MemberView(m.userId(), names.getOrDefault(m.userId(), ""), m.role(),
                        m.userId().equals(campaign.ownerId())))
                .toList();
    }

    CampaignApi.CampaignView view(Access access) {
        Campaign c = access.campaign();
        Set<UUID> ids = new HashSet<>(List.of(c.ownerId()));
        String owner = accounts.displayNames(ids).get(c.ownerId());
        long count = members.countByCampaigns(List.of(c.id())).stream().mapToLong(row -> ((Number) row[1]).longValue()).sum();
        return view(c, access.userId(), access.role(), owner, count);
    }

    private static CampaignApi.CampaignView view(Campaign c, UUID userId, Role role, String ownerName, long memberCount) {
        return new CampaignApi.CampaignView(c.id(), c.name(), c.description(), c.rulesetId(), c.archived(), role,
                c.ownerId().equals(userId), ownerName, memberCount, c.createdAt(), c.version());
    }
}
