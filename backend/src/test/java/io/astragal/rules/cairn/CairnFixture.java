package io.astragal.rules.cairn;

import io.astragal.rules.Actor;
import io.astragal.rules.CharacterCard;
import io.astragal.rules.RefereeTable;
import io.astragal.rules.Role;
import io.astragal.rules.cairn.CairnCommand.PlaceCharacters;
import io.astragal.rules.cairn.CairnCommand.StartInitiative;
import java.util.List;
import java.util.Map;

/** A small table: Alda and Cole (players' PCs), Bram (a goblin NPC), a goblin mob (detachment). */
class CairnFixture extends RefereeTable<CairnState> {

    static final CairnApRuleset RULESET = new CairnApRuleset();
    static final Actor GM = new Actor("gm", "Warden", Role.GM);
    static final Actor ALDA_PLAYER = new Actor("u-alda", "Ann", Role.PLAYER);
    static final Actor COLE_PLAYER = new Actor("u-cole", "Carl", Role.PLAYER);
    static final Actor SPECTATOR = new Actor("u-spec", "Sam", Role.SPECTATOR);

    static final Map<String, CharacterCard> CARDS = Map.of(
            "alda", card("alda", "Alda", "u-alda", false, Map.of("str", 12, "dex", 13, "wil", 9, "hp", 6, "armor", 1,
                    "slots", 10, "inventory", List.of("rope", "grimoire (bulky)"), "manaDust", 2,
                    "weapons", List.of(Map.of("name", "Sword", "die", "d8"), Map.of("name", "Dagger", "die", "d6")))),
            "cole", card("cole", "Cole", "u-cole", false, Map.of("str", 10, "dex", 8, "wil", 11, "hp", 4,
                    "weapons", List.of(Map.of("name", "Axe", "die", 10)))),
            "bram", card("bram", "Bram", "gm", true, Map.of("str", 8, "dex", 12, "wil", 7, "hp", 4,
                    "weapons", List.of(Map.of("name", "Spear", "die", "1d6")))),
            "mob", card("mob", "Goblin mob", "gm", true, Map.of("str", 14, "dex", 10, "wil", 6, "hp", 10,
                    "detachment", true, "weapons", List.of(Map.of("name", "Clubs", "die", "d6")))));

    CairnFixture() {
        super(new CairnReferee(), CARDS);
    }

    static CharacterCard card(String id, String name, String owner, boolean npc, Map<String, Object> sheet) {
        return new CharacterCard(id, name, owner, npc, RULESET.validateSheet(sheet));
    }

    void place(String... ids) {
        run(new PlaceCharacters(List.of(ids)), GM);
    }

    /**
     * Party [Alda WIL 9, Cole WIL 11] vs Goblins [Bram WIL 7]; d20s 10, 5, 15 give 19, 16, 22,
     * so the Goblins open: Bram, Alda, Cole.
     */
    void startFight(String... surprised) {
        run(new StartInitiative(List.of(List.of("alda", "cole"), List.of("bram")), List.of("Party", "Goblins"),
                List.of(surprised)), GM, 10, 5, 15);
    }

    CairnState.Combatant get(String id) {
        return state.find(id).orElseThrow();
    }
}
