package io.astragal.dice;

import io.astragal.dice.DiceExpression.Arithmetic;
import io.astragal.dice.DiceExpression.Constant;
import io.astragal.dice.DiceExpression.DiceTerm;
import io.astragal.dice.DiceExpression.Negation;
import io.astragal.dice.DiceExpression.Operator;
import io.astragal.dice.DiceExpression.Reference;

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

    // dice = [ integer ] ("d" | "D") ( integer | "%" )
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
        return new DiceTerm(count, sides, start);
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
            depth = 0;
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
