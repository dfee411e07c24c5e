package io.astragal.rules.vogt;

import io.astragal.rules.SheetValues;
import io.astragal.rules.InvalidSheetException;
import io.astragal.rules.SheetSchema;
import io.astragal.rules.SheetSchema.Field;
import io.astragal.rules.SheetSchema.FieldType;
import io.astragal.rules.SheetSchema.Visibility;
import io.astragal.rules.vogt.Stats.Item;
import io.astragal.rules.vogt.Stats.Weapon;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The vogt character sheet: its schema, its validation and the stats the referee copies from it. */
final class VogtSheet {

    static final List<String> ABILITIES = List.of("STR", "DEX", "AWR", "WIL");
    static final Set<String> TECHNIQUE_DIE_SIZES = Set.of("d4", "d6", "d8", "d10", "d12");

    static final SheetSchema SCHEMA = new SheetSchema(List.of(
            ability("STR", "Strength"),
            ability("DEX", "Dexterity"),
            ability("AWR", "Awareness"),
            ability("WIL", "Will"),
            new Field("hp", "HP maximum", FieldType.INTEGER, 1, 999, null, Visibility.PUBLIC, false, "Hit points when fully rested."),
            new Field("ar", "AR", FieldType.INTEGER, 0, 99, 0, Visibility.PUBLIC, false, "Armor rating: subtracted from each hit's damage."),
            new Field("speed", "Speed", FieldType.INTEGER, 0, 99, 6, Visibility.PUBLIC, false, "Squares you may move on your turn."),
            new Field("hands", "Hands", FieldType.INTEGER, 0, 8, 2, Visibility.PUBLIC, false, "Hands you have; the minimum of your slots."),
            new Field("bag", "Has a bag", FieldType.BOOLEAN, null, null, true, Visibility.PUBLIC, false, "Without a bag you hold at most one item per hand."),
            new Field("weapons", "Weapons", FieldType.RECORD_LIST, null, null, List.of(), Visibility.PUBLIC, false,
                    "Each: name, damage (NdS, e.g. 1d6), type (blunt, slash, stab, fire...), slots (1), quick (true)."),
            new Field("techniqueDie", "Technique die", FieldType.TEXT, null, 3, "d6", Visibility.PUBLIC, false, "Size of your technique dice: d4 to d12."),
            new Field("techniqueDice", "Technique dice", FieldType.INTEGER, 0, 20, 0, Visibility.PUBLIC, false, "Technique dice you have when fully rested."),
            new Field("techniques", "Techniques", FieldType.TEXT_LIST, null, null, List.of(), Visibility.PUBLIC, false, "Techniques you have prepared."),
            new Field("inventory", "Inventory", FieldType.RECORD_LIST, null, null, List.of(), Visibility.PRIVATE, false,
                    "Each: name, slots (1), quantity (1), bundle (how many fit in those slots, 1), quick (false)."),
            new Field("resistances", "Resistances", FieldType.TEXT_LIST, null, null, List.of(), Visibility.PUBLIC, false, "Damage types you take half damage from."),
            new Field("vulnerabilities", "Vulnerabilities", FieldType.TEXT_LIST, null, null, List.of(), Visibility.PUBLIC, false, "Damage types you take double damage from."),
            new Field("statuses", "Statuses", FieldType.TEXT_LIST, null, null, List.of(), Visibility.PUBLIC, false, "Statuses the character starts play with, e.g. bleeding."),
            new Field("exhaustion", "Exhaustion", FieldType.INTEGER, 0, 3, 0, Visibility.PUBLIC, false, "Exhaustion level the character starts play with."),
            new Field("notes", "Notes", FieldType.LONG_TEXT, null, 4000, "", Visibility.PRIVATE, false, ""),
            derived("strModifier", "STR modifier", "Median of the STR die, rounded down: added to weapon damage."),
            derived("slots", "Inventory slots", "10 + median STR (rounded down), at least your hands."),
            derived("quickSlots", "Quick slots", "4 + DEX (its median), between your hands and your slots."),
            derived("slotsUsed", "Slots used", "Weapons and items, bundles counted per bundle."),
            derived("extraSlots", "Extra slots", "Slots carried beyond capacity: the encumbrance save's penalty."),
            new Field("quickItems", "In quick slots", FieldType.TEXT_LIST, null, null, List.of(), Visibility.PRIVATE, true,
                    "Quick-flagged things that fit wholly in the quick slots.")));

    private VogtSheet() {
    }

    private static Field ability(String key, String label) {
        return new Field(key, label, FieldType.TEXT, null, 4, "1d6", Visibility.PUBLIC, false,
                "A die on the die-size chart, from 0 to 5d12.");
    }

    private static Field derived(String key, String label, String help) {
        return new Field(key, label, FieldType.INTEGER, null, null, 0, Visibility.PUBLIC, true, help);
    }

