package io.astragal.rules.cairn;

import io.astragal.dice.DiceSource;
import io.astragal.dice.Die;
import io.astragal.dice.RollResult;
import java.util.ArrayList;
import java.util.List;

/** Rolls of the Actions and Saves rules: base d20 + modifier + object dice, advantage per die. */
final class CairnDice {

    private CairnDice() {
    }

    /**
     * One rolled Action or Save.
     *
     * @param result      the whole roll, every die with its kept flag
     * @param baseFace    the kept face of the base d20
     * @param objectFaces the kept face of each object die, in order
     */
    record ActionRoll(RollResult result, int baseFace, List<Integer> objectFaces) {
        boolean natural1() {
            return baseFace == 1;
        }

        boolean natural20() {
            return baseFace == 20;
        }
    }

    /**
     * "for each dice, including the base d20 dice, decide if it has: one or multiple Advantage (roll
     * +N dice, and use the higher roll); one or multiple Disadvantage (roll +N dice, and use the
     * lowest roll)". {@code advantage.get(0)} is the net advantage of the base die (negative for
     * disadvantage), {@code advantage.get(i)} that of object die i-1; missing entries are 0.
     */
    static ActionRoll roll(DiceSource source, int modifier, List<Integer> objectDice, List<Integer> advantage) {
        List<Die> dice = new ArrayList<>();
        StringBuilder notation = new StringBuilder();
        int base = rollOne(source, 20, at(advantage, 0), dice, notation);
        if (modifier != 0) {
            notation.append(modifier > 0 ? "+" : "").append(modifier);
        }
        List<Integer> faces = new ArrayList<>();
        int total = base + modifier;
        for (int i = 0; i < objectDice.size(); i++) {
            notation.append('+');
            int face = rollOne(source, objectDice.get(i), at(advantage, i + 1), dice, notation);
            faces.add(face);
            total += face;
        }
        return new ActionRoll(new RollResult(notation.toString(), total, dice), base, faces);
    }

    /** A plain roll of {@code count} dice of {@code sides}, summed. */
    static RollResult sum(DiceSource source, int count, int sides) {
        List<Die> dice = new ArrayList<>();
        int total = 0;
        for (int i = 0; i < count; i++) {
            int face = source.roll(sides);
            dice.add(Die.kept(sides, face));
            total += face;
        }
        return new RollResult(count + "d" + sides, total, dice);
    }

    private static int at(List<Integer> list, int index) {
        return index < list.size() && list.get(index) != null ? list.get(index) : 0;
    }

    private static int rollOne(DiceSource source, int sides, int net, List<Die> into, StringBuilder notation) {
        int count = 1 + Math.abs(net);
        List<Integer> faces = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            faces.add(source.roll(sides));
        }
        int keep = net >= 0 ? faces.stream().mapToInt(Integer::intValue).max().orElseThrow()
                : faces.stream().mapToInt(Integer::intValue).min().orElseThrow();
        boolean kept = false;
        for (int face : faces) {
            if (!kept && face == keep) {
                into.add(Die.kept(sides, face));
                kept = true;
            } else {
                into.add(Die.kept(sides, face).dropped());
            }
        }
        notation.append(count == 1 ? "d" + sides : count + "d" + sides + (net > 0 ? "kh1" : "kl1"));
        return keep;
    }
}
