package io.astragal.dice;

import io.astragal.dice.DiceExpression.Arithmetic;
import io.astragal.dice.DiceExpression.Comparison;
import io.astragal.dice.DiceExpression.Condition;
import io.astragal.dice.DiceExpression.Constant;
import io.astragal.dice.DiceExpression.CountFailures;
import io.astragal.dice.DiceExpression.CountSuccesses;
import io.astragal.dice.DiceExpression.DiceTerm;
import io.astragal.dice.DiceExpression.Explode;
import io.astragal.dice.DiceExpression.KeepDrop;
import io.astragal.dice.DiceExpression.KeepRule;
import io.astragal.dice.DiceExpression.Maximum;
import io.astragal.dice.DiceExpression.Minimum;
import io.astragal.dice.DiceExpression.Modifier;
import io.astragal.dice.DiceExpression.Negation;
import io.astragal.dice.DiceExpression.Operator;
import io.astragal.dice.DiceExpression.Reference;
import io.astragal.dice.DiceExpression.Reroll;
import java.util.ArrayList;
import java.util.List;

/**
 * Hand-written recursive-descent parser for dice notation (grammar in docs/dice.md). It reads the
 * characters directly, skipping whitespace before every token, and fails on the first character
 * it cannot use, naming what it expected there.
 */
final class DiceParser {

    private static final String EXPECTED_OPERAND = "a number, a dice term like 'd6', '@' or '('";

    private final String text;
    private int pos;
    private int depth;

    private DiceParser(String text) {
        this.text = text;
    }

    static DiceExpression parse(String notation) {
        if (notation == null) {
            throw new DiceException("unexpected end of input at position 0: expected " + EXPECTED_OPERAND, 0);
        }
        if (notation.length() > Dice.MAX_LENGTH) {
            throw new DiceException("expression too long at position " + Dice.MAX_LENGTH + ": at most "
                    + Dice.MAX_LENGTH + " characters are allowed, got " + notation.length(), Dice.MAX_LENGTH);
        }
        DiceParser parser = new DiceParser(notation);
        DiceExpression expression = parser.expression();
        parser.skipWhitespace();
        if (!parser.atEnd()) {
            throw parser.unexpected("an operator (+ - * /) or the end of the expression");
        }
        return expression;
    }

    // expression = term { ("+" | "-") term }
    private DiceExpression expression() {
        DiceExpression left = term();
        while (true) {
            skipWhitespace();
            if (peek('+') || peek('-')) {
                int at = pos;
                Operator operator = text.charAt(pos++) == '+' ? Operator.ADD : Operator.SUBTRACT;
                left = new Arithmetic(operator, left, term(), at);
            } else {
                return left;
            }
        }
    }

    // term = unary { ("*" | "/") unary }
    private DiceExpression term() {
        DiceExpression left = unary();
        while (true) {
            skipWhitespace();
            if (peek('*') || peek('/')) {
                int at = pos;
                Operator operator = text.charAt(pos++) == '*' ? Operator.MULTIPLY : Operator.DIVIDE;
                left = new Arithmetic(operator, left, unary(), at);
            } else {
                return left;
            }
        }
    }

    // unary = ("-" | "+") unary | primary
    private DiceExpression unary() {
        skipWhitespace();
        enter();
        try {
            if (peek('-')) {
                int at = pos++;
                return new Negation(unary(), at);
            }
            if (peek('+')) {
                pos++;
                return unary();
            }
            return primary();
        } finally {
            depth--;
        }
    }

    // primary = dice | integer | reference | "(" expression ")"
    private DiceExpression primary() {
        skipWhitespace();
        int start = pos;
        if (peek('(')) {
            pos++;
            DiceExpression inner = expression();
            skipWhitespace();
            if (!peek(')')) {
                throw unexpected("')' to close the '(' at position " + start);
            }
            pos++;
            return inner;
        }
        if (peek('@')) {
            pos++;
            int labelStart = pos;
            while (!atEnd() && isLabelChar(text.charAt(pos))) {
                pos++;
            }
            if (pos == labelStart) {
                throw unexpected("a label after '@', like '@STR'");
            }
            return new Reference(text.substring(labelStart, pos), start);
        }
        if (peekDigit()) {
            int count = integer("number");
            skipWhitespace();
            if (peekDiceLetter()) {
                return dice(count, start);
            }
            return new Constant(count, start);
        }
        if (peekDiceLetter()) {
            return dice(1, start);
        }
        throw unexpected(EXPECTED_OPERAND);
    }