    static Map<String, Object> validate(Map<String, Object> input) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Field field : SCHEMA.fields()) {
            if (!field.derived()) {
                out.put(field.key(), SheetValues.read(input, field));
            }
        }
        for (String ability : ABILITIES) {
            String die = (String) out.get(ability);
            if (!DieChart.isSize(die)) {
                throw new InvalidSheetException(ability, ability + " must be a die on the die-size chart (0, 1d4 ... 5d12), not " + die + ".");
            }
        }
        if (!TECHNIQUE_DIE_SIZES.contains((String) out.get("techniqueDie"))) {
            throw new InvalidSheetException("techniqueDie", "The technique die must be one of d4, d6, d8, d10, d12.");
        }
        out.put("resistances", lower(out.get("resistances")));
        out.put("vulnerabilities", lower(out.get("vulnerabilities")));
        List<Weapon> weapons = weapons(out.get("weapons"));
        List<Item> items = items(out.get("inventory"));
        out.put("weapons", weapons.stream().map(VogtSheet::weaponMap).toList());
        out.put("inventory", items.stream().map(VogtSheet::itemMap).toList());
        for (Object status : (List<?>) out.get("statuses")) {
            if (Status.parse((String) status).isEmpty()) {
                throw new InvalidSheetException("statuses", status + " is not a status of this ruleset.");
            }
        }
        int hands = (Integer) out.get("hands");
        if (!(Boolean) out.get("bag") && Inventory.heldThings(weapons, items) > hands) {
            throw new InvalidSheetException("inventory",
                    "Without a bag you can only hold a maximum of 1 item per hand (" + hands + ").");
        }
        int slots = Inventory.slots((String) out.get("STR"), hands);
        int quickSlots = Inventory.quickSlots((String) out.get("DEX"), hands, slots);
        int used = Inventory.used(weapons, items);
        out.put("strModifier", DieChart.median((String) out.get("STR")));
        out.put("slots", slots);
        out.put("quickSlots", quickSlots);
        out.put("slotsUsed", used);
        out.put("extraSlots", Inventory.extraSlots(used, slots));
        out.put("quickItems", Inventory.quickItems(weapons, items, quickSlots));
        return out;
    }

    /** Reads the stats from a sheet that {@link #validate} already normalised. */
    static Stats stats(Map<String, Object> sheet) {
        Map<String, String> abilities = new LinkedHashMap<>();
        ABILITIES.forEach(a -> abilities.put(a, (String) sheet.get(a)));
        return new Stats(abilities, (Integer) sheet.get("hp"), (Integer) sheet.get("ar"), (Integer) sheet.get("speed"),
                (Integer) sheet.get("hands"), (Boolean) sheet.get("bag"), weapons(sheet.get("weapons")),
                (String) sheet.get("techniqueDie"), (Integer) sheet.get("techniqueDice"), strings(sheet.get("techniques")),
                items(sheet.get("inventory")), strings(sheet.get("resistances")), strings(sheet.get("vulnerabilities")));
    }

    private static List<String> lower(Object value) {
        return strings(value).stream().map(t -> t.toLowerCase(Locale.ROOT)).toList();
    }

    private static List<String> strings(Object value) {
        return ((List<?>) value).stream().map(String::valueOf).toList();
    }

    private static List<Weapon> weapons(Object value) {
        List<Weapon> weapons = new ArrayList<>();
        for (Object entry : (List<?>) value) {
            Map<?, ?> map = SheetValues.record("weapons", entry);
            String name = SheetValues.text("weapons", map, "name", null);
            String damage = SheetValues.text("weapons", map, "damage", null);
            if (!DieChart.isPlainDice(damage)) {
                throw new InvalidSheetException("weapons", name + ": damage must be dice such as 1d6, not " + damage + ".");
            }
            weapons.add(new Weapon(name, damage, SheetValues.text("weapons", map, "type", "blunt").toLowerCase(Locale.ROOT),
                    SheetValues.integer("weapons", map, "slots", 1, 0), SheetValues.bool("weapons", map, "quick", true)));
        }
        return weapons;
    }

    private static List<Item> items(Object value) {
        List<Item> items = new ArrayList<>();
        for (Object entry : (List<?>) value) {
            Map<?, ?> map = SheetValues.record("inventory", entry);
            items.add(new Item(SheetValues.text("inventory", map, "name", null),
                    SheetValues.integer("inventory", map, "slots", 1, 0),
                    SheetValues.integer("inventory", map, "quantity", 1, 1),
                    SheetValues.integer("inventory", map, "bundle", 1, 1),
                    SheetValues.bool("inventory", map, "quick", false)));
        }
        return items;
    }

    private static Map<String, Object> weaponMap(Weapon w) {
        return Map.of("name", w.name(), "damage", w.damage(), "type", w.type(), "slots", w.slots(), "quick", w.quick());
    }

    private static Map<String, Object> itemMap(Item i) {
        return Map.of("name", i.name(), "slots", i.slots(), "quantity", i.quantity(), "bundle", i.bundle(), "quick", i.quick());
    }
}
