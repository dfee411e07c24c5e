package io.astragal.campaign;

import io.astragal.account.AccountDirectory;
import io.astragal.rules.CharacterCard;
import io.astragal.rules.Role;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** {@link CampaignDirectory} over the campaign tables. */
@Service
class CampaignDirectoryService implements CampaignDirectory {

    private final CampaignRepository campaigns;
    private final MembershipRepository members;
    private final CharacterRepository characters;
    private final Sheets sheets;
    private final AccountDirectory accounts;

    CampaignDirectoryService(CampaignRepository campaigns, MembershipRepository members, CharacterRepository characters,
                             Sheets sheets, AccountDirectory accounts) {
        this.campaigns = campaigns;
        this.members = members;
        this.characters = characters;
        this.sheets = sheets;
        this.accounts = accounts;
    }

    @Override
    @Transactional(readOnly = true)
    public Optional<Role> roleOf(UUID campaignId, UUID userId) {
        return members.find(campaignId, userId).map(Membership::role);
    }

    @Override
    @Transactional(readOnly = true)
    public Optional<String> rulesetIdOf(UUID campaignId) {
        return campaigns.findById(campaignId).map(Campaign::rulesetId);
    }

    @Override
    @Transactional(readOnly = true)
    public Map<String, CharacterCard> charactersOf(UUID campaignId) {
        Map<String, CharacterCard> cards = new LinkedHashMap<>();
        for (CampaignCharacter c : characters.findByCampaign(campaignId)) {
            cards.put(c.id().toString(), new CharacterCard(c.id().toString(), c.name(), c.ownerId().toString(), c.npc(),
                    withoutNulls(sheets.fromJson(c.sheet()))));
        }
        return cards;
    }

    private static Map<String, Object> withoutNulls(Map<String, Object> sheet) {
        Map<String, Object> copy = new LinkedHashMap<>(sheet);
        copy.values().removeIf(java.util.Objects::isNull);
        return copy;
    }

    @Override
    @Transactional(readOnly = true)
    public List<MemberSummary> membersOf(UUID campaignId) {
        List<Membership> all = members.findByCampaign(campaignId);
        Map<UUID, String> names = accounts.displayNames(all.stream().map(Membership::userId).collect(Collectors.toSet()));
        return all.stream().map(m -> new MemberSummary(m.userId(), names.getOrDefault(m.userId(), ""), m.role())).toList();
    }
}
