package io.astragal.dice;

import io.astragal.dice.DiceExpression.Arithmetic;
import io.astragal.dice.DiceExpression.Condition;
import io.astragal.dice.DiceExpression.Constant;
import io.astragal.dice.DiceExpression.CountFailures;
import io.astragal.dice.DiceExpression.CountSuccesses;
import io.astragal.dice.DiceExpression.DiceTerm;
import io.astragal.dice.DiceExpression.Explode;
import io.astragal.dice.DiceExpression.KeepDrop;
import io.astragal.dice.DiceExpression.Maximum;
import io.astragal.dice.DiceExpression.Minimum;
import io.astragal.dice.DiceExpression.Modifier;
import io.astragal.dice.DiceExpression.Negation;
import io.astragal.dice.DiceExpression.Reference;
import io.astragal.dice.DiceExpression.Reroll;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Walks a parsed expression left to right, rolling dice from the source and recording every die.
 * A dice term's modifiers apply in a fixed order: reroll, explode, min/max, keep/drop, count.
 */
final class Evaluator {

    private final Map<String, Integer> refs;
    private final DiceSource source;
    private final List<Die> dice = new ArrayList<>();
    private final List<DiceGroup> groups = new ArrayList<>();
    private int drawn;

    private Evaluator(Map<String, Integer> refs, DiceSource source) {
        this.refs = refs;
        this.source = source;
    }

    static DetailedRoll evaluate(String notation, DiceExpression expression, Map<String, Integer> refs,
            DiceSource source) {
        Evaluator evaluator = new Evaluator(refs == null ? Map.of() : refs, source);
        evaluator.check(expression, 0);
        int total = evaluator.value(expression);
        return new DetailedRoll(new RollResult(notation.strip(), total, evaluator.dice), evaluator.groups);
    }

    /**
     * Fails before rolling anything when a reference is unknown or the written dice alone exceed the
     * limit, so a failed roll never consumes dice. Returns the running count of written dice.
     */
    private int check(DiceExpression expression, int before) {
        return switch (expression) {
            case Constant constant -> before;
            case Reference reference -> {
                resolve(reference);
                yield before;
            }
            case Negation negation -> check(negation.operand(), before);
            case Arithmetic arithmetic -> check(arithmetic.right(), check(arithmetic.left(), before));
            case DiceTerm term -> {
                if (before + term.count() > Dice.MAX_DICE) {
                    throw tooManyDice(term.position());
                }
                yield before + term.count();
            }
        };
    }

    private int value(DiceExpression expression) {
        return switch (expression) {
            case Constant constant -> constant.value();
            case Reference reference -> resolve(reference);
            case Negation negation -> {
                int operand = value(negation.operand());
                yield checked(() -> Math.negateExact(operand), negation.position());
            }
            case Arithmetic arithmetic -> arithmetic(arithmetic);
            case DiceTerm term -> roll(term);
        };
    }

    private int arithmetic(Arithmetic arithmetic) {
        int left = value(arithmetic.left());
        int right = value(arithmetic.right());
        int at = arithmetic.position();
        return switch (arithmetic.operator()) {
            case ADD -> checked(() -> Math.addExact(left, right), at);
            case SUBTRACT -> checked(() -> Math.subtractExact(left, right), at);
            case MULTIPLY -> checked(() -> Math.multiplyExact(left, right), at);
            case DIVIDE -> {
                if (right == 0) {
                    throw new DiceException("division by zero at position " + at, at);
                }
                yield checked(() -> Math.divideExact(left, right), at);
            }
        };
    }

    private int resolve(Reference reference) {
        Integer value = refs.get(reference.label());
        if (value == null) {
            value = refs.entrySet().stream()
                    .filter(entry -> entry.getKey().equalsIgnoreCase(reference.label()))
                    .map(Map.Entry::getValue)
                    .findFirst()
                    .orElse(null);
        }
        if (value == null) {
            throw new DiceException("unknown reference '@" + reference.label() + "' at position "
                    + reference.position() + ": no value is known by that name", reference.position());
        }
        return value;
    }

    /** One face drawn from the source; mutable only while its term is being rolled. */
    private static final class Roll {
        final Slot slot;
        final int rolled;
        int face;
        boolean exploded;
        boolean rerolled;

        Roll(Slot slot, int rolled) {
            this.slot = slot;
            this.rolled = rolled;
            this.face = rolled;
        }
    }

    /**
     * What keep/drop and counting look at: one die, or for {@code !!} a die with the dice it
     * compounded. Its value is the sum of its rolls that were not rerolled away.
     */
    private static final class Slot {
        final List<Roll> rolls = new ArrayList<>();
        boolean kept = true;
        boolean success;
        boolean failure;

        int value() {
            int sum = 0;
            for (Roll roll : rolls) {
                sum += roll.rerolled ? 0 : roll.face;
            }
            return sum;
        }

        Roll last() {
            return rolls.getLast();
        }
    }

    private int roll(DiceTerm term) {
        Reroll reroll = find(term, Reroll.class);
        Explode explode = find(term, Explode.class);
        List<Roll> inOrder = new ArrayList<>();
        List<Slot> slots = new ArrayList<>();
        for (int i = 0; i < term.count(); i++) {
            Slot slot = new Slot();
            slots.add(slot);
            land(term, reroll, slot, inOrder);
            int explosions = 0;
            while (explode != null && explode.condition().test(slot.last().rolled)) {
                slot.last().exploded = true;
                if (++explosions > Dice.MAX_CHAIN) {
                    throw new DiceException("too many explosions at position " + explode.position() + ": a die may "
                            + "explode at most " + Dice.MAX_CHAIN + " times", explode.position());
                }
                if (!explode.compound()) {
                    slot = new Slot();
                    slots.add(slot);
                }
                land(term, reroll, slot, inOrder);
            }
        }
        clamp(term, inOrder);
        keepOrDrop(find(term, KeepDrop.class), slots);
        int value = count(term, slots);
        record(term, value, inOrder);
        return value;
    }

