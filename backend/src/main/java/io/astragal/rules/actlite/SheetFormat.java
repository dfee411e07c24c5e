package io.astragal.rules.actlite;

import io.astragal.dice.Dice;
import io.astragal.dice.DiceException;
import io.astragal.rules.InvalidSheetException;
import io.astragal.rules.SheetSchema;
import io.astragal.rules.SheetSchema.Field;
import io.astragal.rules.SheetSchema.FieldType;
import io.astragal.rules.SheetSchema.Visibility;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** The sheet as a map (schema, validation, normalised form) and the typed {@link Sheet} behind it. */
final class SheetFormat {

    static final int ATTRIBUTE_MIN = -5;
    static final int ATTRIBUTE_MAX = 10;
    private static final int MAX_TEXT = 200;
    private static final int MAX_ENTRIES = 100;
    private static final Pattern ATTRIBUTE_NAME = Pattern.compile("[A-Z][A-Z0-9]{0,11}");
    private static final Pattern MEASURED_TAG = Pattern.compile("(reach|range)\\s*:\\s*(.*)");
    private static final Set<String> DERIVED = Set.of("health", "passiveSTR", "passiveAGI", "passiveWIL",
            "passivePER", "passiveSOC");
    private static final Set<String> WEAPON_KEYS = Set.of("name", "tags", "speed", "toHit", "strRequirement", "attacks");
    private static final Set<String> ATTACK_KEYS = Set.of("damage", "crit", "type", "on6");

    static final SheetSchema SCHEMA = new SheetSchema(schemaFields());

    private SheetFormat() {
    }

    private static List<Field> schemaFields() {
        List<Field> fields = new ArrayList<>();
        fields.add(number("critMax", "Crit health", 1, 99, 3, "X in (X)Y: at 0 crit the character falls unconscious and begins dying."));
        fields.add(number("healthMax", "Standard health", 0, 999, 9, "Y in (X)Y: damage comes off this first."));
        fields.add(new Field("health", "Health", FieldType.TEXT, null, null, null, Visibility.PUBLIC, true,
                "Written (X)Y: crit health, then standard health."));
        fields.add(number("movementSpeed", "Movement speed", 0, 100, 4, "Spaces moved for 1 AP during initiative."));
        for (String attribute : Sheet.DEFENSIVE) {
            fields.add(number(attribute, attribute, ATTRIBUTE_MIN, ATTRIBUTE_MAX, 0,
                    "Added to checks; others roll against 6+" + attribute + "."));
        }
        fields.add(new Field("missingAttributes", "Attributes the character does not have", FieldType.TEXT_LIST,
                null, MAX_ENTRIES, List.of(), Visibility.PUBLIC, false,
                "Defensive attributes (STR AGI WIL PER SOC) the character lacks: checks against them succeed automatically."));
        fields.add(new Field("additionalAttributes", "Other attributes", FieldType.RECORD_LIST, null, MAX_ENTRIES,
                List.of(), Visibility.PUBLIC, false, "Records {name, score}, e.g. {DEX, 1}. Nobody rolls against these."));
        for (String attribute : Sheet.DEFENSIVE) {
            fields.add(new Field("passive" + attribute, "Passive " + attribute, FieldType.INTEGER, null, null, null,
                    Visibility.PUBLIC, true, "6+" + attribute + ": the DC others roll against."));
        }
        fields.add(number("armor", "Armor", 0, 30, 0, "When above 0, attacks roll against this instead of passive AGI."));
        fields.add(new Field("weapons", "Weapons", FieldType.RECORD_LIST, null, MAX_ENTRIES, List.of(), Visibility.PUBLIC,
                false, "Records {name, tags, speed \"1->2\", toHit, strRequirement, attacks [{damage \"1d4\", crit, type, on6}]}."));
        fields.add(new Field("skills", "Skills", FieldType.TEXT_LIST, null, MAX_ENTRIES, List.of(), Visibility.PUBLIC,
                false, "One skill per line."));
        fields.add(number("apCards", "AP cards", 1, 10, 3, "AP cards this character brings to initiative."));
        fields.add(new Field("specialCards", "Special cards", FieldType.TEXT_LIST, null, MAX_ENTRIES, List.of(),
                Visibility.PUBLIC, false, "Other initiative cards; the GM follows the card's text when it is drawn."));
        return List.copyOf(fields);
    }

