package io.astragal.dice;

/**
 * Notation that cannot be parsed, refers to an unknown label, or would exceed one of the limits in
 * {@link Dice}. The message is a plain sentence a player can read; {@link #position()} is the 0-based
 * index of the character in the notation where the problem was found, so a client can underline it.
 */
public final class DiceException extends RuntimeException {

    private final int position;

    DiceException(String message, int position) {
        super(message);
        this.position = position;
    }

    /** The 0-based index of the character where parsing or evaluation failed. */
    public int position() {
        return position;
    }
}
