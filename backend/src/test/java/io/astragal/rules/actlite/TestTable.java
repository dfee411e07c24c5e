package io.astragal.rules.actlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.dice.DiceSource;
import io.astragal.rules.Actor;
import io.astragal.rules.CharacterCard;
import io.astragal.rules.Decision;
import io.astragal.rules.GameEvent;
import io.astragal.rules.Play;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A table driven command by command with scripted dice, keeping every accepted event for replay. */
final class TestTable {

    static final Actor GM = new Actor("gail", "Gail", Role.GM);
    static final Actor ANN = new Actor("ann", "Ann", Role.PLAYER);
    static final Actor BOB = new Actor("bob", "Bob", Role.PLAYER);
    static final Actor SPECTATOR = new Actor("sam", "Sam", Role.SPECTATOR);

    static final ActliteRuleset RULESET = new ActliteRuleset();

    final ActliteReferee referee = new ActliteReferee();
    final Map<String, CharacterCard> characters = new LinkedHashMap<>();
    final List<GameEvent> log = new ArrayList<>();
    ActliteState state = referee.initialState();

    /**
     * Alda (Ann's): AGI 1, a Club "pole, one-handed", speed 1->2, 1d4 B, on 6: inflict [stun].
     * Bram (Bob's): all 0s. Goblin (NPC): (2)4, AGI 1, a Knife speed 1, to-hit 1, 1d4 P.
     */
    static TestTable standard() {
        return new TestTable()
                .character("alda", "Alda", "ann", false, sheet("AGI", 1, "weapons", List.of(club())))
                .character("bram", "Bram", "bob", false, sheet())
                .character("goblin", "Goblin", "gail", true, sheet("critMax", 2, "healthMax", 4, "AGI", 1,
                        "weapons", List.of(Map.of("name", "Knife", "tags", List.of("hilt", "1-h"), "speed", "1",
                                "toHit", 1, "attacks", List.of(Map.of("damage", "1d4", "type", "P"))))));
    }

    static Map<String, Object> club() {
        return Map.of("name", "Club", "tags", List.of("pole", "one-handed"), "speed", "1->2",
                "attacks", List.of(Map.of("damage", "1d4", "type", "B", "on6", "inflict [stun]")));
    }

    static Map<String, Object> sheet(Object... pairs) {
        Map<String, Object> sheet = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            sheet.put((String) pairs[i], pairs[i + 1]);
        }
        return sheet;
    }

    /** Faces that make the Fisher-Yates shuffle of n cards keep their order: card i swaps with itself. */
    static int[] keepOrder(int cards) {
        int[] faces = new int[Math.max(0, cards - 1)];
        for (int i = 0; i < faces.length; i++) {
            faces[i] = cards - i;
        }
        return faces;
    }

    TestTable character(String id, String name, String owner, boolean npc, Map<String, Object> sheet) {
        characters.put(id, new CharacterCard(id, name, owner, npc, RULESET.validateSheet(sheet)));
        return this;
    }

    Decision decide(Actor actor, ActliteCommand command, int... faces) {
        return referee.decide(state, command, new Play(actor, characters, DiceSource.scripted(faces)));
    }

    List<GameEvent> accept(Actor actor, ActliteCommand command, int... faces) {
        Decision decision = decide(actor, command, faces);
        assertThat(decision).as("decision on %s", command).isInstanceOf(Decision.Accepted.class);
        List<GameEvent> events = ((Decision.Accepted) decision).events();
        for (GameEvent event : events) {
            state = referee.evolve(state, event);
            log.add(event);
        }
        return events;
    }

    Decision.Rejected reject(Actor actor, ActliteCommand command, int... faces) {
        ActliteState before = state;
        Decision decision = decide(actor, command, faces);
        assertThat(decision).as("decision on %s", command).isInstanceOf(Decision.Rejected.class);
        assertThat(state).isEqualTo(before);
        return (Decision.Rejected) decision;
    }

    <E extends GameEvent> E only(List<GameEvent> events, Class<E> type) {
        List<E> matching = events.stream().filter(type::isInstance).map(type::cast).toList();
        assertThat(matching).hasSize(1);
        return matching.getFirst();
    }

    TableView view(String userId, Role role) {
        return (TableView) referee.view(state, new Viewer(userId, role));
    }

    Combatant combatant(String id) {
        return state.combatant(id);
    }

    Initiative initiative() {
        return state.initiative();
    }

    List<String> handIds(String id) {
        return state.initiative().hand(id).stream().map(c -> c.id()).toList();
    }

    /** Places everyone and starts initiative with Alda and Bram (3 cards each), deck in order. */
    TestTable inInitiative() {
        accept(GM, new ActliteCommand.StartInitiative(List.of("alda", "bram")), keepOrder(6));
        return this;
    }
}
