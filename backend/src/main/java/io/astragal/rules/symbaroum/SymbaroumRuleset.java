package io.astragal.rules.symbaroum;

import io.astragal.dice.Dice;
import io.astragal.dice.DiceException;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.InvalidSheetException;
import io.astragal.rules.Referee;
import io.astragal.rules.Ruleset;
import io.astragal.rules.SheetSchema;
import io.astragal.rules.SheetSchema.Field;
import io.astragal.rules.SheetSchema.FieldType;
import io.astragal.rules.SheetSchema.Visibility;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Symbaroum: roll d20 under an attribute modified by the opposition; fixed Quick order. */
public final class SymbaroumRuleset implements Ruleset {

    static final String ID = "symbaroum";
    static final List<String> ATTRIBUTES = List.of("accurate", "cunning", "discreet", "persuasive", "quick",
            "resolute", "strong", "vigilant");
    static final List<String> LEVELS = List.of("novice", "adept", "master");

    private static final SheetSchema SCHEMA;

    static {
        List<Field> fields = new ArrayList<>();
        for (String a : ATTRIBUTES) {
            fields.add(new Field(a, label(a), FieldType.INTEGER, 1, 20, 10, Visibility.PUBLIC, false, ""));
        }
        fields.add(new Field("weapons", "Weapons", FieldType.RECORD_LIST, null, null, List.of(), Visibility.PUBLIC, false,
                "Each {name, damage, long, short, ranged, natural}: damage as dice notation, e.g. 1d8; natural weapons (claws, fists) are always ready."));
        fields.add(new Field("armor", "Armor protection", FieldType.TEXT, null, 40, "", Visibility.PUBLIC, false,
                "The armor's roll, e.g. 1d4; empty for none."));
        fields.add(new Field("impeding", "Armor's Impeding value", FieldType.INTEGER, 0, 10, 0, Visibility.PUBLIC, false, ""));
        fields.add(new Field("shield", "Shield", FieldType.BOOLEAN, null, null, false, Visibility.PUBLIC, false, "+1 to Defense."));
        fields.add(new Field("abilities", "Abilities", FieldType.RECORD_LIST, null, null, List.of(), Visibility.PUBLIC, false,
                "Each {name, level}: level novice, adept or master."));
        fields.add(new Field("experience", "Experience", FieldType.INTEGER, 0, 10000, 0, Visibility.PRIVATE, false, "Unspent Experience."));
        fields.add(new Field("notes", "Notes", FieldType.LONG_TEXT, null, 4000, "", Visibility.PRIVATE, false, ""));
        fields.add(new Field("toughness", "Toughness", FieldType.INTEGER, null, null, null, Visibility.PUBLIC, true, "Strong, never below 10."));
        fields.add(new Field("painThreshold", "Pain Threshold", FieldType.INTEGER, null, null, null, Visibility.PUBLIC, true, "Strong / 2, rounded up."));
        fields.add(new Field("defense", "Defense", FieldType.INTEGER, null, null, null, Visibility.PUBLIC, true, "Quick − Impeding (+1 with a shield)."));
        fields.add(new Field("corruptionThreshold", "Corruption Threshold", FieldType.INTEGER, null, null, null, Visibility.PUBLIC, true, "Resolute / 2, rounded up."));
        SCHEMA = new SheetSchema(fields);
    }