    // dice = [ integer ] ("d" | "D") ( integer | "%" ) { modifier }
    private DiceExpression dice(int count, int start) {
        pos++; // the 'd'
        skipWhitespace();
        int sidesAt = pos;
        int sides;
        if (peek('%')) {
            pos++;
            sides = 100;
        } else if (peekDigit()) {
            sides = integer("number of sides");
        } else {
            throw unexpected("the number of sides after 'd', like 'd6'");
        }
        if (count < 1) {
            throw new DiceException("no dice at position " + start + ": a dice term rolls at least one die", start);
        }
        if (count > Dice.MAX_DICE) {
            throw new DiceException("too many dice at position " + start + ": at most " + Dice.MAX_DICE
                    + " may be rolled", start);
        }
        if (sides < 1) {
            throw new DiceException("a die needs at least one side at position " + sidesAt, sidesAt);
        }
        if (sides > Dice.MAX_SIDES) {
            throw new DiceException("too many sides at position " + sidesAt + ": a die has at most "
                    + Dice.MAX_SIDES + " sides", sidesAt);
        }
        List<Modifier> modifiers = new ArrayList<>();
        while (true) {
            int before = pos;
            skipWhitespace();
            Modifier modifier = modifier(sides);
            if (modifier == null) {
                pos = before;
                break;
            }
            checkCompatible(modifier, modifiers, count, sides);
            modifiers.add(modifier);
        }
        return new DiceTerm(count, sides, modifiers, text.substring(start, pos), start);
    }

    // modifier = keep | explode | reroll | count | clamp   (letters in any case)
    private Modifier modifier(int sides) {
        int at = pos;
        if (peek('!')) {
            pos++;
            boolean compound = peek('!');
            if (compound) {
                pos++;
            }
            Condition condition = optionalCondition();
            return new Explode(condition == null ? new Condition(Comparison.EQUAL, sides) : condition, compound, at);
        }
        if (keyword("kl")) {
            return new KeepDrop(KeepRule.KEEP_LOWEST, keepCount(), at);
        }
        if (keyword("kh") || keyword("k")) {
            return new KeepDrop(KeepRule.KEEP_HIGHEST, keepCount(), at);
        }
        if (keyword("dh")) {
            return new KeepDrop(KeepRule.DROP_HIGHEST, keepCount(), at);
        }
        if (keyword("dl")) {
            return new KeepDrop(KeepRule.DROP_LOWEST, keepCount(), at);
        }
        if (keyword("ro") || keyword("r")) {
            boolean once = text.regionMatches(true, at, "ro", 0, 2);
            Condition condition = optionalCondition();
            return new Reroll(condition == null ? new Condition(Comparison.EQUAL, 1) : condition, once, at);
        }
        if (keyword("cs")) {
            return new CountSuccesses(requiredCondition(), at);
        }
        if (keyword("cf")) {
            return new CountFailures(requiredCondition(), at);
        }
        if (keyword("min")) {
            return new Minimum(requiredNumber("the lowest value a die may count as, like 'min 2'"), at);
        }
        if (keyword("max")) {
            return new Maximum(requiredNumber("the highest value a die may count as, like 'max 5'"), at);
        }
        return null;
    }

