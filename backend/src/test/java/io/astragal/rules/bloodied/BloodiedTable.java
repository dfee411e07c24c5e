package io.astragal.rules.bloodied;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.dice.DiceSource;
import io.astragal.rules.Actor;
import io.astragal.rules.CharacterCard;
import io.astragal.rules.Decision;
import io.astragal.rules.GameCommand;
import io.astragal.rules.GameEvent;
import io.astragal.rules.Play;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A bloodied-d20 table driven through the referee as the table module would, with scripted dice. */
final class BloodiedTable {

    static final Actor GM = new Actor("gm", "Gwen", Role.GM);
    static final Actor ALICE = new Actor("alice", "Alice", Role.PLAYER);
    static final Actor BOB = new Actor("bob", "Bob", Role.PLAYER);
    static final Actor SPECTATOR = new Actor("sam", "Sam", Role.SPECTATOR);

    final BloodiedRuleset ruleset = new BloodiedRuleset();
    final BloodiedReferee referee = (BloodiedReferee) ruleset.referee();
    final Map<String, CharacterCard> cards = new LinkedHashMap<>();
    final List<GameEvent> log = new ArrayList<>();
    BloodiedState state = referee.initialState();

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
        add("alda", "Alda", "alice", false, alda());
        add("bram", "Bram", "bob", false, bram());
        add("ogre", "Ogre", "gm", true, ogre());
    }

    BloodiedTable add(String id, String name, String owner, boolean npc, Map<String, Object> sheet) {
        cards.put(id, new CharacterCard(id, name, owner, npc, ruleset.validateSheet(sheet)));
        return this;
    }

    Decision decide(Actor actor, GameCommand command, int... faces) {
        return referee.decide(state, command, new Play(actor, cards, DiceSource.scripted(faces)));
    }

    List<GameEvent> accept(Actor actor, GameCommand command, int... faces) {
        Decision decision = decide(actor, command, faces);
        assertThat(decision).isInstanceOf(Decision.Accepted.class);
        List<GameEvent> events = ((Decision.Accepted) decision).events();
        for (GameEvent event : events) {
            state = referee.evolve(state, event);
            log.add(event);
        }
        return events;
    }

    String reject(Actor actor, GameCommand command, RejectionCode code, int... faces) {
        BloodiedState before = state;
        Decision decision = decide(actor, command, faces);
        assertThat(decision).isInstanceOf(Decision.Rejected.class);
        Decision.Rejected rejected = (Decision.Rejected) decision;
        assertThat(rejected.code()).isEqualTo(code);
        assertThat(state).isEqualTo(before);
        return rejected.message();
    }

    Fighter get(String id) {
        return state.fighter(id).orElseThrow();
    }

    TableView view(Actor actor) {
        return (TableView) referee.view(state, new Viewer(actor.userId(), actor.role()));
    }

    @SuppressWarnings("unchecked")
    <E extends GameEvent> E only(List<GameEvent> events, Class<E> type) {
        List<GameEvent> matching = events.stream().filter(type::isInstance).toList();
        assertThat(matching).hasSize(1);
        return (E) matching.getFirst();
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