    private static Field number(String key, String label, int min, int max, int defaultValue, String help) {
        return new Field(key, label, FieldType.INTEGER, min, max, defaultValue, Visibility.PUBLIC, false, help);
    }

    /** Validates a submitted sheet and returns it normalised with derived values. */
    static Map<String, Object> validate(Map<String, Object> raw) {
        return toMap(parse(raw));
    }

    /** Reads a sheet (submitted or already normalised) into its typed form. */
    static Sheet parse(Map<String, Object> raw) {
        for (String key : raw.keySet()) {
            if (!DERIVED.contains(key) && SCHEMA.fields().stream().noneMatch(f -> f.key().equals(key))) {
                throw new InvalidSheetException(key, "Actlite sheets have no field \"" + key + "\".");
            }
        }
        Map<String, Integer> attributes = new LinkedHashMap<>();
        List<String> missing = missingAttributes(raw.get("missingAttributes"));
        for (String attribute : Sheet.DEFENSIVE) {
            int score = integer(raw.get(attribute), attribute, 0, ATTRIBUTE_MIN, ATTRIBUTE_MAX);
            if (!missing.contains(attribute)) {
                attributes.put(attribute, score);
            }
        }
        additionalAttributes(raw.get("additionalAttributes"), attributes);
        List<String> specialCards = texts(raw.get("specialCards"), "specialCards");
        return new Sheet(
                integer(raw.get("critMax"), "critMax", 3, 1, 99),
                integer(raw.get("healthMax"), "healthMax", 9, 0, 999),
                integer(raw.get("movementSpeed"), "movementSpeed", 4, 0, 100),
                attributes,
                integer(raw.get("armor"), "armor", 0, 0, 30),
                weapons(raw.get("weapons"), attributes),
                texts(raw.get("skills"), "skills"),
                integer(raw.get("apCards"), "apCards", 3, 1, 10),
                specialCards);
    }

