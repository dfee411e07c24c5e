package io.astragal.rules;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * One argument a person still has to pick before an {@link ActionOption} can be sent, typed so the
 * browser draws the right control without knowing the rules.
 *
 * @param name    the command argument it fills, e.g. {@code target}
 * @param label   what the control is called on screen
 * @param kind    which control
 * @param options the allowed values for {@link Kind#CHOICE}, {@link Kind#CHOICES} and {@link Kind#GROUPS}; empty otherwise
 */
public record Need(String name, String label, Kind kind, List<String> options) {

    /** The controls a browser knows how to draw. */
    public enum Kind {
        /** One of the campaign's characters (the member view's {@code roster}); sends its id. */
        CHARACTER,
        /** Several of the campaign's characters; sends a list of ids. */
        CHARACTERS,
        /** One combatant at the table; sends its id. */
        COMBATANT,
        /** Several combatants at the table; sends a list of ids. */
        COMBATANTS,
        /** A whole number. */
        NUMBER,
        /** Free text. */
        TEXT,
        /** Dice notation. */
        NOTATION,
        /** One of the acting combatant's attributes (the keys of its {@code stats}). */
        ATTRIBUTE,
        /** One of {@link #options()}. */
        CHOICE,
        /** Any of {@link #options()}; sends a list. */
        CHOICES,
        /** Yes or no; sends a boolean. */
        FLAG,
        /** Each combatant put into one of {@link #options()} (e.g. sides of a fight); sends a list of lists of ids. */
        GROUPS
    }

    public Need {
        options = List.copyOf(options);
    }

    /**
     * As a record's, with the same need first: every view numbers its actions' needs by looking each
     * one up (docs/performance.md, step 54), and the record's own equals and hash walk every field.
     */
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof Need n && name.equals(n.name) && label.equals(n.label) && kind == n.kind
                && options.equals(n.options);
    }

    /** The name's and label's hashes: two needs of one name and label but other options are rare. */
    @Override
    public int hashCode() {
        return 31 * name.hashCode() + label.hashCode();
    }

    /** The argument names the rulesets share, and the control each one takes. */
    private static final Map<String, Kind> SHARED = Map.ofEntries(
            Map.entry("characterId", Kind.CHARACTER),
            Map.entry("characterIds", Kind.CHARACTERS),
            Map.entry("target", Kind.COMBATANT),
            Map.entry("attacker", Kind.COMBATANT),
            Map.entry("combatantId", Kind.COMBATANT),
            Map.entry("targets", Kind.COMBATANTS),
            Map.entry("combatantIds", Kind.COMBATANTS),
            Map.entry("surprised", Kind.COMBATANTS),
            Map.entry("amount", Kind.NUMBER),
            Map.entry("dc", Kind.NUMBER),
            Map.entry("modifier", Kind.NUMBER),
            Map.entry("targetNumber", Kind.NUMBER),
            Map.entry("manaDust", Kind.NUMBER),
            Map.entry("tier", Kind.NUMBER),
            Map.entry("notation", Kind.NOTATION),
            Map.entry("attribute", Kind.ATTRIBUTE),
            Map.entry("targetAttribute", Kind.ATTRIBUTE),
            Map.entry("text", Kind.TEXT));

    /** A need of the shared vocabulary (free text for a name outside it). */
    public static Need of(String name) {
        return new Need(name, labelOf(name), SHARED.getOrDefault(name, Kind.TEXT), List.of());
    }

    /** Needs of the shared vocabulary, in order. */
    public static List<Need> all(List<String> names) {
        return names.stream().map(Need::of).toList();
    }

    public static Need of(String name, String label, Kind kind) {
        return new Need(name, label, kind, List.of());
    }

    public static Need choice(String name, String label, List<String> options) {
        return new Need(name, label, Kind.CHOICE, options);
    }

    /** Labels by argument name (names come from the rulesets' code): views ask for them on every event. */
    private static final Map<String, String> LABELS = new ConcurrentHashMap<>();
    private static final Pattern CAMEL_HUMP = Pattern.compile("([a-z])([A-Z])");

    /** "targetAttribute" reads as "Target attribute". */
    static String labelOf(String name) {
        return LABELS.computeIfAbsent(name, Need::spelledOut);
    }

    private static String spelledOut(String name) {
        String spaced = CAMEL_HUMP.matcher(name).replaceAll("$1 $2").toLowerCase();
        return switch (name) {
            case "characterId" -> "Character";
            case "characterIds" -> "Characters";
            case "combatantId" -> "Combatant";
            case "combatantIds" -> "Combatants";
            case "dc" -> "DC";
            case "notation" -> "Dice";
            default -> Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
        };
    }
}
