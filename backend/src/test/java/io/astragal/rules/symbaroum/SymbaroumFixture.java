package io.astragal.rules.symbaroum;

import io.astragal.rules.Actor;
import io.astragal.rules.CharacterCard;
import io.astragal.rules.RefereeTable;
import io.astragal.rules.Role;
import io.astragal.rules.symbaroum.SymbaroumCommand.PlaceCharacters;
import io.astragal.rules.symbaroum.SymbaroumCommand.StartInitiative;
import java.util.List;
import java.util.Map;

/** Alda and Cole (PCs), Bram and Dara (NPCs, tied on Quick and Vigilant), and Gorr (an NPC with claws). */
class SymbaroumFixture extends RefereeTable<SymbaroumState> {

    static final SymbaroumRuleset RULESET = new SymbaroumRuleset();
    static final Actor GM = new Actor("gm", "GM", Role.GM);
    static final Actor ALDA_PLAYER = new Actor("u-alda", "Ann", Role.PLAYER);
    static final Actor COLE_PLAYER = new Actor("u-cole", "Carl", Role.PLAYER);
    static final Actor SPECTATOR = new Actor("u-spec", "Sam", Role.SPECTATOR);

    static final Map<String, CharacterCard> CARDS = Map.of(
            "alda", card("alda", "Alda", "u-alda", false, Map.ofEntries(Map.entry("accurate", 13), Map.entry("discreet", 11),
                    Map.entry("quick", 14), Map.entry("strong", 11), Map.entry("vigilant", 12), Map.entry("armor", "1d4"),
                    Map.entry("impeding", 1), Map.entry("experience", 25),
                    Map.entry("abilities", List.of(Map.of("name", "Medicus", "level", "novice"))),
                    Map.entry("weapons", List.of(Map.of("name", "Sword", "damage", "1d8"),
                            Map.of("name", "Spear", "damage", "1d10", "long", true),
                            Map.of("name", "Bow", "damage", "1d8", "ranged", true))))),
            "cole", card("cole", "Cole", "u-cole", false, Map.of("accurate", 12, "quick", 14, "vigilant", 9, "strong", 15,
                    "armor", "1d6", "impeding", 2, "shield", true, "weapons", List.of(Map.of("name", "Axe", "damage", "1d10")))),
            "bram", card("bram", "Bram", "gm", true, Map.of("strong", 9, "discreet", 13,
                    "weapons", List.of(Map.of("name", "Knife", "damage", "1d6", "short", true)))),
            "dara", card("dara", "Dara", "gm", true, Map.of("discreet", 8, "vigilant", 10,
                    "weapons", List.of(Map.of("name", "Pike", "damage", "1d10", "long", true)))),
            "gorr", card("gorr", "Gorr", "gm", true, Map.of(
                    "weapons", List.of(Map.of("name", "Claws", "damage", "1d6", "natural", true)))));

    SymbaroumFixture() {
        super(new SymbaroumReferee(), CARDS);
    }

    static CharacterCard card(String id, String name, String owner, boolean npc, Map<String, Object> sheet) {
        return new CharacterCard(id, name, owner, npc, RULESET.validateSheet(sheet));
    }

    void place(String... ids) {
        run(new PlaceCharacters(List.of(ids)), GM);
    }

    /** Alda (Quick 14, Vigilant 12), Cole (14, 9), then Bram and Dara (10, 10) by d20: Dara 15, Bram 4. */
    void startFight() {
        run(new StartInitiative(List.of("bram", "cole", "dara", "alda")), GM, 4, 15);
    }

    SymbaroumState.Fighter get(String id) {
        return state.find(id).orElseThrow();
    }
}
