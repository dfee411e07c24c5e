package io.astragal.rules;

import java.util.Map;

/**
 * A rule system Astragal can referee. Implementations are pure: no Spring, no I/O, deterministic
 * given a {@link io.astragal.dice.DiceSource}. The table, the campaign and the browser reach a
 * ruleset only through this interface and the types beside it in this package.
 */
public interface Ruleset {

    /** Stable identifier stored with a campaign: {@code actlite}, {@code vogt}, ... */
    String id();

    /** Name shown to people. */
    String name();

    /** One line that tells a GM choosing a ruleset what it plays like. */
    String summary();

    /** Which of the few initiative models this ruleset uses; the browser renders one component per model. */
    InitiativeModel initiativeModel();

    /** The fields of a character sheet, for forms and for the table's sheet panel. */
    SheetSchema sheetSchema();

    /**
     * Checks a character sheet as submitted (JSON-shaped values: String, Number, Boolean, List, Map)
     * and returns it normalised: defaults filled in, numbers as Integer, derived values computed
     * under their schema keys.
     *
     * @throws InvalidSheetException naming the first field that is wrong and why
     */
    Map<String, Object> validateSheet(Map<String, Object> sheet);

    /** The pure game logic of this ruleset at a live table. */
    Referee<?> referee();
}
