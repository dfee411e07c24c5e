package io.astragal.rules;

import io.astragal.rules.SheetSchema.Field;
import java.util.List;
import java.util.Map;

/**
 * Reads JSON-shaped sheet values against their schema field, naming the field when one is wrong.
 * Shared by the rulesets' sheet validation.
 */
public final class SheetValues {

    private SheetValues() {
    }

    public static Object read(Map<String, Object> input, Field field) {
        Object value = input.get(field.key());
        if (value == null) {
            if (field.defaultValue() == null) {
                throw new InvalidSheetException(field.key(), field.label() + " is required.");
            }
            return field.defaultValue();
        }
        return switch (field.type()) {
            case INTEGER -> {
                if (!(value instanceof Number number) || number.doubleValue() != Math.rint(number.doubleValue())) {
                    throw new InvalidSheetException(field.key(), field.label() + " must be a whole number.");
                }
                int n = number.intValue();
                if ((field.min() != null && n < field.min()) || (field.max() != null && n > field.max())) {
                    throw new InvalidSheetException(field.key(),
                            field.label() + " must be between " + field.min() + " and " + field.max() + ".");
                }
                yield n;
            }
            case TEXT, LONG_TEXT -> {
                if (!(value instanceof String text)) {
                    throw new InvalidSheetException(field.key(), field.label() + " must be text.");
                }
                if (field.max() != null && text.length() > field.max()) {
                    throw new InvalidSheetException(field.key(), field.label() + " is longer than " + field.max() + " characters.");
                }
                yield text.strip();
            }
            case BOOLEAN -> {
                if (!(value instanceof Boolean b)) {
                    throw new InvalidSheetException(field.key(), field.label() + " must be true or false.");
                }
                yield b;
            }
            case TEXT_LIST -> {
                if (!(value instanceof List<?> list) || !list.stream().allMatch(String.class::isInstance)) {
                    throw new InvalidSheetException(field.key(), field.label() + " must be a list of texts.");
                }
                yield list.stream().map(s -> ((String) s).strip()).filter(s -> !s.isEmpty()).toList();
            }
            case RECORD_LIST -> {
                if (!(value instanceof List<?> list)) {
                    throw new InvalidSheetException(field.key(), field.label() + " must be a list.");
                }
                yield List.copyOf(list);
            }
        };
    }

    public static Map<?, ?> record(String key, Object entry) {
        if (!(entry instanceof Map<?, ?> map)) {
            throw new InvalidSheetException(key, "Each entry of " + key + " must be a record.");
        }
        return map;
    }

    public static String text(String key, Map<?, ?> map, String name, String fallback) {
        Object value = map.get(name);
        if (value == null && fallback != null) {
            return fallback;
        }
        if (!(value instanceof String text) || text.isBlank()) {
            throw new InvalidSheetException(key, "Each entry of " + key + " needs a " + name + ".");
        }
        return text.strip();
    }

    public static int integer(String key, Map<?, ?> map, String name, int fallback, int min) {
        Object value = map.get(name);
        if (value == null) {
            return fallback;
        }
        if (!(value instanceof Number number) || number.intValue() < min) {
            throw new InvalidSheetException(key, name + " in " + key + " must be a whole number of at least " + min + ".");
        }
        return number.intValue();
    }

    public static boolean bool(String key, Map<?, ?> map, String name, boolean fallback) {
        Object value = map.get(name);
        if (value == null) {
            return fallback;
        }
        if (!(value instanceof Boolean b)) {
            throw new InvalidSheetException(key, name + " in " + key + " must be true or false.");
        }
        return b;
    }
}
