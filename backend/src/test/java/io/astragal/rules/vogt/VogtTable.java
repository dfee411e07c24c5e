package io.astragal.rules.vogt;

import io.astragal.rules.Actor;
import io.astragal.rules.CharacterCard;
import io.astragal.rules.GameCommand;
import io.astragal.rules.RefereeTable;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A vogt table driven through the referee as the table module would, with scripted dice. */
final class VogtTable extends RefereeTable<VogtState> {

    static final Actor GM = new Actor("gm", "Gwen", Role.GM);
    static final Actor ALICE = new Actor("alice", "Alice", Role.PLAYER);
    static final Actor BOB = new Actor("bob", "Bob", Role.PLAYER);
    static final Actor SPECTATOR = new Actor("sam", "Sam", Role.SPECTATOR);

    final VogtRuleset ruleset;

    /** Alda: STR 1d8 (median 4), DEX 1d6, Club 1d6, Sword 1d8, three d6 technique dice, AR 1. */
    static Map<String, Object> alda() {
        Map<String, Object> sheet = new HashMap<>();
        sheet.put("STR", "1d8");
        sheet.put("DEX", "1d6");
        sheet.put("AWR", "1d6");
        sheet.put("WIL", "1d4");
        sheet.put("hp", 12);
        sheet.put("ar", 1);
        sheet.put("speed", 6);
        sheet.put("weapons", List.of(
                Map.of("name", "Club", "damage", "1d6", "type", "blunt"),
                Map.of("name", "Sword", "damage", "1d8", "type", "slash")));
        sheet.put("techniqueDie", "d6");
        sheet.put("techniqueDice", 3);
        sheet.put("techniques", List.of("Firebolt"));
        return sheet;
    }

    /** Bram: STR 1d6 (median 3), DEX 1d8, Dagger 1d4, AR 0, 10 HP. */
    static Map<String, Object> bram() {
        Map<String, Object> sheet = new HashMap<>();
        sheet.put("STR", "1d6");
        sheet.put("DEX", "1d8");
        sheet.put("hp", 10);
        sheet.put("weapons", List.of(Map.of("name", "Dagger", "damage", "1d4", "type", "stab")));
        return sheet;
    }

    /** The ogre (GM's NPC): STR 2d6 (median 7), DEX 1d4, Maul 1d8, AR 2, 20 HP. */
    static Map<String, Object> ogre() {
        Map<String, Object> sheet = new HashMap<>();
        sheet.put("STR", "2d6");
        sheet.put("DEX", "1d4");
        sheet.put("hp", 20);
        sheet.put("ar", 2);
        sheet.put("weapons", List.of(Map.of("name", "Maul", "damage", "1d8", "type", "blunt")));
        return sheet;
    }

    VogtTable() {
        this(new VogtRuleset());
    }

    private VogtTable(VogtRuleset ruleset) {
        super((VogtReferee) ruleset.referee(), new LinkedHashMap<>());
        this.ruleset = ruleset;
        add("alda", "Alda", "alice", false, alda());
        add("bram", "Bram", "bob", false, bram());
        add("ogre", "Ogre", "gm", true, ogre());
    }

    VogtTable add(String id, String name, String owner, boolean npc, Map<String, Object> sheet) {
        cards.put(id, new CharacterCard(id, name, owner, npc, ruleset.validateSheet(sheet)));
        return this;
    }

    /** Sends a command that must be rejected with this code, checks nothing changed, and returns the reason. */
    String reject(Actor actor, GameCommand command, RejectionCode code, int... faces) {
        return rejection(actor, command, code, faces).message();
    }

    Combatant get(String id) {
        return state.combatant(id).orElseThrow();
    }

    TableView view(Actor actor) {
        return (TableView) referee.view(state, new Viewer(actor.userId(), actor.role()));
    }

    /** Starts initiative with these characters and declares for each: Alda Attack with Club, Bram Defend, Ogre Attack. */
    void startFight(int aldaFace, int bramFace, int ogreFace) {
        accept(GM, new VogtCommand.StartInitiative(List.of("alda", "bram", "ogre")));
        accept(ALICE, new VogtCommand.Declare("alda", "attack", "Club", null));
        accept(BOB, new VogtCommand.Declare("bram", "defend", null, null));
        accept(GM, new VogtCommand.Declare("ogre", "attack", null, null), aldaFace, bramFace, ogreFace);
    }

    String current() {
        return state.initiative().current(state).map(VogtState.Declaration::combatantId).orElse(null);
    }
}
