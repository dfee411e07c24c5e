package io.astragal.rules.bloodied;

import io.astragal.rules.SheetValues;
import io.astragal.dice.Dice;
import io.astragal.dice.DiceException;
import io.astragal.rules.InvalidSheetException;
import io.astragal.rules.SheetSchema;
import io.astragal.rules.SheetSchema.Field;
import io.astragal.rules.SheetSchema.FieldType;
import io.astragal.rules.SheetSchema.Visibility;
import io.astragal.rules.bloodied.Stats.Weapon;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The bloodied-d20 character sheet: schema, validation and the stats the referee copies. */
final class BloodiedSheet {

    static final List<String> ABILITIES = List.of("STR", "BLD", "AGL", "INT", "LCK");
    static final Set<String> KINDS = Set.of("melee", "light", "ranged");

    static final SheetSchema SCHEMA = new SheetSchema(List.of(
            score("STR", "Strength"), score("BLD", "Build"), score("AGL", "Agility"), score("INT", "Intelligence"),
            score("LCK", "Luck"),
            new Field("level", "Level", FieldType.INTEGER, 1, 20, 1, Visibility.PUBLIC, false, "Added to initiative."),
            new Field("hp", "Hit points", FieldType.INTEGER, 1, 999, null, Visibility.PUBLIC, false, "Total hit points."),
            new Field("shield", "Shield modifier", FieldType.INTEGER, 0, 10, 0, Visibility.PUBLIC, false, "Added to Defense rolls."),
            new Field("armor", "Armor value", FieldType.TEXT, null, 20, "", Visibility.PUBLIC, false,
                    "Dice rolled against each hit, e.g. 1d4; empty for none."),
            new Field("weapons", "Weapons", FieldType.RECORD_LIST, null, null, List.of(), Visibility.PUBLIC, false,
                    "Each: name, damage (e.g. 1d8), kind (melee, light, ranged), ability (melee: STR or BLD; light and ranged: AGL or INT), "
                            + "effectiveRange and maxRange in feet (ranged), attackBonus, damageBonus."),
            new Field("castingPool", "Casting pool", FieldType.INTEGER, 0, 30, 0, Visibility.PUBLIC, false, "d6 in the casting pool."),
            new Field("spells", "Spells", FieldType.TEXT_LIST, null, null, List.of(), Visibility.PUBLIC, false, "Spells known."),
            new Field("notes", "Notes", FieldType.LONG_TEXT, null, 4000, "", Visibility.PRIVATE, false, ""),
            derived("initiativeBonus", "Initiative bonus", "INT modifier + level."),
            derived("defenseBonus", "Defense bonus", "AGL modifier + shield."),
            derived("bloodied", "Bloodied at", "Half the total hit points, rounded down."),
            derived("deathAt", "Dies at", "Negative bloodied.")));

    private BloodiedSheet() {
    }

    private static Field score(String key, String label) {
        return new Field(key, label, FieldType.INTEGER, 1, 25, 10, Visibility.PUBLIC, false,
                "Saves succeed on 1d20 at or under it; the modifier is (score - 10) / 2, rounded down.");
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
        String armor = (String) out.get("armor");
        if (!armor.isEmpty()) {
            checkDice("armor", armor);
        }
        out.put("weapons", weapons(out.get("weapons")).stream().map(BloodiedSheet::weaponMap).toList());
        Stats stats = stats(out);
        out.put("initiativeBonus", stats.modifierOf("INT") + stats.level());
        out.put("defenseBonus", stats.modifierOf("AGL") + stats.shield());
        out.put("bloodied", stats.bloodied());
        out.put("deathAt", -stats.bloodied());
        return out;
    }

    static Stats stats(Map<String, Object> sheet) {
        Map<String, Integer> scores = new LinkedHashMap<>();
        ABILITIES.forEach(a -> scores.put(a, (Integer) sheet.get(a)));
        return new Stats(scores, (Integer) sheet.get("level"), (Integer) sheet.get("hp"), (Integer) sheet.get("shield"),
                (String) sheet.get("armor"), weapons(sheet.get("weapons")), (Integer) sheet.get("castingPool"));
    }

    private static void checkDice(String field, String notation) {
        try {
            Dice.parse(notation);
        } catch (DiceException e) {
            throw new InvalidSheetException(field, field + ": " + e.getMessage());
        }
    }

    /** "Melee weapons use STR or BLD for their attack and damage rolls. Ranged weapons and light melee weapons use AGL or INT." */
    private static List<Weapon> weapons(Object value) {
        List<Weapon> weapons = new ArrayList<>();
        for (Object entry : (List<?>) value) {
            Map<?, ?> map = SheetValues.record("weapons", entry);
            String name = SheetValues.text("weapons", map, "name", null);
            String damage = SheetValues.text("weapons", map, "damage", null);
            checkDice("weapons", damage);
            String kind = SheetValues.text("weapons", map, "kind", "melee").toLowerCase(Locale.ROOT);
            if (!KINDS.contains(kind)) {
                throw new InvalidSheetException("weapons", name + ": kind is melee, light or ranged.");
            }
            String ability = SheetValues.text("weapons", map, "ability", kind.equals("melee") ? "STR" : "AGL").toUpperCase(Locale.ROOT);
            List<String> allowed = kind.equals("melee") ? List.of("STR", "BLD") : List.of("AGL", "INT");
            if (!allowed.contains(ability)) {
                throw new InvalidSheetException("weapons", name + ": a " + kind + " weapon uses " + String.join(" or ", allowed) + ".");
            }
            int effective = SheetValues.integer("weapons", map, "effectiveRange", 0, 0);
            int max = SheetValues.integer("weapons", map, "maxRange", effective, 0);
            if (kind.equals("ranged") && (effective < 1 || max < effective)) {
                throw new InvalidSheetException("weapons", name + ": a ranged weapon needs an effective range and a maximum range at least as long.");
            }
            weapons.add(new Weapon(name, damage, kind, ability, effective, max,
                    SheetValues.integer("weapons", map, "attackBonus", 0, -20),
                    SheetValues.integer("weapons", map, "damageBonus", 0, -20)));
        }
        return weapons;
    }

    private static Map<String, Object> weaponMap(Weapon w) {
        return Map.of("name", w.name(), "damage", w.damage(), "kind", w.kind(), "ability", w.ability(),
                "effectiveRange", w.effectiveRange(), "maxRange", w.maxRange(), "attackBonus", w.attackBonus(),
                "damageBonus", w.damageBonus());
    }
}
