package io.astragal.rules;

/** Machine-readable reasons a command is refused; each goes with a sentence for people. */
public enum RejectionCode {
    /** The actor's role may not do this (a player dealing cards, a spectator acting). */
    NOT_ALLOWED,
    /** The actor does not control the character named in the command. */
    NOT_YOUR_CHARACTER,
    /** The command names a character that is not at the table or not in the encounter. */
    UNKNOWN_CHARACTER,
    /** Not now: initiative not running, someone else's turn, round not over... */
    OUT_OF_TURN,
    /** The character lacks the AP (or cards, or dice) the command needs. */
    NOT_ENOUGH_AP,
    /** The command contradicts the table's state in another way (already declared, no such card...). */
    INVALID_STATE,
    /** The command's arguments are malformed or out of range. */
    INVALID_COMMAND,
    /** Dice notation that does not parse or exceeds a limit. */
    INVALID_DICE
}
