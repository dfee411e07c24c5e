package io.astragal.dice;

/**
 * One die as it landed, so rules can look for "a 6" or "matching" and the browser can draw the face.
 *
 * @param sides    how many sides the die has
 * @param face     the face it shows
 * @param kept     false when keep/drop (or advantage) set it aside
 * @param exploded true when this die rolled its explosion face and caused another die
 * @param rerolled true when this face was rolled again and replaced (the replacement follows it)
 */
public record Die(int sides, int face, boolean kept, boolean exploded, boolean rerolled) {

    public static Die kept(int sides, int face) {
        return new Die(sides, face, true, false, false);
    }

    public Die dropped() {
        return new Die(sides, face, false, exploded, rerolled);
    }
}
