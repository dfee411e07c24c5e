package io.astragal.rules.cairn;

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
import java.util.Set;

/** Cairn with action points: d20 + attribute + object dice against a DC or a save, grouped AP turns. */
public final class CairnApRuleset implements Ruleset {

    static final String ID = "cairn-ap";
    static final Set<Integer> OBJECT_DIE_SIDES = Set.of(4, 6, 8, 10, 12, 20);

    private static final SheetSchema SCHEMA = new SheetSchema(List.of(
            new Field("str", "Strength (STR)", FieldType.INTEGER, 1, 20, 10, Visibility.PUBLIC, false,
                    "Physical power: lifting, bending bars, resisting poison."),
            new Field("dex", "Dexterity (DEX)", FieldType.INTEGER, 1, 20, 10, Visibility.PUBLIC, false,
                    "Poise, speed, reflexes, dodging, sneaking."),
            new Field("wil", "Willpower (WIL)", FieldType.INTEGER, 1, 20, 10, Visibility.PUBLIC, false,
                    "Persuading, deceiving, intimidating, manipulating spells."),
            new Field("hp", "Hit Protection (HP)", FieldType.INTEGER, 1, 30, 6, Visibility.PUBLIC, false,
                    "Maximum HP."),
            new Field("armor", "Armor", FieldType.INTEGER, 0, 3, 0, Visibility.PUBLIC, false,
                    "Subtracted from damage; never more than 3."),
            new Field("slots", "Inventory slots", FieldType.INTEGER, 0, 20, 10, Visibility.PRIVATE, false,
                    "How many items (and Fatigue) you can carry."),
            new Field("inventory", "Inventory", FieldType.TEXT_LIST, null, null, List.of(), Visibility.PRIVATE, false,
                    "One item per line; an item ending in (bulky) takes two slots."),
            new Field("weapons", "Weapons", FieldType.RECORD_LIST, null, null, List.of(), Visibility.PUBLIC, false,
                    "Each {name, die}: the weapon's Object Die, e.g. d8. Unarmed is always d4."),
            new Field("manaDust", "Mana dust", FieldType.INTEGER, 0, 20, 0, Visibility.PRIVATE, false,
                    "Magic Dice that never produce Fatigue."),
            new Field("detachment", "Detachment", FieldType.BOOLEAN, null, null, false, Visibility.PUBLIC, false,
                    "A large group of similar combatants fighting as one."),
            new Field("notes", "Notes", FieldType.LONG_TEXT, null, 4000, "", Visibility.PRIVATE, false, ""),
            new Field("move", "Move (spaces per AP)", FieldType.INTEGER, null, null, null, Visibility.PUBLIC, true,
                    "Half DEX rounded up."),
            new Field("usedSlots", "Used slots", FieldType.INTEGER, null, null, null, Visibility.PRIVATE, true,
                    "Slots taken by the inventory.")));

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String name() {
        return "Cairn (action points)";
    }

    @Override
    public String summary() {
        return "Three attributes, d20 + attribute + object dice against a DC or a contested save; "
                + "groups alternate turns of 4 AP; damage past 0 HP tears at STR.";
    }

    @Override
    public InitiativeModel initiativeModel() {
        return InitiativeModel.GROUPED_AP;
    }

    @Override
    public SheetSchema sheetSchema() {
        return SCHEMA;
    }