    private static String label(String key) {
        return Character.toUpperCase(key.charAt(0)) + key.substring(1);
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String name() {
        return "Symbaroum";
    }

    @Override
    public String summary() {
        return "Roll a d20 under an attribute modified by the opposition; the quickest act first, "
                + "armor is rolled, and pain knocks you down.";
    }

    @Override
    public InitiativeModel initiativeModel() {
        return InitiativeModel.ORDERED;
    }

    @Override
    public SheetSchema sheetSchema() {
        return SCHEMA;
    }

    @Override
    public Map<String, Object> validateSheet(Map<String, Object> sheet) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Field f : SCHEMA.fields()) {
            if (f.derived()) {
                continue;
            }
            Object value = sheet.get(f.key()) == null ? f.defaultValue() : sheet.get(f.key());
            out.put(f.key(), switch (f.type()) {
                case INTEGER -> {
                    if (!(value instanceof Number n) || n.doubleValue() != n.intValue() || n.intValue() < f.min() || n.intValue() > f.max()) {
                        throw new InvalidSheetException(f.key(), f.label() + " must be a whole number from " + f.min() + " to " + f.max() + ".");
                    }
                    yield n.intValue();
                }
                case TEXT, LONG_TEXT -> {
                    if (!(value instanceof String s) || s.length() > f.max()) {
                        throw new InvalidSheetException(f.key(), f.label() + " must be text of at most " + f.max() + " characters.");
                    }
                    yield s.trim();
                }
                case BOOLEAN -> {
                    if (!(value instanceof Boolean b)) {
                        throw new InvalidSheetException(f.key(), f.label() + " must be true or false.");
                    }
                    yield b;
                }
                case RECORD_LIST -> f.key().equals("weapons") ? weapons(value) : abilities(value);
                case TEXT_LIST -> throw new InvalidSheetException(f.key(), "Unexpected list.");
            });
        }
        String armor = (String) out.get("armor");
        if (!armor.isEmpty()) {
            notation("armor", armor);
        }
        int strong = (Integer) out.get("strong");
        int quick = (Integer) out.get("quick");
        int resolute = (Integer) out.get("resolute");
        out.put("toughness", toughness(strong));
        out.put("painThreshold", (strong + 1) / 2);
        out.put("defense", quick - (Integer) out.get("impeding") + (Boolean.TRUE.equals(out.get("shield")) ? 1 : 0));
        out.put("corruptionThreshold", (resolute + 1) / 2);
        return Map.copyOf(out);
    }

    /** "Toughness = Strong (though never below 10)". */
    static int toughness(int strong) {
        return Math.max(strong, 10);
    }

    private static void notation(String field, String text) {
        try {
            Dice.parse(text);
        } catch (DiceException e) {
            throw new InvalidSheetException(field, "“" + text + "” is not dice notation: " + e.getMessage());
        }
    }

    private static List<Map<String, Object>> weapons(Object value) {
        if (!(value instanceof List<?> list)) {
            throw new InvalidSheetException("weapons", "Weapons must be a list.");
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof Map<?, ?> m) || !(m.get("name") instanceof String name) || name.isBlank()
                    || !(m.get("damage") instanceof String damage) || damage.isBlank()) {
                throw new InvalidSheetException("weapons", "Every weapon needs a name and a damage roll.");
            }
            notation("weapons", damage);
            out.add(Map.of("name", name.trim(), "damage", damage.trim(), "long", Boolean.TRUE.equals(m.get("long")),
                    "short", Boolean.TRUE.equals(m.get("short")), "ranged", Boolean.TRUE.equals(m.get("ranged")),
                    "natural", Boolean.TRUE.equals(m.get("natural"))));
        }
        return List.copyOf(out);
    }

    private static List<Map<String, Object>> abilities(Object value) {
        if (!(value instanceof List<?> list)) {
            throw new InvalidSheetException("abilities", "Abilities must be a list.");
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof Map<?, ?> m) || !(m.get("name") instanceof String name) || name.isBlank()
                    || !(m.get("level") instanceof String level) || !LEVELS.contains(level.toLowerCase(Locale.ROOT))) {
                throw new InvalidSheetException("abilities", "Every ability needs a name and a level: novice, adept or master.");
            }
            out.add(Map.of("name", name.trim(), "level", level.toLowerCase(Locale.ROOT)));
        }
        return List.copyOf(out);
    }

    @Override
    public Referee<?> referee() {
        return new SymbaroumReferee();
    }
}
