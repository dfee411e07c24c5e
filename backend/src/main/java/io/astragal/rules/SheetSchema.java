package io.astragal.rules;

import java.util.List;

/**
 * The fields of a ruleset's character sheet, in display order. The browser draws its sheet form
 * and sheet panel from this, so a new ruleset needs no new screen.
 */
public record SheetSchema(List<Field> fields) {

    public SheetSchema {
        fields = List.copyOf(fields);
    }

    /**
     * One field of the sheet.
     *
     * @param key          the key in the sheet map
     * @param label        what a person reads
     * @param type         how the value is shaped and edited
     * @param min          smallest allowed value for numbers (null: unbounded)
     * @param max          largest allowed value for numbers, longest text for text (null: unbounded)
     * @param defaultValue value used when the field is left out (null: required)
     * @param visibility   who besides the owner and the GM may see it
     * @param derived      computed by the ruleset from other fields; never entered
     * @param help         one short sentence of help, or empty
     */
    public record Field(String key, String label, FieldType type, Integer min, Integer max,
                        Object defaultValue, Visibility visibility, boolean derived, String help) {
    }

    public enum FieldType {
        /** A whole number. */
        INTEGER,
        /** One line of text. */
        TEXT,
        /** Several lines of text. */
        LONG_TEXT,
        /** True or false. */
        BOOLEAN,
        /** A list of short texts, e.g. tags, skills or inventory lines. */
        TEXT_LIST,
        /** A list of records whose fields the ruleset documents (weapons, attacks). */
        RECORD_LIST
    }

    public enum Visibility {
        /** Every member of the campaign may see it. */
        PUBLIC,
        /** Only the owner and the GMs. */
        PRIVATE
    }
}