    @Override
    public Map<String, Object> validateSheet(Map<String, Object> sheet) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Field field : SCHEMA.fields()) {
            if (field.derived()) {
                continue;
            }
            Object raw = sheet.get(field.key());
            Object value = raw == null ? field.defaultValue() : raw;
            if (value == null) {
                throw new InvalidSheetException(field.key(), field.label() + " is required.");
            }
            out.put(field.key(), switch (field.type()) {
                case INTEGER -> integer(field, value);
                case TEXT, LONG_TEXT -> text(field, value);
                case BOOLEAN -> bool(field, value);
                case TEXT_LIST -> textList(field, value);
                case RECORD_LIST -> weapons(field, value);
            });
        }
        int dex = (Integer) out.get("dex");
        @SuppressWarnings("unchecked")
        List<String> inventory = (List<String>) out.get("inventory");
        int used = usedSlots(inventory);
        if (used > (Integer) out.get("slots")) {
            throw new InvalidSheetException("inventory",
                    "The inventory takes " + used + " slots but the character has " + out.get("slots") + ".");
        }
        out.put("move", (dex + 1) / 2);
        out.put("usedSlots", used);
        return Map.copyOf(out);
    }

    /** Each line is one slot; a line ending in "(bulky)" is two. */
    static int usedSlots(List<String> inventory) {
        int used = 0;
        for (String item : inventory) {
            used += item.toLowerCase(Locale.ROOT).trim().endsWith("(bulky)") ? 2 : 1;
        }
        return used;
    }

    /** Reads an Object Die written as 8, "8", "d8" or "1d8"; null when it is none of these. */
    static Integer dieSides(Object value) {
        if (value instanceof Number n && n.doubleValue() == n.intValue()) {
            return OBJECT_DIE_SIDES.contains(n.intValue()) ? n.intValue() : null;
        }
        if (value instanceof String s) {
            String t = s.trim().toLowerCase(Locale.ROOT);
            if (t.startsWith("1d")) {
                t = t.substring(1);
            }
            if (t.startsWith("d")) {
                t = t.substring(1);
            }
            try {
                int sides = Integer.parseInt(t);
                return OBJECT_DIE_SIDES.contains(sides) ? sides : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    private static Integer integer(Field field, Object value) {
        if (!(value instanceof Number n) || n.doubleValue() != n.intValue()) {
            throw new InvalidSheetException(field.key(), field.label() + " must be a whole number.");
        }
        int v = n.intValue();
        if ((field.min() != null && v < field.min()) || (field.max() != null && v > field.max())) {
            throw new InvalidSheetException(field.key(),
                    field.label() + " must be between " + field.min() + " and " + field.max() + ".");
        }
        return v;
    }

    private static String text(Field field, Object value) {
        if (!(value instanceof String s)) {
            throw new InvalidSheetException(field.key(), field.label() + " must be text.");
        }
        if (field.max() != null && s.length() > field.max()) {
            throw new InvalidSheetException(field.key(), field.label() + " is longer than " + field.max() + " characters.");
        }
        return s;
    }

    private static Boolean bool(Field field, Object value) {
        if (!(value instanceof Boolean b)) {
            throw new InvalidSheetException(field.key(), field.label() + " must be true or false.");
        }
        return b;
    }

    private static List<String> textList(Field field, Object value) {
        if (!(value instanceof List<?> list)) {
            throw new InvalidSheetException(field.key(), field.label() + " must be a list of lines.");
        }
        List<String> out = new ArrayList<>();
        for (Object item : list) {
            if (!(item instanceof String s) || s.isBlank()) {
                throw new InvalidSheetException(field.key(), field.label() + " may only hold non-empty lines.");
            }
            out.add(s.trim());
        }
        return List.copyOf(out);
    }

    private static List<Map<String, Object>> weapons(Field field, Object value) {
        if (!(value instanceof List<?> list)) {
            throw new InvalidSheetException(field.key(), field.label() + " must be a list of {name, die}.");
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object item : list) {
            if (!(item instanceof Map<?, ?> map) || !(map.get("name") instanceof String name) || name.isBlank()) {
                throw new InvalidSheetException(field.key(), "Every weapon needs a name.");
            }
            Integer sides = dieSides(map.get("die"));
            if (sides == null) {
                throw new InvalidSheetException(field.key(),
                        "Weapon " + name + " needs an Object Die: d4, d6, d8, d10, d12 or d20.");
            }
            out.add(Map.of("name", name.trim(), "die", sides));
        }
        return List.copyOf(out);
    }

    @Override
    public Referee<?> referee() {
        return new CairnReferee();
    }
}
