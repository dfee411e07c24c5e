package io.astragal.rules.bloodied;

import static io.astragal.rules.bloodied.BloodiedTable.ALICE;
import static io.astragal.rules.bloodied.BloodiedTable.BOB;
import static io.astragal.rules.bloodied.BloodiedTable.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.ActionOption;
import io.astragal.rules.Actor;
import io.astragal.rules.GameCommand;
import io.astragal.rules.GameEvent;
import io.astragal.rules.Need;
import io.astragal.rules.OrderView;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.bloodied.BloodiedCommand.AddCondition;
import io.astragal.rules.bloodied.BloodiedCommand.ApplyDamage;
import io.astragal.rules.bloodied.BloodiedCommand.InflictInjury;
import io.astragal.rules.bloodied.BloodiedCommand.PlaceCharacter;
import io.astragal.rules.bloodied.BloodiedCommand.RemoveInjuryRow;
import io.astragal.rules.bloodied.BloodiedCommand.SetInjuryDie;
import io.astragal.rules.bloodied.BloodiedCommand.SetInjuryRow;
import io.astragal.rules.bloodied.BloodiedCommand.SetInjuryTable;
import io.astragal.rules.bloodied.BloodiedEvent.Attacked;
import io.astragal.rules.bloodied.BloodiedEvent.InjuryInflicted;
import io.astragal.rules.bloodied.BloodiedEvent.RoundStarted;
import io.astragal.rules.bloodied.BloodiedState.InjuryRow;
import io.astragal.rules.bloodied.BloodiedState.InjuryTable;
import io.astragal.rules.bloodied.BloodiedState.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The table played only through the actions the view offers, sent as the browser sends them. */
class BloodiedActionsTest {

    /** As strict as the table engine: unknown arguments and nulls for primitives are refused. */
    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    private final BloodiedTable table = new BloodiedTable();

    private ActionOption offered(Actor actor, Predicate<ActionOption> which) {
        List<ActionOption> matching = table.view(actor).actions().stream().filter(which).toList();
        assertThat(matching).as("offered to " + actor.displayName()).hasSize(1);
        return matching.getFirst();
    }

    private ActionOption labelled(Actor actor, String command, String labelPart) {
        return offered(actor, a -> a.command().equals(command) && a.label().contains(labelPart));
    }

    /** The command the browser sends: the option's args, then the person's picks. */
    private static GameCommand command(ActionOption option, Map<String, Object> picks) {
        Map<String, Object> args = new LinkedHashMap<>(option.args());
        args.putAll(picks);
        Class<? extends GameCommand> type = BloodiedCommand.TYPES.get(option.command());
        return STRICT.readValue(STRICT.writeValueAsString(args), type);
    }

    private List<GameEvent> send(Actor actor, ActionOption option, Map<String, Object> picks, int... faces) {
        assertThat(option.enabled()).as(option.label() + ": " + option.reason()).isTrue();
        return table.accept(actor, command(option, picks), faces);
    }

    /** A value of the right shape for every need, as a browser control would send it. */
    private static Object anyPick(Need need) {
        return switch (need.kind()) {
            case CHARACTER -> "alda";
            case CHARACTERS -> List.of("alda");
            case COMBATANT -> "bram";
            case COMBATANTS -> List.of("bram");
            case NUMBER -> 1;
            case TEXT -> "text";
            case NOTATION -> "1d4";
            case ATTRIBUTE -> "STR";
            case CHOICE -> need.options().isEmpty() ? "" : need.options().getFirst();
            case CHOICES -> need.options();
            case FLAG -> true;
            case GROUPS -> need.options().stream().map(o -> List.<String>of()).toList();
        };
    }

    private void everyOptionFitsItsCommand() {
        for (Actor actor : List.of(GM, ALICE, BOB)) {
            for (ActionOption option : table.view(actor).actions()) {
                Map<String, Object> picks = new LinkedHashMap<>();
                option.needs().forEach(n -> picks.put(n.name(), anyPick(n)));
                assertThat(BloodiedCommand.TYPES).containsKey(option.command());
                assertThat(command(option, picks)).as(option.label()).isNotNull();
                for (Need need : option.needs()) {
                    if (need.kind() == Need.Kind.CHOICE) {
                        assertThat(option.enabled() ? need.options() : List.of("any")).as(option.label() + " offers choices")
                                .isNotEmpty();
                    }
                }
            }
        }
    }

