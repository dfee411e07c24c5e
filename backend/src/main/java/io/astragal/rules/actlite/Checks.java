package io.astragal.rules.actlite;

import io.astragal.dice.DiceSource;
import io.astragal.dice.Die;
import io.astragal.dice.RollResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/** "Roll 2d6 and add the relevant SCORE", with advantage and disadvantage, and the triggers of a success. */
final class Checks {

    static final int MAX_STEPS = 10;

    private Checks() {
    }

    /**
     * Rolls 2d6 + score. "Advantage and disadvantage cancel each other out and are cumulative":
     * with a net advantage of n, roll 2+n dice and keep the best two; with a net disadvantage, the
     * lowest two.
     */
    static RollResult roll(DiceSource dice, int score, int advantage, int disadvantage) {
        int net = advantage - disadvantage;
        int count = 2 + Math.abs(net);
        List<Integer> faces = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            faces.add(dice.roll(6));
        }
        Comparator<Integer> byFace = Comparator.comparing(faces::get);
        List<Integer> keptIndexes = IntStream.range(0, count).boxed()
                .sorted(net > 0 ? byFace.reversed() : byFace)
                .limit(2)
                .toList();
        List<Die> rolled = new ArrayList<>();
        int sum = 0;
        for (int i = 0; i < count; i++) {
            Die die = Die.kept(6, faces.get(i));
            if (keptIndexes.contains(i)) {
                sum += faces.get(i);
                rolled.add(die);
            } else {
                rolled.add(die.dropped());
            }
        }
        String dicePart = net == 0 ? "2d6" : count + "d6" + (net > 0 ? "kh2" : "kl2");
        String scorePart = score == 0 ? "" : score > 0 ? "+" + score : String.valueOf(score);
        return new RollResult(dicePart + scorePart, sum + score, rolled);
    }

    /** "If the character's check is the same as the DC or higher, they succeed." */
    static CheckRoll against(RollResult roll, int score, int dc) {
        boolean success = roll.total() >= dc;
        return new CheckRoll(roll, score, dc, success, false, success ? triggers(roll) : List.of());
    }

    /** "If you do not have an attribute score, any checks made against that attribute succeed automatically." */
    static CheckRoll automatic(RollResult roll, int score) {
        return new CheckRoll(roll, score, null, true, true, triggers(roll));
    }

    /** A contest roll: success means it won. */
    static CheckRoll contested(RollResult roll, int score, boolean won) {
        return new CheckRoll(roll, score, null, won, false, won ? triggers(roll) : List.of());
    }

    /**
     * What the two kept dice fulfil. "'on 6' effects can be triggered twice if you roll two 6s, 'at
     * least one 6' effects only trigger once. 'on matching' triggers on any set of matching dice rolled."
     */
    static List<String> triggers(RollResult roll) {
        List<Integer> kept = roll.dice().stream().filter(Die::kept).map(Die::face).toList();
        long sixes = kept.stream().filter(f -> f == 6).count();
        List<String> fired = new ArrayList<>();
        if (sixes == 2) {
            fired.add("on 6 (twice)");
        } else if (sixes == 1) {
            fired.add("on 6");
        }
        if (sixes > 0) {
            fired.add("at least one 6");
        }
        if (kept.size() == 2 && kept.get(0).equals(kept.get(1))) {
            fired.add("on matching");
        }
        return List.copyOf(fired);
    }
}
