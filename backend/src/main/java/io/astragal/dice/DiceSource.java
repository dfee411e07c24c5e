package io.astragal.dice;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.random.RandomGenerator;

/**
 * Where die faces come from. The server passes a {@link java.security.SecureRandom}; tests pass
 * a seeded generator or a script of faces, which is what makes the rules deterministic.
 */
@FunctionalInterface
public interface DiceSource {

    /** One fair face of a die with {@code sides} sides, from 1 to sides inclusive. */
    int roll(int sides);

    /** Faces drawn without modulo bias: {@link RandomGenerator#nextInt(int, int)} rejects out-of-range draws. */
    static DiceSource of(RandomGenerator random) {
        return sides -> {
            if (sides < 1) {
                throw new IllegalArgumentException("a die needs at least one side, got " + sides);
            }
            return random.nextInt(1, sides + 1);
        };
    }

    /**
     * Faces given in advance, in order, for tests and for replaying a stored outcome. A face larger
     * than the die being rolled, or running out of faces, is an error: a script that does not fit
     * the roll is a bug in the test, never something to paper over.
     */
    static DiceSource scripted(int... faces) {
        Deque<Integer> queue = new ArrayDeque<>();
        for (int face : faces) {
            queue.add(face);
        }
        return sides -> {
            Integer face = queue.poll();
            if (face == null) {
                throw new IllegalStateException("scripted dice ran out of faces (rolling a d" + sides + ")");
            }
            if (face < 1 || face > sides) {
                throw new IllegalStateException("scripted face " + face + " does not fit a d" + sides);
            }
            return face;
        };
    }
}