    @Test
    void everyOfferedActionFitsItsCommandOnceItsNeedsArePicked() {
        everyOptionFitsItsCommand();
        table.accept(GM, new PlaceCharacter("alda"));
        table.accept(GM, new PlaceCharacter("bram"));
        table.accept(GM, new AddCondition("bram", "prone"));
        table.accept(GM, new InflictInjury("bram", "a fall"), 4);
        everyOptionFitsItsCommand();
        table.aldaFirst();
        table.accept(GM, new ApplyDamage(List.of("bram"), "12"), 4);
        everyOptionFitsItsCommand();
    }

    @Test
    void noActionAsksForFreeTextWhereTheRulesHaveAClosedSetOrANumber() {
        table.aldaFirst();
        for (Actor actor : List.of(GM, ALICE)) {
            for (ActionOption option : table.view(actor).actions()) {
                for (Need need : option.needs()) {
                    if (need.kind() == Need.Kind.TEXT) {
                        assertThat(need.name()).as(option.label()).isIn("text", "condition", "interval");
                    }
                }
            }
        }
        ActionOption bow = labelled(ALICE, "bloodied-d20.attack", "Bow");
        assertThat(bow.needs()).extracting(Need::name, Need::kind).containsExactly(
                org.assertj.core.groups.Tuple.tuple("target", Need.Kind.COMBATANT),
                org.assertj.core.groups.Tuple.tuple("amount", Need.Kind.NUMBER),
                org.assertj.core.groups.Tuple.tuple("armorModifier", Need.Kind.NUMBER),
                org.assertj.core.groups.Tuple.tuple("range", Need.Kind.NUMBER),
                org.assertj.core.groups.Tuple.tuple("melee", Need.Kind.COMBATANTS));
        assertThat(bow.args()).containsEntry("range", 60).containsEntry("amount", 0);
        ActionOption save = labelled(ALICE, "bloodied-d20.save", "Alda");
        assertThat(save.needs().getFirst().options()).containsExactly("BLD/LCK", "STR", "BLD", "AGL", "INT", "LCK");
        // named abilities (the stats hold more keys than abilities): the browser's check form offers exactly these
        assertThat(save.needs().getFirst().kind()).isEqualTo(Need.Kind.ATTRIBUTE);
        ActionOption check = labelled(ALICE, "bloodied-d20.check", "Alda");
        assertThat(check.needs().getFirst().kind()).isEqualTo(Need.Kind.ATTRIBUTE);
        assertThat(check.needs().getFirst().options()).containsExactly("STR", "BLD", "AGL", "INT", "LCK", "none");
    }

    @Test
    @DisplayName("A full round played with only the offered actions: \"Initiative is rolled as 1d20 + INT modifier + level.\" \"Each turn consists of a movement and an action.\"")
    void aRoundIsPlayedWithOnlyTheOfferedActions() {
        table.accept(GM, new PlaceCharacter("alda"));
        ActionOption start = labelled(GM, "bloodied-d20.startInitiative", "Roll initiative");
        assertThat(start.args()).containsEntry("characterIds", List.of("alda"));
        // the GM adds Bram and the ogre from the roster in the same step: they are placed as initiative is rolled
        send(GM, start, Map.of("characterIds", List.of("alda", "bram", "ogre")), 19, 10, 2);
        assertThat(((OrderView) table.view(BOB).initiative()).order()).extracting(OrderView.Entry::combatantId)
                .containsExactly("alda", "bram", "ogre");

        send(ALICE, labelled(ALICE, "bloodied-d20.move", "Alda"), Map.of());
        assertThat(labelled(ALICE, "bloodied-d20.move", "Alda").label()).isEqualTo("Alda: move again (uses the action)");
        List<GameEvent> swing = send(ALICE, labelled(ALICE, "bloodied-d20.attack", "with Sword ("), Map.of("target", "ogre"),
                15, 10, 5, 2);
        assertThat(table.only(swing, Attacked.class).hit()).isTrue();
        assertThat(labelled(ALICE, "bloodied-d20.attack", "with Sword (").reason())
                .isEqualTo("Alda has already used their action this turn.");
        assertThat(labelled(ALICE, "bloodied-d20.move", "Alda").reason()).isEqualTo("Alda has used their movement and their action.");
        send(ALICE, labelled(ALICE, "bloodied-d20.endTurn", "Alda"), Map.of());

        assertThat(labelled(ALICE, "bloodied-d20.attack", "with Sword (").reason()).isEqualTo("It is not Alda's turn.");
        send(BOB, labelled(BOB, "bloodied-d20.move", "Bram"), Map.of());
        send(BOB, labelled(BOB, "bloodied-d20.move", "Bram"), Map.of());
        send(BOB, labelled(BOB, "bloodied-d20.endTurn", "Bram"), Map.of());

        send(GM, labelled(GM, "bloodied-d20.attack", "Ogre: attack with Club"), Map.of("target", "alda"), 3, 15);
        List<GameEvent> wrap = send(GM, labelled(GM, "bloodied-d20.endTurn", "Ogre"), Map.of());

        assertThat(table.only(wrap, RoundStarted.class).round()).isEqualTo(2);
        assertThat(table.current()).isEqualTo("alda");
        send(GM, labelled(GM, "bloodied-d20.endInitiative", "End initiative"), Map.of());
        assertThat(table.state.initiative()).isNull();
    }