    static Map<String, Object> toMap(Sheet sheet) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("critMax", sheet.critMax());
        map.put("healthMax", sheet.healthMax());
        map.put("health", "(" + sheet.critMax() + ")" + sheet.healthMax());
        map.put("movementSpeed", sheet.movementSpeed());
        List<String> missing = new ArrayList<>();
        List<Map<String, Object>> additional = new ArrayList<>();
        for (String attribute : Sheet.DEFENSIVE) {
            Integer score = sheet.attributes().get(attribute);
            if (score == null) {
                missing.add(attribute);
            } else {
                map.put(attribute, score);
                map.put("passive" + attribute, sheet.passive(attribute));
            }
        }
        sheet.attributes().entrySet().stream()
                .filter(e -> !Sheet.DEFENSIVE.contains(e.getKey()))
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> additional.add(Map.of("name", e.getKey(), "score", e.getValue())));
        map.put("missingAttributes", List.copyOf(missing));
        map.put("additionalAttributes", List.copyOf(additional));
        map.put("armor", sheet.armor());
        map.put("weapons", sheet.weapons().stream().map(SheetFormat::weaponMap).toList());
        map.put("skills", sheet.skills());
        map.put("apCards", sheet.apCards());
        map.put("specialCards", sheet.specialCards());
        return map;
    }

    private static Map<String, Object> weaponMap(Sheet.Weapon weapon) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("name", weapon.name());
        map.put("tags", weapon.tags());
        map.put("speed", CostSequence.format(weapon.speed()));
        map.put("toHit", weapon.toHit());
        if (weapon.strRequirement() != null) {
            map.put("strRequirement", weapon.strRequirement());
        }
        map.put("attacks", weapon.attacks().stream()
                .map(a -> Map.<String, Object>of("damage", a.damage(), "crit", a.crit(), "type", a.type(), "on6", a.on6()))
                .toList());
        return map;
    }

    private static List<String> missingAttributes(Object value) {
        List<String> missing = new ArrayList<>();
        for (String name : texts(value, "missingAttributes")) {
            String attribute = name.toUpperCase(Locale.ROOT);
            if (!Sheet.DEFENSIVE.contains(attribute)) {
                throw new InvalidSheetException("missingAttributes",
                        "Only the defensive attributes STR, AGI, WIL, PER and SOC can be listed as missing, not " + name + ".");
            }
            if (!missing.contains(attribute)) {
                missing.add(attribute);
            }
        }
        return missing;
    }

    private static void additionalAttributes(Object value, Map<String, Integer> attributes) {
        String field = "additionalAttributes";
        if (value == null) {
            return;
        }
        if (value instanceof Map<?, ?> byName) {
            for (Map.Entry<?, ?> entry : byName.entrySet()) {
                String path = field + "." + entry.getKey();
                addAttribute(String.valueOf(entry.getKey()), path, entry.getValue(), path, attributes);
            }
            return;
        }
        List<?> list = list(value, field);
        for (int i = 0; i < list.size(); i++) {
            String path = field + "[" + i + "]";
            Map<String, Object> record = record(list.get(i), path);
            addAttribute(text(record.get("name"), path + ".name", null), path + ".name", record.get("score"),
                    path + ".score", attributes);
        }
    }

    private static void addAttribute(String rawName, String namePath, Object score, String scorePath,
                                     Map<String, Integer> attributes) {
        String name = rawName.strip().toUpperCase(Locale.ROOT);
        if (!ATTRIBUTE_NAME.matcher(name).matches()) {
            throw new InvalidSheetException(namePath, "An attribute name is a short word of letters, like DEX, not \"" + rawName + "\".");
        }
        if (Sheet.DEFENSIVE.contains(name) || attributes.containsKey(name)) {
            throw new InvalidSheetException(namePath, "The attribute " + name + " is listed twice.");
        }
        attributes.put(name, integer(score, scorePath, null, ATTRIBUTE_MIN, ATTRIBUTE_MAX));
    }

    private static List<Sheet.Weapon> weapons(Object value, Map<String, Integer> attributes) {
        List<Sheet.Weapon> weapons = new ArrayList<>();
        List<?> list = value == null ? List.of() : list(value, "weapons");
        for (int i = 0; i < list.size(); i++) {
            String path = "weapons[" + i + "]";
            Map<String, Object> record = record(list.get(i), path);
            unknownKeys(record, WEAPON_KEYS, path);
            String name = text(record.get("name"), path + ".name", null);
            if (weapons.stream().anyMatch(w -> w.name().equalsIgnoreCase(name))) {
                throw new InvalidSheetException(path + ".name", "Two weapons are called " + name + "; give each its own name.");
            }
            Object strRequirement = record.get("strRequirement");
            weapons.add(new Sheet.Weapon(name,
                    tags(record.get("tags"), path + ".tags"),
                    speed(record.get("speed"), path + ".speed"),
                    integer(record.get("toHit"), path + ".toHit", 0, -10, 20),
                    strRequirement == null ? null : integer(strRequirement, path + ".strRequirement", null, ATTRIBUTE_MIN, 20),
                    attacks(record.get("attacks"), path + ".attacks", attributes)));
        }
        return weapons;
    }

    private static List<String> tags(Object value, String path) {
        Set<String> tags = new LinkedHashSet<>();
        for (String raw : texts(value, path)) {
            String tag = raw.strip().toLowerCase(Locale.ROOT);
            var measured = MEASURED_TAG.matcher(tag);
            if (tag.equals("1-h")) {
                tag = "one-handed";
            } else if (tag.equals("2-h")) {
                tag = "two-handed";
            } else if (measured.matches()) {
                String distance = measured.group(2).strip();
                if (!distance.equals("close") && !distance.matches("\\d{1,3}")) {
                    throw new InvalidSheetException(path, "\"" + raw + "\" must give a number of spaces or \"close\", e.g. reach: 2.");
                }
                tag = measured.group(1) + ": " + distance;
            }
            tags.add(tag);
        }
        return List.copyOf(tags);
    }

    private static List<Integer> speed(Object value, String path) {
        if (value == null) {
            return List.of(1);
        }
        String written = value instanceof Number number && number.doubleValue() == Math.rint(number.doubleValue())
                ? String.valueOf(number.longValue())
                : String.valueOf(value);
        List<Integer> costs = CostSequence.parse(written);
        if (costs == null || costs.contains(0)) {
            throw new InvalidSheetException(path, "Speed is an AP cost or arrow costs such as 1->2, each at least 1, not \"" + value + "\".");
        }
        return costs;
    }

    private static List<Sheet.Attack> attacks(Object value, String path, Map<String, Integer> attributes) {
        List<?> list = value == null ? List.of() : list(value, path);
        if (list.isEmpty()) {
            throw new InvalidSheetException(path, "A weapon needs at least one attack, e.g. {damage: \"1d4\", type: \"B\"}.");
        }
        List<Sheet.Attack> attacks = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String at = path + "[" + i + "]";
            Map<String, Object> record = record(list.get(i), at);
            unknownKeys(record, ATTACK_KEYS, at);
            String damage = text(record.get("damage"), at + ".damage", null);
            boolean crit = bool(record.get("crit"), at + ".crit");
            // "Crit damage is notated with parentheses": (1d4) is crit damage of 1d4.
            if (damage.startsWith("(") && damage.endsWith(")") && wrapsWhole(damage)) {
                damage = damage.substring(1, damage.length() - 1).strip();
                crit = true;
            }
            checkDamage(damage, attributes, at + ".damage");
            attacks.add(new Sheet.Attack(damage, crit, text(record.get("type"), at + ".type", ""),
                    text(record.get("on6"), at + ".on6", "")));
        }
        return attacks;
    }

    /** True when the opening parenthesis at 0 closes at the last character. */
    private static boolean wrapsWhole(String text) {
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            depth += text.charAt(i) == '(' ? 1 : text.charAt(i) == ')' ? -1 : 0;
            if (depth == 0) {
                return i == text.length() - 1;
            }
        }
        return false;
    }

    /** Rolls the notation once with every die showing 1, so bad notation and unknown @labels fail here, not at the table. */
    private static void checkDamage(String damage, Map<String, Integer> attributes, String path) {
        try {
            Dice.roll(damage, attributes, sides -> 1);
        } catch (DiceException e) {
            throw new InvalidSheetException(path, "Damage \"" + damage + "\" is not valid dice notation: " + e.getMessage());
        }
    }

    private static void unknownKeys(Map<String, Object> record, Set<String> known, String path) {
        for (String key : record.keySet()) {
            if (!known.contains(key)) {
                throw new InvalidSheetException(path + "." + key, "There is no field \"" + key + "\" here.");
            }
        }
    }

    private static int integer(Object value, String field, Integer defaultValue, int min, int max) {
        if (value == null) {
            if (defaultValue == null) {
                throw new InvalidSheetException(field, field + " is required.");
            }
            return defaultValue;
        }
        if (!(value instanceof Number number) || number.doubleValue() != Math.rint(number.doubleValue())) {
            throw new InvalidSheetException(field, field + " must be a whole number, not \"" + value + "\".");
        }
        double n = number.doubleValue();
        if (n < min || n > max) {
            throw new InvalidSheetException(field, field + " must be between " + min + " and " + max + ", not " + number + ".");
        }
        return (int) n;
    }

    private static boolean bool(Object value, String field) {
        if (value == null) {
            return false;
        }
        if (!(value instanceof Boolean b)) {
            throw new InvalidSheetException(field, field + " must be true or false.");
        }
        return b;
    }

    private static String text(Object value, String field, String defaultValue) {
        if (value == null || (value instanceof String s && s.isBlank() && defaultValue != null)) {
            if (defaultValue == null) {
                throw new InvalidSheetException(field, field + " is required.");
            }
            return defaultValue;
        }
        if (!(value instanceof String s) || s.isBlank()) {
            throw new InvalidSheetException(field, field + " must be text.");
        }
        if (s.length() > MAX_TEXT) {
            throw new InvalidSheetException(field, field + " is longer than " + MAX_TEXT + " characters.");
        }
        return s.strip();
    }

    private static List<String> texts(Object value, String field) {
        if (value == null) {
            return List.of();
        }
        List<?> list = list(value, field);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            texts.add(text(list.get(i), field + "[" + i + "]", null));
        }
        return List.copyOf(texts);
    }

    private static List<?> list(Object value, String field) {
        if (!(value instanceof List<?> list)) {
            throw new InvalidSheetException(field, field + " must be a list.");
        }
        if (list.size() > MAX_ENTRIES) {
            throw new InvalidSheetException(field, field + " has more than " + MAX_ENTRIES + " entries.");
        }
        return list;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> record(Object value, String field) {
        if (!(value instanceof Map<?, ?> map) || map.keySet().stream().anyMatch(k -> !(k instanceof String))) {
            throw new InvalidSheetException(field, field + " must be a record of named fields.");
        }
        return (Map<String, Object>) map;
    }
}