    /** Rejects up front what cannot be rolled sensibly, so evaluation never has to. */
    private static void checkCompatible(Modifier modifier, List<Modifier> earlier, int count, int sides) {
        int at = modifier.position();
        for (Modifier other : earlier) {
            if (other.getClass() == modifier.getClass()) {
                throw new DiceException("repeated modifier at position " + at + ": a dice term takes each kind of "
                        + "modifier once", at);
            }
        }
        if (modifier instanceof KeepDrop keep && keep.count() > count) {
            boolean keeps = keep.rule() == KeepRule.KEEP_HIGHEST || keep.rule() == KeepRule.KEEP_LOWEST;
            throw new DiceException("cannot " + (keeps ? "keep " : "drop ") + keep.count() + " of " + count
                    + " dice at position " + at, at);
        }
        if (modifier instanceof Explode explode && explode.condition().coversEveryFace(sides)) {
            throw new DiceException("endless explosion at position " + at + ": every face of a d" + sides
                    + " meets '" + explode.condition() + "', so the dice would never stop exploding", at);
        }
        if (modifier instanceof Reroll reroll && !reroll.once() && reroll.condition().coversEveryFace(sides)) {
            throw new DiceException("endless reroll at position " + at + ": every face of a d" + sides
                    + " meets '" + reroll.condition() + "', so the dice would never stop being rerolled", at);
        }
        int clamp = modifier instanceof Minimum min ? min.value() : modifier instanceof Maximum max ? max.value() : 1;
        if (clamp < 1 || clamp > sides) {
            throw new DiceException((modifier instanceof Minimum ? "min" : "max") + " out of range at position " + at
                    + ": it must be between 1 and " + sides, at);
        }
        for (Modifier other : earlier) {
            if (modifier instanceof Minimum min && other instanceof Maximum max && min.value() > max.value()
                    || modifier instanceof Maximum max2 && other instanceof Minimum min2 && min2.value() > max2.value()) {
                throw new DiceException("min above max at position " + at + ": no face could satisfy both", at);
            }
        }
    }

    /** Consumes the keyword (ignoring case) if it comes next. */
    private boolean keyword(String word) {
        if (!text.regionMatches(true, pos, word, 0, word.length())) {
            return false;
        }
        pos += word.length();
        return true;
    }

    private int keepCount() {
        skipWhitespace();
        return peekDigit() ? integer("number") : 1;
    }

    private int requiredNumber(String expected) {
        skipWhitespace();
        if (!peekDigit()) {
            throw unexpected(expected);
        }
        return integer("number");
    }

    // condition = [ "=" | ">" | ">=" | "<" | "<=" ] integer
    private Condition optionalCondition() {
        int before = pos;
        skipWhitespace();
        if (!peekDigit() && !peek('=') && !peek('<') && !peek('>')) {
            pos = before;
            return null;
        }
        return requiredCondition();
    }

    private Condition requiredCondition() {
        skipWhitespace();
        Comparison comparison = Comparison.EQUAL;
        if (peek('=')) {
            pos++;
        } else if (peek('>') || peek('<')) {
            boolean greater = peek('>');
            pos++;
            boolean orEqual = peek('=');
            if (orEqual) {
                pos++;
            }
            comparison = greater
                    ? (orEqual ? Comparison.GREATER_OR_EQUAL : Comparison.GREATER)
                    : (orEqual ? Comparison.LESS_OR_EQUAL : Comparison.LESS);
        } else if (!peekDigit()) {
            throw unexpected("a comparison like '>=5' or '=1'");
        }
        skipWhitespace();
        if (!peekDigit()) {
            throw unexpected("the number to compare faces with");
        }
        return new Condition(comparison, integer("number"));
    }

    private int integer(String what) {
        int start = pos;
        long value = 0;
        while (peekDigit()) {
            value = value * 10 + (text.charAt(pos) - '0');
            pos++;
            if (value > Integer.MAX_VALUE) {
                throw new DiceException(what + " too large at position " + start + ": at most "
                        + Integer.MAX_VALUE, start);
            }
        }
        return (int) value;
    }

    private void enter() {
        if (++depth > Dice.MAX_NESTING) {
            throw new DiceException("expression nested too deeply at position " + pos + ": at most "
                    + Dice.MAX_NESTING + " levels of parentheses and signs", pos);
        }
    }

    private DiceException unexpected(String expected) {
        if (atEnd()) {
            return new DiceException("unexpected end of input at position " + pos + ": expected " + expected, pos);
        }
        return new DiceException("unexpected '" + text.charAt(pos) + "' at position " + pos + ": expected "
                + expected, pos);
    }

    private void skipWhitespace() {
        while (!atEnd() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private boolean atEnd() {
        return pos >= text.length();
    }

    private boolean peek(char c) {
        return !atEnd() && text.charAt(pos) == c;
    }

    private boolean peekDigit() {
        return !atEnd() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9';
    }

    private boolean peekDiceLetter() {
        return peek('d') || peek('D');
    }

    private static boolean isLabelChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }
}
