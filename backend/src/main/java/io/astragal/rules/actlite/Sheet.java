package io.astragal.rules.actlite;

import java.util.List;
import java.util.Map;

/**
 * A validated Actlite character sheet, typed. Current crit and standard health are not here: they
 * live in the table state ({@link Combatant}), starting full when the character is placed.
 *
 * @param critMax       X in (X)Y
 * @param healthMax     Y in (X)Y
 * @param movementSpeed spaces moved for 1 AP
 * @param attributes    every score the character has, defensive and additional; a defensive
 *                      attribute the character lacks is absent
 * @param armor         replaces passive AGI as the DC of attacks against this character; 0 for none
 * @param weapons       in sheet order, names unique
 * @param skills        free text
 * @param apCards       AP cards the character brings to initiative
 * @param specialCards  other initiative cards, each the text a GM follows when it is drawn
 */
record Sheet(int critMax, int healthMax, int movementSpeed, Map<String, Integer> attributes, int armor,
             List<Weapon> weapons, List<String> skills, int apCards, List<String> specialCards) {

    /** "These are the only attributes that other characters are allowed to roll checks against." */
    static final List<String> DEFENSIVE = List.of("STR", "AGI", "WIL", "PER", "SOC");

    Sheet {
        attributes = Map.copyOf(attributes);
        weapons = List.copyOf(weapons);
        skills = List.copyOf(skills);
        specialCards = List.copyOf(specialCards);
    }

    /** "The 'passive' score, the score that other characters roll against, is 6+SCORE." Null without the score. */
    Integer passive(String attribute) {
        Integer score = attributes.get(attribute);
        return score == null ? null : 6 + score;
    }

    Weapon weapon(String name) {
        return weapons.stream().filter(w -> w.name().equalsIgnoreCase(name)).findFirst().orElse(null);
    }

    /**
     * @param name           unique on the sheet
     * @param tags           normalised: {@code 1-h} is written {@code one-handed}, {@code 2-h} {@code two-handed}
     * @param speed          AP cost of the 1st, 2nd, ... attack with it in a round
     * @param toHit          added to attack checks
     * @param strRequirement STR needed to wield it without disadvantage, or null for none
     * @param attacks        at least one
     */
    record Weapon(String name, List<String> tags, List<Integer> speed, int toHit, Integer strRequirement,
                  List<Attack> attacks) {

        Weapon {
            tags = List.copyOf(tags);
            speed = List.copyOf(speed);
            attacks = List.copyOf(attacks);
        }

        boolean oneHanded() {
            return tags.contains("one-handed");
        }

        /** "If you try to wield a two-handed weapon with one hand, attack with disadvantage." */
        boolean needsTwoHands() {
            return tags.contains("two-handed") && !oneHanded();
        }
    }

    /**
     * @param damage notation rolled on a hit, e.g. {@code 1d4}
     * @param crit   crit damage ("notated with parentheses"): reduces crit health directly
     * @param type   damage type, e.g. {@code B}
     * @param on6    effect text triggered "on 6", or empty
     */
    record Attack(String damage, boolean crit, String type, String on6) {

        /** "1d4 B" or "(1d4) B". */
        String label() {
            String dice = crit ? "(" + damage + ")" : damage;
            return type.isEmpty() ? dice : dice + " " + type;
        }
    }
}
