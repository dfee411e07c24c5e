package io.astragal.campaign;

import io.astragal.account.AccountDirectory;
import io.astragal.platform.ApiProblem;
import io.astragal.rules.Role;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Characters. GMs see and edit all; a player creates and edits their own player characters; every
 * other member sees player characters with only the sheet's public fields, and NPCs without a sheet.
 */
@Service
class CharacterService {

    private final CharacterRepository characters;
    private final CampaignAccess access;
    private final Sheets sheets;
    private final AccountDirectory accounts;
    private final Clock clock;
    private final ApplicationEventPublisher events;

    CharacterService(CharacterRepository characters, CampaignAccess access, Sheets sheets, AccountDirectory accounts, Clock clock,
                     ApplicationEventPublisher events) {
        this.characters = characters;
        this.access = access;
        this.sheets = sheets;
        this.accounts = accounts;
        this.clock = clock;
        this.events = events;
    }

    @Transactional(readOnly = true)
    List<CampaignApi.CharacterView> list(UUID campaignId, UUID userId) {
        Access caller = access.member(campaignId, userId);
        List<CampaignCharacter> all = characters.findByCampaign(campaignId);
        Map<UUID, String> names = accounts.displayNames(all.stream().map(CampaignCharacter::ownerId).collect(Collectors.toSet()));
        return all.stream().map(c -> view(caller, c, names.get(c.ownerId()))).toList();
    }

    @Transactional(readOnly = true)
    CampaignApi.CharacterView get(UUID campaignId, UUID userId, UUID characterId) {
        Access caller = access.member(campaignId, userId);
        return view(caller, find(campaignId, characterId));
    }

    @Transactional
    CampaignApi.CharacterView create(UUID campaignId, UUID userId, CampaignApi.CreateCharacter request) {
        Access caller = access.member(campaignId, userId);
        if (caller.role() == Role.SPECTATOR) {
            throw ApiProblem.forbidden("Spectators do not have characters.");
        }
        if (request.npc() && !caller.gm()) {
            throw ApiProblem.forbidden("Only a GM may create NPCs.");
        }
        Map<String, Object> sheet = sheets.validate(caller.campaign().rulesetId(), request.sheet(), "sheet");
        CampaignCharacter character = characters.saveAndFlush(new CampaignCharacter(UUID.randomUUID(), campaignId, userId,
                request.name(), request.npc(), sheets.toJson(sheet), clock.instant()));
        events.publishEvent(new CampaignRosterChanged(campaignId));
        return view(caller, character);
    }

    @Transactional
    CampaignApi.CharacterView update(UUID campaignId, UUID userId, UUID characterId, CampaignApi.UpdateCharacter request) {
        Access caller = access.member(campaignId, userId);
        CampaignCharacter character = find(campaignId, characterId);
        requireEditor(caller, character);
        if (!Objects.equals(request.version(), character.version())) {
            throw staleVersion();
        }
        Map<String, Object> sheet = sheets.validate(caller.campaign().rulesetId(), request.sheet(), "sheet");
        character.edit(request.name(), sheets.toJson(sheet), clock.instant());
        characters.flush();
        events.publishEvent(new CampaignRosterChanged(campaignId));
        return view(caller, character);
    }

    @Transactional
    void delete(UUID campaignId, UUID userId, UUID characterId) {
        Access caller = access.member(campaignId, userId);
        CampaignCharacter character = find(campaignId, characterId);
        requireEditor(caller, character);
        characters.delete(character);
        events.publishEvent(new CampaignRosterChanged(campaignId));
    }

    /** Characters imported with a campaign: owned by the importer, sheets checked by the ruleset like any other. */
    void importAll(UUID campaignId, String rulesetId, UUID ownerId, List<CampaignApi.DocumentCharacter> imported) {
        for (int i = 0; i < imported.size(); i++) {
            CampaignApi.DocumentCharacter c = imported.get(i);
            Map<String, Object> sheet = sheets.validate(rulesetId, c.sheet(), "characters[" + i + "].sheet");
            characters.save(new CampaignCharacter(UUID.randomUUID(), campaignId, ownerId, c.name(), c.npc(),
                    sheets.toJson(sheet), clock.instant()));
        }
        characters.flush();
    }

    private CampaignCharacter find(UUID campaignId, UUID characterId) {
        return characters.findById(characterId).filter(c -> c.campaignId().equals(campaignId))
                .orElseThrow(() -> ApiProblem.notFound("No such character."));
    }

    private static void requireEditor(Access caller, CampaignCharacter character) {
        if (!caller.gm() && !character.ownerId().equals(caller.userId())) {
            throw ApiProblem.forbidden("Only the character's owner or a GM may change it.");
        }
    }

    private static ApiProblem staleVersion() {
        return ApiProblem.of(HttpStatus.CONFLICT, "STALE_VERSION",
                "Someone else changed this character in the meantime; reload it and try again.");
    }

    private CampaignApi.CharacterView view(Access viewer, CampaignCharacter c) {
        return view(viewer, c, accounts.displayNames(List.of(c.ownerId())).get(c.ownerId()));
    }

    private CampaignApi.CharacterView view(Access viewer, CampaignCharacter c, String ownerName) {
        Map<String, Object> full = sheets.fromJson(c.sheet());
        Map<String, Object> sheet;
        if (viewer.gm() || c.ownerId().equals(viewer.userId())) {
            sheet = full;
        } else if (c.npc()) {
            sheet = Map.of();
        } else {
            sheet = Sheets.publicPart(viewer.campaign().rulesetId(), full);
        }
        return new CampaignApi.CharacterView(c.id(), c.campaignId(), c.name(), c.ownerId(), ownerName, c.npc(), sheet,
                c.version(), c.createdAt(), c.updatedAt());
    }
}
