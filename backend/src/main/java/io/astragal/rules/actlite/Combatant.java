package io.astragal.rules.actlite;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A character placed at the table: what the table copied from the sheet when it was placed, and
 * what play has changed since (current health, conditions, written hexes).
 *
 * @param crit        current crit health
 * @param health      current standard health
 * @param conditions  condition name (lower case, without brackets) to its count, at least 1
 * @param hexes       hexes written and maintained, oldest first
 * @param hexesWritten hexes written since the last rest
 * @param hexSerial   how many hexes this character has ever written, for ids
 */
record Combatant(String id, String name, String ownerUserId, boolean npc, Sheet sheet,
                 int crit, int health, Map<String, Integer> conditions,
                 List<Hex> hexes, int hexesWritten, int hexSerial) {

    static final String UNCONSCIOUS = "unconscious";
    static final String DYING = "dying";

    Combatant {
        conditions = Map.copyOf(conditions);
        hexes = List.copyOf(hexes);
    }

    static Combatant placed(String id, String name, String ownerUserId, boolean npc, Sheet sheet) {
        return new Combatant(id, name, ownerUserId, npc, sheet, sheet.critMax(), sheet.healthMax(), Map.of(),
                List.of(), 0, 0);
    }

    Health current() {
        return new Health(crit, health);
    }

    int condition(String name) {
        return conditions.getOrDefault(name, 0);
    }

    boolean unconscious() {
        return condition(UNCONSCIOUS) > 0;
    }

    /**
     * Sets health. "When crit health reaches 0, the character falls unconscious and begins dying";
     * healed back above 0 crit, the character is no longer unconscious or dying.
     */
    Combatant withHealth(Health after) {
        int newCrit = after.crit();
        Map<String, Integer> changed = new HashMap<>(conditions);
        if (newCrit == 0 && crit > 0) {
            changed.put(UNCONSCIOUS, 1);
            changed.put(DYING, 1);
        } else if (newCrit > 0) {
            changed.remove(UNCONSCIOUS);
            changed.remove(DYING);
        }
        return new Combatant(id, name, ownerUserId, npc, sheet, newCrit, after.health(), changed, hexes, hexesWritten, hexSerial);
    }

    /** Count 0 removes the condition. */
    Combatant withCondition(String condition, int count) {
        Map<String, Integer> changed = new HashMap<>(conditions);
        if (count <= 0) {
            changed.remove(condition);
        } else {
            changed.put(condition, count);
        }
        return new Combatant(id, name, ownerUserId, npc, sheet, crit, health, changed, hexes, hexesWritten, hexSerial);
    }

    Combatant withHexes(List<Hex> newHexes, int written, int serial) {
        return new Combatant(id, name, ownerUserId, npc, sheet, crit, health, conditions, newHexes, written, serial);
    }

    /**
     * Health after damage: "When a character runs out of standard health all subsequent damage
     * reduces crit health. Crit damage reduces crit health directly."
     */
    Health afterDamage(int amount, boolean critDamage) {
        if (critDamage) {
            return new Health(Math.max(0, crit - amount), health);
        }
        int fromHealth = Math.min(health, amount);
        return new Health(Math.max(0, crit - (amount - fromHealth)), health - fromHealth);
    }

    /** Health after healing one track, capped at the sheet's maximum. */
    Health afterHealing(int amount, boolean critHealing) {
        if (critHealing) {
            return new Health(Math.min(sheet.critMax(), crit + amount), health);
        }
        return new Health(crit, Math.min(sheet.healthMax(), health + amount));
    }

    /** "A character can write 3 + WIL hexes ... can maintain 3 + WIL hexes ... up to 3 + WIL [modifier] hexes." */
    int hexCapacity() {
        return 3 + sheet.attributes().getOrDefault("WIL", 0);
    }

    /** The band shown instead of numbers to those who may not see them. */
    String band() {
        if (condition("dead") > 0) {
            return "dead";
        }
        if (crit == 0) {
            return "down";
        }
        if (crit < sheet.critMax() || (health == 0 && sheet.healthMax() > 0)) {
            return "bloodied";
        }
        return health < sheet.healthMax() ? "hurt" : "full";
    }

    /** Crit and standard health together, as the rules write them: (X)Y. */
    record Health(int crit, int health) {
        /** "(3)9" */
        String text() {
            return "(" + crit + ")" + health;
        }
    }

    /**
     * @param id        unique per character, e.g. {@code alda-hex-3}
     * @param text      the hex as written
     * @param modifiers [modifier] hexes attached to it
     */
    record Hex(String id, String text, List<String> modifiers) {
        Hex {
            modifiers = List.copyOf(modifiers);
        }
    }
}
