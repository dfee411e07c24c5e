package io.astragal.rules.vogt;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The die-size chart: ability dice step up and down along it, clamped at "0" and "5d12". */
final class DieChart {

    static final List<String> SIZES = List.of("0", "1d4", "1d6", "1d8", "1d10", "1d12", "2d6", "2d8", "2d10",
            "2d12", "3d8", "3d10", "3d12", "4d10", "4d12", "5d10", "5d12");

    private static final Pattern DICE = Pattern.compile("(\\d{1,2})d(\\d{1,3})");

    private DieChart() {
    }

    static boolean isSize(String die) {
        return SIZES.contains(die);
    }

    /** Position on the chart, 0 for "0"; larger is bigger. */
    static int rank(String die) {
        int rank = SIZES.indexOf(die);
        if (rank < 0) {
            throw new IllegalArgumentException(die + " is not on the die-size chart");
        }
        return rank;
    }

    /** The die {@code steps} steps up (positive) or down (negative), never past the Minimum or the Maximum. */
    static String step(String die, int steps) {
        int rank = Math.clamp((long) rank(die) + steps, 0, SIZES.size() - 1);
        return SIZES.get(rank);
    }

    /** The median of a sum of dice, N(S+1)/2, rounded down; "0" is 0. */
    static int median(String die) {
        Matcher m = DICE.matcher(die);
        if (!m.matches()) {
            return 0;
        }
        return Integer.parseInt(m.group(1)) * (Integer.parseInt(m.group(2)) + 1) / 2;
    }

    /** The largest total a plain NdS can roll, used to compare "the smaller die" in initiative ties. */
    static int maxTotal(String dice) {
        Matcher m = DICE.matcher(dice);
        if (!m.matches()) {
            return 0;
        }
        return Integer.parseInt(m.group(1)) * Integer.parseInt(m.group(2));
    }

    /** True for plain NdS with 1 to 20 dice of 2 to 100 sides. */
    static boolean isPlainDice(String dice) {
        Matcher m = DICE.matcher(dice);
        if (!m.matches()) {
            return false;
        }
        int count = Integer.parseInt(m.group(1));
        int sides = Integer.parseInt(m.group(2));
        return count >= 1 && count <= 20 && sides >= 2 && sides <= 100;
    }
}
