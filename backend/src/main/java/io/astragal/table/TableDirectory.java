package io.astragal.table;

import io.astragal.rules.CharacterCard;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** What the table needs to know about the campaign that owns it. Provided by the application. */
public interface TableDirectory {

    /** The campaign's ruleset id, or empty when there is no such campaign. */
    Optional<String> rulesetId(UUID tableId);

    /** Everyone who belongs to the campaign, with their role at the table. */
    List<Member> members(UUID tableId);

    /** The campaign's characters by id, sheets validated. */
    Map<String, CharacterCard> characters(UUID tableId);
}
