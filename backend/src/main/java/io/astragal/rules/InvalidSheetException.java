package io.astragal.rules;

/** A character sheet the ruleset rejects; {@link #field()} names the offending key. */
public final class InvalidSheetException extends RuntimeException {

    private final String field;

    public InvalidSheetException(String field, String message) {
        super(message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
