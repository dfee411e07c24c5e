package io.astragal.dice;

/**
 * One die of a {@link DiceGroup} with what the plain {@link Die} does not say.
 *
 * @param die     the die as it appears in {@link RollResult#dice()}; its face is the value it counts as
 * @param rolled  the face as rolled, before {@code min}/{@code max} clamped it
 * @param success true when a {@code cs} condition counted this die (for {@code !!}, the whole compounded die)
 * @param failure true when a {@code cf} condition counted this die
 */
public record DieDetail(Die die, int rolled, boolean success, boolean failure) {
}