    @Test
    void optionsAreEnabledExactlyWhenSomePickWouldBeAccepted() {
        table.aldaFirst();
        assertThat(labelled(ALICE, "bloodied-d20.stabilize", "Alda").reason()).isEqualTo("No one is bleeding out");
        assertThat(labelled(GM, "bloodied-d20.removeCondition", "Remove").reason()).isEqualTo("No one has a condition the GM added");
        assertThat(labelled(GM, "bloodied-d20.recover", "day of rest").reason()).isEqualTo("Days of rest do not pass during initiative");

        table.accept(GM, new ApplyDamage(List.of("bram"), "12"), 4);
        table.accept(GM, new AddCondition("ogre", "prone"));

        ActionOption stop = labelled(ALICE, "bloodied-d20.stabilize", "Alda");
        assertThat(stop.enabled()).isTrue();
        send(ALICE, stop, Map.of("target", "bram"));
        ActionOption remove = labelled(GM, "bloodied-d20.removeCondition", "Remove");
        assertThat(remove.needs().get(1).options()).containsExactly("prone");
        send(GM, remove, Map.of("target", "ogre", "condition", "prone"));
        assertThat(table.get("ogre").conditions()).isEmpty();
    }

    @Test
    @DisplayName("The source's table is truncated (\"consult the table below to find severity and save interval: 4-5Major1/12 Hours\"): the GM edits it through the table's actions")
    void theGmEditsTheSeriousInjuryTableThroughItsActions() {
        table.accept(GM, new PlaceCharacter("alda"));
        table.accept(GM, new PlaceCharacter("bram"));
        ActionOption setRow = labelled(GM, "bloodied-d20.setInjuryRow", "set a row");
        assertThat(setRow.label()).isEqualTo("Serious-injury table d6: 4-5 Major (save every 1/12 hours); 1-3, 6 take the nearest row: set a row");
        assertThat(setRow.needs()).extracting(Need::kind)
                .containsExactly(Need.Kind.NUMBER, Need.Kind.NUMBER, Need.Kind.CHOICE, Need.Kind.TEXT);
        assertThat(setRow.needs().get(2).options()).containsExactly("Minor", "Major", "Deadly");
        assertThat(labelled(GM, "bloodied-d20.removeInjuryRow", "remove").reason())
                .isEqualTo("The table keeps at least one row: set it instead");
        assertThat(labelled(GM, "bloodied-d20.setInjuryTable", "back to the source").enabled()).isFalse();

        send(GM, setRow, Map.of("from", 1, "to", 3, "severity", "Minor", "interval", "1/day"));
        send(GM, labelled(GM, "bloodied-d20.setInjuryRow", "set a row"),
                Map.of("from", 5, "to", 6, "severity", "Deadly", "interval", "1/hour"));

        assertThat(table.state.injuryTable()).isEqualTo(new InjuryTable(6, List.of(
                new InjuryRow(1, 3, Severity.MINOR, "1/day"),
                new InjuryRow(4, 4, Severity.MAJOR, "1/12 hours"),
                new InjuryRow(5, 6, Severity.DEADLY, "1/hour"))));
        assertThat(labelled(GM, "bloodied-d20.setInjuryRow", "set a row").label()).isEqualTo("Serious-injury table d6: "
                + "1-3 Minor (save every 1/day); 4 Major (save every 1/12 hours); 5-6 Deadly (save every 1/hour): set a row");
        InjuryInflicted five = table.only(table.accept(GM, new InflictInjury("alda", "a fall"), 5), InjuryInflicted.class);
        assertThat(five.severity()).isEqualTo(Severity.DEADLY);
        assertThat(five.interval()).isEqualTo("1/hour");

        // a row is picked from the rows as they stand
        ActionOption remove = labelled(GM, "bloodied-d20.removeInjuryRow", "remove");
        assertThat(remove.needs().getFirst().options()).containsExactly(
                "1-3: Minor, save every 1/day", "4: Major, save every 1/12 hours", "5-6: Deadly, save every 1/hour");
        send(GM, remove, Map.of("row", "4: Major, save every 1/12 hours"));
        assertThat(table.state.injuryTable().rows()).extracting(InjuryRow::range).containsExactly("1-3", "5-6");

        ActionOption die = labelled(GM, "bloodied-d20.setInjuryDie", "another die");
        assertThat(die.args()).containsEntry("die", 6);
        send(GM, die, Map.of("die", 10));
        InjuryInflicted nine = table.only(table.accept(GM, new InflictInjury("bram", "a bite"), 9), InjuryInflicted.class);
        assertThat(nine.severity()).as("a roll no row covers takes the nearest row").isEqualTo(Severity.DEADLY);

        send(GM, labelled(GM, "bloodied-d20.setInjuryTable", "back to the source"), Map.of());
        assertThat(table.state.injuryTable()).isEqualTo(BloodiedState.DEFAULT_INJURY_TABLE);
    }