    /** Draws a die into the slot, rerolling it while the reroll condition holds (once for {@code ro}). */
    private void land(DiceTerm term, Reroll reroll, Slot slot, List<Roll> inOrder) {
        Roll roll = draw(term, slot, inOrder);
        int rerolls = 0;
        while (reroll != null && reroll.condition().test(roll.rolled) && !(reroll.once() && rerolls == 1)) {
            if (++rerolls > Dice.MAX_CHAIN) {
                throw new DiceException("too many rerolls at position " + reroll.position() + ": a die may be "
                        + "rerolled at most " + Dice.MAX_CHAIN + " times", reroll.position());
            }
            roll.rerolled = true;
            roll = draw(term, slot, inOrder);
        }
    }

    private Roll draw(DiceTerm term, Slot slot, List<Roll> inOrder) {
        if (drawn >= Dice.MAX_DICE) {
            throw tooManyDice(term.position());
        }
        drawn++;
        Roll roll = new Roll(slot, source.roll(term.sides()));
        slot.rolls.add(roll);
        inOrder.add(roll);
        return roll;
    }

    private static void clamp(DiceTerm term, List<Roll> rolls) {
        Minimum min = find(term, Minimum.class);
        Maximum max = find(term, Maximum.class);
        for (Roll roll : rolls) {
            if (roll.rerolled) {
                continue; // a rerolled face no longer counts, so it is shown as rolled
            }
            roll.face = Math.max(roll.face, min == null ? 1 : min.value());
            roll.face = Math.min(roll.face, max == null ? term.sides() : max.value());
        }
    }

    /** Sets slots aside; among equal values the earlier die is the one kept. */
    private static void keepOrDrop(KeepDrop keepDrop, List<Slot> slots) {
        if (keepDrop == null) {
            return;
        }
        int n = slots.size();
        int keep = switch (keepDrop.rule()) {
            case KEEP_HIGHEST, KEEP_LOWEST -> Math.min(keepDrop.count(), n);
            case DROP_HIGHEST, DROP_LOWEST -> Math.max(n - keepDrop.count(), 0);
        };
        boolean highest = switch (keepDrop.rule()) {
            case KEEP_HIGHEST, DROP_LOWEST -> true;
            case KEEP_LOWEST, DROP_HIGHEST -> false;
        };
        Comparator<Slot> byValue = Comparator.comparingInt(Slot::value);
        List<Slot> ranked = new ArrayList<>(slots);
        ranked.sort(highest ? byValue.reversed() : byValue); // stable: ties keep their rolled order
        for (int i = keep; i < n; i++) {
            ranked.get(i).kept = false;
        }
    }

    /**
     * Sum of kept slots; with {@code cs}, successes minus failures; with only {@code cf}, the number
     * of failures.
     */
    private static int count(DiceTerm term, List<Slot> slots) {
        CountSuccesses successes = find(term, CountSuccesses.class);
        CountFailures failures = find(term, CountFailures.class);
        int sum = 0;
        int successCount = 0;
        int failureCount = 0;
        for (Slot slot : slots) {
            if (!slot.kept) {
                continue;
            }
            sum += slot.value();
            slot.success = meets(successes == null ? null : successes.condition(), slot.value());
            slot.failure = meets(failures == null ? null : failures.condition(), slot.value());
            successCount += slot.success ? 1 : 0;
            failureCount += slot.failure ? 1 : 0;
        }
        if (successes != null) {
            return successCount - failureCount;
        }
        return failures != null ? failureCount : sum;
    }

    private static boolean meets(Condition condition, int value) {
        return condition != null && condition.test(value);
    }

    private void record(DiceTerm term, int value, List<Roll> inOrder) {
        List<DieDetail> details = new ArrayList<>();
        for (Roll roll : inOrder) {
            Slot slot = roll.slot;
            Die die = new Die(term.sides(), roll.face, slot.kept && !roll.rerolled, roll.exploded, roll.rerolled);
            dice.add(die);
            details.add(new DieDetail(die, roll.rolled, slot.success && !roll.rerolled, slot.failure && !roll.rerolled));
        }
        groups.add(new DiceGroup(term.notation(), term.position(), value, details));
    }

    private static <M extends Modifier> M find(DiceTerm term, Class<M> kind) {
        for (Modifier modifier : term.modifiers()) {
            if (kind.isInstance(modifier)) {
                return kind.cast(modifier);
            }
        }
        return null;
    }

    private static DiceException tooManyDice(int position) {
        return new DiceException("too many dice at position " + position + ": at most " + Dice.MAX_DICE
                + " may be rolled", position);
    }

    private interface IntOperation {
        int apply();
    }

    private static int checked(IntOperation operation, int position) {
        try {
            return operation.apply();
        } catch (ArithmeticException overflow) {
            throw new DiceException("result out of range at position " + position + ": values must stay between "
                    + Integer.MIN_VALUE + " and " + Integer.MAX_VALUE, position);
        }
    }
}
