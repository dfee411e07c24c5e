package io.astragal.rules.actlite;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * An arrow cost such as {@code 1->2->3}: the n-th use in a round (or the n-th roll on a table)
 * costs the n-th amount, and the last amount repeats. Used for AP speeds and XP table costs.
 */
final class CostSequence {

    private static final Pattern ARROWS = Pattern.compile("\\d{1,3}(\\s*->\\s*\\d{1,3}){0,19}");
    /**
     * Sequences parsed before, up to a bound: the views offer the same few ("1", a weapon's speed)
     * to every member at every event, and each offer is decided, parse included.
     */
    private static final Map<String, List<Integer>> PARSED = new ConcurrentHashMap<>();
    private static final int PARSED_LIMIT = 1_000;

    private CostSequence() {
    }

    /** Parses {@code "1->2"} (spaces allowed around arrows); null when it is not such a sequence. */
    static List<Integer> parse(String text) {
        if (text == null) {
            return null;
        }
        List<Integer> known = PARSED.get(text);
        if (known != null) {
            return known;
        }
        if (!ARROWS.matcher(text.strip()).matches()) {
            return null;
        }
        List<Integer> costs = new ArrayList<>();
        for (String part : text.strip().split("->")) {
            costs.add(Integer.parseInt(part.strip()));
        }
        List<Integer> parsed = List.copyOf(costs);
        if (PARSED.size() < PARSED_LIMIT) {
            PARSED.put(text, parsed);
        }
        return parsed;
    }

    /** "1->2" */
    static String format(List<Integer> costs) {
        return String.join("->", costs.stream().map(String::valueOf).toList());
    }

    /**
     * The cost of doing the thing once more after {@code done} earlier times: "If you are at the
     * last cost, pay that amount of AP again to do the action."
     */
    static int next(List<Integer> costs, int done) {
        return costs.get(Math.min(done, costs.size() - 1));
    }

    /** What {@code times} uses in a row cost from the start, e.g. three attacks at 1->2 cost 5. */
    static int total(List<Integer> costs, int times) {
        int sum = 0;
        for (int i = 0; i < times; i++) {
            sum += next(costs, i);
        }
        return sum;
    }
}
