package io.astragal.dice;

import io.astragal.dice.DiceExpression.Arithmetic;
import io.astragal.dice.DiceExpression.Constant;
import io.astragal.dice.DiceExpression.DiceTerm;
import io.astragal.dice.DiceExpression.Negation;
import io.astragal.dice.DiceExpression.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Walks a parsed expression, rolling dice from the source and recording every die. */
final class Evaluator {

    private final Map<String, Integer> refs;
    private final DiceSource source;
    private final List<Die> dice = new ArrayList<>();

    private Evaluator(Map<String, Integer> refs, DiceSource source) {
        this.refs = refs;
        this.source = source;
    }

    static RollResult evaluate(String notation, DiceExpression expression, Map<String, Integer> refs,
            DiceSource source) {
        Evaluator evaluator = new Evaluator(refs == null ? Map.of() : refs, source);
        int total = evaluator.value(expression);
        return new RollResult(notation.strip(), total, evaluator.dice);
    }

    private int value(DiceExpression expression) {
        return switch (expression) {
            case Constant constant -> constant.value();
            case Reference reference -> resolve(reference);
            case Negation negation -> checked(() -> Math.negateExact(value(negation.operand())), negation.position());
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
            for (Map.Entry<String, Integer> entry : refs.entrySet()) {
                if (entry.getKey().equalsIgnoreCase(reference.label())) {
                    value = entry.getValue();
                }
            }
        }
        if (value == null) {
            throw new DiceException("unknown reference '@" + reference.label() + "' at position "
                    + reference.position() + ": no value is known by that name", reference.position());
        }
        return value;
    }

    private int roll(DiceTerm term) {
        int total = 0;
        for (int i = 0; i < term.count(); i++) {
            int face = draw(term.sides(), term.position());
            dice.add(Die.kept(term.sides(), face));
            total += face;
        }
        return total;
    }

    private int draw(int sides, int position) {
        if (dice.size() >= Dice.MAX_DICE) {
            throw new DiceException("too many dice at position " + position + ": at most " + Dice.MAX_DICE
                    + " may be rolled", position);
        }
        return source.roll(sides);
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
