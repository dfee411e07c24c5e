package io.astragal.rules;

import java.util.Map;

/**
 * A campaign character as the rules see it.
 *
 * @param id          stable id
 * @param name        display name
 * @param ownerUserId the player who controls it; for an NPC, the GM who made it
 * @param npc         true for GM characters, whose numbers players do not see
 * @param sheet       the sheet as returned by {@link Ruleset#validateSheet}
 */
public record CharacterCard(String id, String name, String ownerUserId, boolean npc, Map<String, Object> sheet) {

    public CharacterCard {
        sheet = Map.copyOf(sheet);
    }
}
