package io.astragal.campaign;

import io.astragal.account.AccountDirectory;
import io.astragal.platform.ApiProblem;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** A campaign as one JSON document, and such a document back in as a new campaign. */
@Service
class CampaignTransfer {

    static final String FORMAT = "astragal-campaign";
    static final int FORMAT_VERSION = 1;

    private final CampaignAccess access;
    private final CampaignService campaigns;
    private final CharacterRepository characters;
    private final CharacterService characterService;
    private final Sheets sheets;
    private final AccountDirectory accounts;
    private final ObjectProvider<CampaignHistory> history;
    private final Clock clock;

    CampaignTransfer(CampaignAccess access, CampaignService campaigns, CharacterRepository characters,
                     CharacterService characterService, Sheets sheets, AccountDirectory accounts,
                     ObjectProvider<CampaignHistory> history, Clock clock) {
        this.access = access;
        this.campaigns = campaigns;
        this.characters = characters;
        this.characterService = characterService;
        this.sheets = sheets;
        this.accounts = accounts;
        this.history = history;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    CampaignApi.CampaignDocument export(UUID campaignId, UUID userId) {
        Campaign campaign = access.member(campaignId, userId).requireGm().campaign();
        List<CampaignApi.DocumentMember> members = campaigns.memberViews(campaign).stream()
                .map(m -> new CampaignApi.DocumentMember(m.displayName(), m.role())).toList();
        List<CampaignCharacter> all = characters.findByCampaign(campaignId);
        Map<UUID, String> names = accounts.displayNames(all.stream().map(CampaignCharacter::ownerId).collect(Collectors.toSet()));
        List<CampaignApi.DocumentCharacter> exported = all.stream()
                .map(c -> new CampaignApi.DocumentCharacter(c.name(), c.npc(), names.get(c.ownerId()), sheets.fromJson(c.sheet())))
                .toList();
        CampaignHistory events = history.getIfAvailable();
        return new CampaignApi.CampaignDocument(FORMAT, FORMAT_VERSION, clock.instant(),
                new CampaignApi.DocumentCampaign(campaign.name(), campaign.description(), campaign.rulesetId(), campaign.archived()),
                members, exported, events == null ? List.of() : events.exportEvents(campaignId));
    }

    @Transactional
    CampaignApi.CampaignView importDocument(UUID userId, CampaignApi.CampaignDocument document) {
        if (!FORMAT.equals(document.format())) {
            throw ApiProblem.invalidField("format", "must be \"" + FORMAT + "\"");
        }
        if (document.formatVersion() != FORMAT_VERSION) {
            throw ApiProblem.invalidField("formatVersion", "must be " + FORMAT_VERSION);
        }
        CampaignApi.DocumentCampaign settings = document.campaign();
        Sheets.requireKnownRuleset("campaign.rulesetId", settings.rulesetId());
        List<Map<String, Object>> events = document.events() == null ? List.of() : document.events();
        CampaignHistory target = history.getIfAvailable();
        if (target == null && !events.isEmpty()) {
            throw ApiProblem.invalidField("events", "cannot be imported: this server keeps no table history yet");
        }
        Campaign campaign = campaigns.create(userId, settings.name(), settings.description(), settings.rulesetId(),
                Boolean.TRUE.equals(settings.archived()));
        characterService.importAll(campaign.id(), settings.rulesetId(), userId,
                document.characters() == null ? List.of() : document.characters());
        if (target != null) {
            target.importEvents(campaign.id(), events);
        }
        return campaigns.get(campaign.id(), userId);
    }
}
