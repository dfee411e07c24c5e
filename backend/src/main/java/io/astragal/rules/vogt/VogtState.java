package io.astragal.rules.vogt;

import io.astragal.dice.RollResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A vogt table: the characters placed at it (with their health and statuses) and, during
 * initiative, the round's declarations.
 *
 * @param settings    the GM's choices where the rule text is silent
 * @param combatants  characters at the table, in the order they were placed
 * @param initiative  the running initiative, or null
 */
record VogtState(Settings settings, List<Combatant> combatants, Initiative initiative) {

    VogtState {
        combatants = List.copyOf(combatants);
    }

    static VogtState initial() {
        return new VogtState(Settings.DEFAULTS, List.of(), null);
    }

    Optional<Combatant> combatant(String id) {
        return combatants.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    VogtState withSettings(Settings newSettings) {
        return new VogtState(newSettings, combatants, initiative);
    }

    VogtState withInitiative(Initiative newInitiative) {
        return new VogtState(settings, combatants, newInitiative);
    }

    VogtState withCombatant(Combatant updated) {
        List<Combatant> list = new ArrayList<>(combatants);
        int at = list.indexOf(combatant(updated.id()).orElse(null));
        if (at < 0) {
            list.add(updated);
        } else {
            list.set(at, updated);
        }
        return new VogtState(settings, list, initiative);
    }

    VogtState updateCombatant(String id, UnaryOperator<Combatant> change) {
        return combatant(id).map(c -> withCombatant(change.apply(c))).orElse(this);
    }

    VogtState updateDeclaration(String id, UnaryOperator<Declaration> change) {
        if (initiative == null) {
            return this;
        }
        return withInitiative(initiative.withDeclarations(initiative.declarations().stream()
                .map(d -> d.combatantId().equals(id) ? change.apply(d) : d).toList()));
    }

    /** GM choices where the text leaves a reading open (see docs/rulesets/vogt.md). */
    record Settings(StrengthModifier strengthModifier, boolean armorReducesDamage) {
        static final Settings DEFAULTS = new Settings(StrengthModifier.MEDIAN, true);
    }

    /** How "your Strength modifier" is read for a die-valued STR. */
    enum StrengthModifier {
        /** The median of the STR die, rounded down, as the inventory rule reads "median STR". */
        MEDIAN,
        /** Roll the STR die and add it. */
        ROLL
    }

    enum Phase { DECLARING, ACTING }

    /** The actions every character has; Reevaluate is taken on one's turn and has no die of its own. */
    enum Action {
        ATTACK("Attack"), TECHNIQUE("Use Technique"), DEFEND("Defend"), HELP("Help"), RUN("Run");

        private final String label;

        Action(String label) {
            this.label = label;
        }

        String label() {
            return label;
        }
    }

    /** Death & dismemberment results, by the 1d8 face (6 and up: dead). */
    enum Injury {
        BROKEN_GEAR("Your weapon or armor breaks."),
        LOST_ARM("You lose an arm."),
        LOST_EYE("You lose an eye."),
        LOST_LEG("You lose a leg (movement is 1)."),
        LOST_VOICE("You lose your voice (permanent mute)."),
        DEAD("You are dead.");

        private final String text;

        Injury(String text) {
            this.text = text;
        }

        String text() {
            return text;
        }

        static Injury forFace(int face) {
            return values()[Math.min(face, 6) - 1];
        }
    }

    /**
     * The round in progress.
     *
     * @param tieBreaks the GM's order for combatants tied on total, Dexterity and die, lower first
     */
    record Initiative(int round, Phase phase, List<Declaration> declarations, Map<String, Integer> tieBreaks) {

        Initiative {
            declarations = List.copyOf(declarations);
            tieBreaks = Map.copyOf(tieBreaks);
        }

        Initiative withDeclarations(List<Declaration> list) {
            return new Initiative(round, phase, list, tieBreaks);
        }

        Optional<Declaration> declaration(String id) {
            return declarations.stream().filter(d -> d.combatantId().equals(id)).findFirst();
        }

        /**
         * "Lower numbers go first. In case of a tie, the character with higher Dexterity goes first,
         * and in case of further ties, the character who rolled the smaller die for initiative goes
         * first. Any further ties are determined by the GM."
         */
        List<Declaration> order() {
            if (phase != Phase.ACTING) {
                return List.of();
            }
            return declarations.stream().filter(d -> d.total() != null).sorted(ORDER
                    .thenComparing(d -> tieBreaks.getOrDefault(d.combatantId(), Integer.MAX_VALUE))).toList();
        }

        /** Whose turn it is: the first in order who has not finished, skipping the dead. */
        Optional<Declaration> current(VogtState state) {
            return order().stream().filter(d -> !d.done())
                    .filter(d -> state.combatant(d.combatantId()).map(c -> !c.dead()).orElse(false))
                    .findFirst();
        }

        /** Combatants still to act who tie with another on every rule and have no GM order between them. */
        List<String> unresolvedTie(Declaration declaration, VogtState state) {
            Integer rank = tieBreaks.get(declaration.combatantId());
            List<String> tied = order().stream().filter(d -> !d.done())
                    .filter(d -> state.combatant(d.combatantId()).map(c -> !c.dead()).orElse(false))
                    .filter(d -> ORDER.compare(d, declaration) == 0)
                    .filter(d -> Objects.equals(rank, tieBreaks.get(d.combatantId())))
                    .map(Declaration::combatantId).toList();
            return tied.size() > 1 ? tied : List.of();
        }
    }

    static final Comparator<Declaration> ORDER = Comparator.comparing(Declaration::total)
            .thenComparing(Comparator.comparingInt(Declaration::dexRank).reversed())
            .thenComparingInt(Declaration::dieMax);

    /**
     * One combatant's declaration for the round.
     *
     * @param action        the declared action, null for an unconscious combatant (who cannot act)
     * @param weapon        the weapon an Attack uses
     * @param techniqueDice technique dice a Use Technique spends
     * @param dice          the initiative dice, e.g. "1d6"; after a reevaluation "1d6+1d4"
     * @param total         the initiative, null until the reveal
     * @param rolls         every initiative roll this round
     * @param dieMax        largest total of the dice rolled: "the smaller die" compares this
     * @param dexRank       Dexterity on the die-size chart when initiative was rolled
     * @param started       the turn has begun (start-of-turn effects happened)
     * @param acted         the action was taken this turn
     * @param moved         squares moved this turn
     * @param done          the turn is over
     */
    record Declaration(String combatantId, boolean declared, Action action, String weapon, int techniqueDice,
                       String dice, Integer total, List<RollResult> rolls, int dieMax, int dexRank,
                       boolean started, boolean acted, int moved, boolean done) {

        Declaration {
            rolls = List.copyOf(rolls);
        }

        static Declaration pending(String combatantId) {
            return new Declaration(combatantId, false, null, null, 0, null, null, List.of(), 0, 0, false, false, 0, false);
        }

        Declaration declare(Action newAction, String newWeapon, int newTechniqueDice, String newDice) {
            return new Declaration(combatantId, true, newAction, newWeapon, newTechniqueDice, newDice, total, rolls,
                    dieMax, dexRank, started, acted, moved, done);
        }

        Declaration rolled(String newDice, RollResult roll, int newDexRank) {
            return new Declaration(combatantId, true, action, weapon, techniqueDice, newDice, roll.total(),
                    List.of(roll), DieChart.maxTotal(newDice), newDexRank, false, false, 0, false);
        }

        Declaration reevaluated(Action newAction, String newWeapon, int newTechniqueDice, String newDice, RollResult roll) {
            List<RollResult> all = new ArrayList<>(rolls);
            all.add(roll);
            return new Declaration(combatantId, true, newAction, newWeapon, newTechniqueDice, dice + "+" + newDice,
                    total + roll.total(), all, dieMax + DieChart.maxTotal(newDice), dexRank, started, false, moved, false);
        }

        Declaration withStarted() {
            return new Declaration(combatantId, declared, action, weapon, techniqueDice, dice, total, rolls, dieMax,
                    dexRank, true, acted, moved, done);
        }

        Declaration withActed() {
            return new Declaration(combatantId, declared, action, weapon, techniqueDice, dice, total, rolls, dieMax,
                    dexRank, started, true, moved, done);
        }

        Declaration withMoved(int squares) {
            return new Declaration(combatantId, declared, action, weapon, techniqueDice, dice, total, rolls, dieMax,
                    dexRank, started, acted, moved + squares, done);
        }

        Declaration withDone() {
            return new Declaration(combatantId, declared, action, weapon, techniqueDice, dice, total, rolls, dieMax,
                    dexRank, started, acted, moved, true);
        }
    }
}
