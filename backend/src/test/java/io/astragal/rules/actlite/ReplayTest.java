package io.astragal.rules.actlite;

import static io.astragal.rules.actlite.TestTable.ANN;
import static io.astragal.rules.actlite.TestTable.BOB;
import static io.astragal.rules.actlite.TestTable.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.dice.Die;
import io.astragal.dice.RollResult;
import io.astragal.rules.DeckView;
import io.astragal.rules.GameEvent;
import io.astragal.rules.Rulesets;
import io.astragal.rules.actlite.ActliteCommand.ActivateHex;
import io.astragal.rules.actlite.ActliteCommand.AddCondition;
import io.astragal.rules.actlite.ActliteCommand.ApplyDamage;
import io.astragal.rules.actlite.ActliteCommand.Attack;
import io.astragal.rules.actlite.ActliteCommand.DealCard;
import io.astragal.rules.actlite.ActliteCommand.EndInitiative;
import io.astragal.rules.actlite.ActliteCommand.EndRound;
import io.astragal.rules.actlite.ActliteCommand.GrantTempAp;
import io.astragal.rules.actlite.ActliteCommand.Interrupt;
import io.astragal.rules.actlite.ActliteCommand.LoseAp;
import io.astragal.rules.actlite.ActliteCommand.Pass;
import io.astragal.rules.actlite.ActliteCommand.RegainAp;
import io.astragal.rules.actlite.ActliteCommand.Rest;
import io.astragal.rules.actlite.ActliteCommand.SpendAp;
import io.astragal.rules.actlite.ActliteCommand.StartInitiative;
import io.astragal.rules.actlite.ActliteCommand.WriteHex;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReplayTest {

    @Test
    void foldingTheEmittedEventsFromTheInitialStateReproducesTheState() {
        TestTable table = TestTable.standard();
        table.accept(GM, new ActliteCommand.AddCharacter("alda"));
        table.accept(GM, new ActliteCommand.AddCharacter("bram"));
        table.accept(GM, new AddCondition("bram", "poison", 1));
        table.accept(ANN, new WriteHex("alda", "Spark", List.of("Loud"), null));
        table.accept(GM, new StartInitiative(List.of("alda", "bram", "goblin")), 3, 1, 4, 2, 5, 1, 2, 1);
        table.accept(GM, new AddCondition("bram", "poison", 1));
        while (!table.initiative().deck().isEmpty()) {
            table.accept(GM, new DealCard());
        }
        table.accept(GM, new GrantTempAp("alda", 1));
        table.accept(ANN, new Attack("alda", "Club", 0, "goblin", 2, 1, 0, List.of()), 6, 6, 2, 3);
        table.accept(GM, new LoseAp("bram", 1));
        table.accept(GM, new RegainAp("bram", 1, true));
        table.accept(BOB, new Interrupt("bram", null));
        table.accept(BOB, new SpendAp("bram", "move", "1", List.of()));
        table.accept(ANN, new ActivateHex("alda", "alda-hex-1", false, List.of()));
        for (String id : List.of("alda", "bram", "goblin")) {
            if (table.initiative().awaiting().contains(id)) {
                table.accept(GM, new Pass(id));
            }
        }
        table.accept(GM, new EndRound(false), 4, 3, 1, 2, 2, 1, 1, 1);
        table.accept(GM, new ApplyDamage("goblin", 9, false));
        table.accept(GM, new EndInitiative());
        table.accept(GM, new Rest(List.of("alda"), true));

        ActliteState replayed = table.referee.initialState();
        for (GameEvent event : table.log) {
            replayed = table.referee.evolve(replayed, event);
        }

        assertThat(table.log).hasSizeGreaterThan(20);
        assertThat(replayed).isEqualTo(table.state);
    }

    @Test
    void everyCommandAndEventHasAWireNameWithTheRulesetPrefix() {
        ActliteReferee referee = new ActliteReferee();

        assertThat(Set.<Class<?>>copyOf(referee.commandTypes().values()))
                .isEqualTo(Set.of(ActliteCommand.class.getPermittedSubclasses()));
        assertThat(Set.<Class<?>>copyOf(referee.eventTypes().values()))
                .isEqualTo(Set.of(ActliteEvent.class.getPermittedSubclasses()));
        assertThat(referee.commandTypes().keySet()).allMatch(name -> name.startsWith("actlite."));
        assertThat(referee.eventTypes().keySet()).allMatch(name -> name.startsWith("actlite."));
        assertThat(referee.stateType()).isEqualTo(ActliteState.class);
    }

    @Test
    void theRulesetIsListedById() {
        assertThat(Rulesets.byId("actlite")).get().isInstanceOf(ActliteRuleset.class);
        assertThat(new ActliteRuleset().referee()).isInstanceOf(ActliteReferee.class);
    }

    private static final Set<Class<?>> PLAIN = Set.of(String.class, Integer.class, int.class, Long.class, long.class,
            Boolean.class, boolean.class, Double.class, double.class);

    @Test
    void stateCommandsAndEventsAreMadeOnlyOfJsonShapedParts() {
        Set<Class<?>> checked = new HashSet<>();
        List<Class<?>> roots = new java.util.ArrayList<>(List.of(ActliteState.class, RollResult.class, Die.class));
        roots.addAll(Arrays.asList(ActliteCommand.class.getPermittedSubclasses()));
        roots.addAll(Arrays.asList(ActliteEvent.class.getPermittedSubclasses()));
        roots.forEach(type -> checkRecord(type, checked));

        assertThat(checked).contains(Combatant.class, Initiative.class, Sheet.class, Sheet.Weapon.class,
                DeckView.Card.class, CheckRoll.class, RoundStep.class, Combatant.Hex.class);
    }

    private static void checkRecord(Class<?> type, Set<Class<?>> checked) {
        if (!checked.add(type)) {
            return;
        }
        assertThat(type.isRecord()).as("%s is a record", type).isTrue();
        for (RecordComponent component : type.getRecordComponents()) {
            checkType(component.getGenericType(), type + "." + component.getName(), checked);
        }
    }

    private static void checkType(Type type, String where, Set<Class<?>> checked) {
        if (type instanceof ParameterizedType parameterized) {
            Class<?> raw = (Class<?>) parameterized.getRawType();
            assertThat(raw).as(where).isIn(List.class, Map.class);
            Type[] arguments = parameterized.getActualTypeArguments();
            if (raw == Map.class) {
                assertThat(arguments[0]).as(where + " keys").isEqualTo(String.class);
            }
            checkType(arguments[arguments.length - 1], where, checked);
        } else if (type instanceof Class<?> plain && !PLAIN.contains(plain) && !plain.isEnum()) {
            checkRecord(plain, checked);
        }
    }
}
