package io.astragal.rules;

/** The shapes of initiative the rulesets use (see ARCHITECTURE.md, "Rulesets"). */
public enum InitiativeModel {
    /** Per-character AP cards shuffled into one deck and dealt (actlite). */
    CARD_DECK,
    /** Everyone declares an action each round and rolls its die; lowest acts first (vogt). */
    DECLARED_DICE,
    /** Order fixed at the start, rolled or ranked; turns advance (bloodied-d20, symbaroum). */
    ORDERED,
    /** Order per group, groups alternate, AP per turn (cairn-ap). */
    GROUPED_AP
}
