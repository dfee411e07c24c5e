package io.astragal.campaign;

import io.astragal.rules.CharacterCard;
import io.astragal.rules.Role;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** What the live table may ask about a campaign. Owner and co-GMs are {@link Role#GM}. */
public interface CampaignDirectory {

    /** The user's role in the campaign; empty when they are not a member or the campaign does not exist. */
    Optional<Role> roleOf(UUID campaignId, UUID userId);

    /** The campaign's ruleset id; empty when the campaign does not exist. */
    Optional<String> rulesetIdOf(UUID campaignId);

    /** The campaign's characters by id (the character UUID as a string), oldest first, with their stored sheets. */
    Map<String, CharacterCard> charactersOf(UUID campaignId);

    /** The campaign's members, in the order they joined. */
    List<MemberSummary> membersOf(UUID campaignId);
}
