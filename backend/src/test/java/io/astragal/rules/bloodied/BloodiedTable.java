package io.astragal.rules.bloodied;

import io.astragal.rules.Actor;
import io.astragal.rules.CharacterCard;
import io.astragal.rules.GameCommand;
import io.astragal.rules.GameEvent;
import io.astragal.rules.RefereeTable;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A bloodied-d20 table driven through the referee as the table module would, with scripted dice. */
final class BloodiedTable extends RefereeTable<BloodiedState> {

    static final Actor GM = new Actor("gm", "Gwen", Role.GM);
    static final Actor ALICE = new Actor("alice", "Alice", Role.PLAYER);
    static final Actor BOB = new Actor("bob", "Bob", Role.PLAYER);
    static final Actor SPECTATOR = new Actor("sam", "Sam", Role.SPECTATOR);

    final BloodiedRuleset ruleset;

    /** Alda: STR +2, AGL +1, INT +1, level 2 (initiative +3), 20 HP, shield 1, armor 1d4, a pool of 4d6. */
    static Map<String, Object> alda() {
        Map<String, Object> sheet = new HashMap<>();
        sheet.put("STR", 14);
        sheet.put("BLD", 12);
        sheet.put("AGL", 12);
        sheet.put("INT", 13);
        sheet.put("LCK", 9);
        sheet.put("level", 2);
        sheet.put("hp", 20);
        sheet.put("shield", 1);
        sheet.put("armor", "1d4");
        sheet.put("castingPool", 4);
        sheet.put("weapons", List.of(
                Map.of("name", "Sword", "damage", "1d8", "kind", "melee", "ability", "STR"),
                Map.of("name", "Dagger", "damage", "1d4", "kind", "light", "ability", "AGL"),
                Map.of("name", "Bow", "damage", "1d6", "kind", "ranged", "ability", "AGL", "effectiveRange", 60, "maxRange", 120)));
        return sheet;
    }

    /** Bram: BLD 14 (+2), AGL 10, INT 8, LCK 15, level 1 (initiative +0), 12 HP (bloodied at 6), no armor, Axe 1d6 with BLD. */
    static Map<String, Object> bram() {
        Map<String, Object> sheet = new HashMap<>();
        sheet.put("BLD", 14);
        sheet.put("INT", 8);
        sheet.put("LCK", 15);
        sheet.put("hp", 12);
        sheet.put("weapons", List.of(Map.of("name", "Axe", "damage", "1d6", "ability", "BLD")));
        return sheet;
    }

    /** The ogre (NPC): STR 16 (+3), AGL 8 (-1), INT 6, level 3 (initiative +1), 30 HP, armor 1d6, Club 2d4. */
    static Map<String, Object> ogre() {
        Map<String, Object> sheet = new HashMap<>();
        sheet.put("STR", 16);
        sheet.put("BLD", 16);
        sheet.put("AGL", 8);
        sheet.put("INT", 6);
        sheet.put("level", 3);
        sheet.put("hp", 30);
        sheet.put("armor", "1d6");
        sheet.put("weapons", List.of(Map.of("name", "Club", "damage", "2d4")));
        return sheet;
    }

    BloodiedTable() {
        this(new BloodiedRuleset());
    }

    private BloodiedTable(BloodiedRuleset ruleset) {
        super((BloodiedReferee) ruleset.referee(), new LinkedHashMap<>());
        this.ruleset = ruleset;
        add("alda", "Alda", "alice", false, alda());
        add("bram", "Bram", "bob", false, bram());
        add("ogre", "Ogre", "gm", true, ogre());
    }

    BloodiedTable add(String id, String name, String owner, boolean npc, Map<String, Object> sheet) {
        cards.put(id, new CharacterCard(id, name, owner, npc, ruleset.validateSheet(sheet)));
        return this;
    }

    /** Sends a command that must be rejected with this code, checks nothing changed, and returns the reason. */
    String reject(Actor actor, GameCommand command, RejectionCode code, int... faces) {
        return rejection(actor, command, code, faces).message();
    }

    Fighter get(String id) {
        return state.fighter(id).orElseThrow();
    }

    TableView view(Actor actor) {
        return (TableView) referee.view(state, new Viewer(actor.userId(), actor.role()));
    }

    <E extends GameEvent> List<E> all(List<GameEvent> events, Class<E> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    String current() {
        return state.initiative().current().orElse(null);
    }

    /** Initiative with Alda first (19 + 3), then Bram (10 + 0), then the ogre (2 + 1). */
    void aldaFirst() {
        accept(GM, new BloodiedCommand.StartInitiative(List.of("alda", "bram", "ogre")), 19, 10, 2);
    }

    static BloodiedCommand.Attack attack(String who, String target, String weapon) {
        return new BloodiedCommand.Attack(who, target, weapon, null, null, null, null, null);
    }
}