    @Test
    void badEditsOfTheInjuryTableAreRefusedAndChangeNothing() {
        SetInjuryRow good = new SetInjuryRow(1, 3, "minor", "1/day");
        table.reject(ALICE, good, RejectionCode.NOT_ALLOWED);
        table.reject(ALICE, new RemoveInjuryRow("4-5"), RejectionCode.NOT_ALLOWED);
        table.reject(BOB, new SetInjuryDie(8), RejectionCode.NOT_ALLOWED);
        assertThat(table.reject(GM, new SetInjuryRow(3, 2, "Minor", "1/day"), RejectionCode.INVALID_COMMAND)).contains("1-6");
        table.reject(GM, new SetInjuryRow(5, 7, "Minor", "1/day"), RejectionCode.INVALID_COMMAND);
        table.reject(GM, new SetInjuryRow(0, 2, "Minor", "1/day"), RejectionCode.INVALID_COMMAND);
        table.reject(GM, new SetInjuryRow(null, 2, "Minor", "1/day"), RejectionCode.INVALID_COMMAND);
        assertThat(table.reject(GM, new SetInjuryRow(1, 2, "Lethal", "1/day"), RejectionCode.INVALID_COMMAND))
                .isEqualTo("The severity is Minor, Major or Deadly.");
        table.reject(GM, new SetInjuryRow(1, 2, "Minor", " "), RejectionCode.INVALID_COMMAND);
        table.reject(GM, new SetInjuryRow(1, 2, "Minor", "x".repeat(41)), RejectionCode.INVALID_COMMAND);
        table.reject(GM, new SetInjuryRow(4, 5, "Major", "1/12 hours"), RejectionCode.INVALID_STATE);
        assertThat(table.reject(GM, new RemoveInjuryRow("4-5"), RejectionCode.INVALID_STATE)).contains("at least one row");
        table.reject(GM, new RemoveInjuryRow("Major"), RejectionCode.INVALID_COMMAND);
        table.reject(GM, new RemoveInjuryRow(null), RejectionCode.INVALID_COMMAND);
        table.reject(GM, new RemoveInjuryRow("1-3"), RejectionCode.INVALID_COMMAND);
        assertThat(table.reject(GM, new SetInjuryDie(4), RejectionCode.INVALID_STATE)).contains("Row 4-5 does not fit on a d4");
        table.reject(GM, new SetInjuryDie(1), RejectionCode.INVALID_COMMAND);
        table.reject(GM, new SetInjuryDie(101), RejectionCode.INVALID_COMMAND);
        table.reject(GM, new SetInjuryDie(null), RejectionCode.INVALID_COMMAND);
        table.reject(GM, new SetInjuryDie(6), RejectionCode.INVALID_STATE);
        assertThat(table.reject(GM, new SetInjuryTable(6, List.of(new InjuryRow(1, 4, Severity.MINOR, "1/day"),
                new InjuryRow(4, 6, Severity.MAJOR, "1/hour"))), RejectionCode.INVALID_COMMAND)).contains("overlap");
        List<InjuryRow> withNull = new ArrayList<>();
        withNull.add(null);
        table.reject(GM, new SetInjuryTable(6, withNull), RejectionCode.INVALID_COMMAND);

        table.accept(GM, good);
        assertThat(table.state.injuryTable().rows()).extracting(InjuryRow::severity).containsExactly(Severity.MINOR, Severity.MAJOR);
    }
}
