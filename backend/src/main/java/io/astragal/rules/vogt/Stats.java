package io.astragal.rules.vogt;

import java.util.List;
import java.util.Map;

/**
 * What the rules need from a validated sheet, copied into the event that places a character so
 * replay never depends on the campaign's current sheets.
 *
 * @param abilities     ability key (STR, DEX, AWR, WIL) to its die on the die-size chart
 * @param hpMax         HP maximum
 * @param ar            armor rating
 * @param speed         squares per turn
 * @param hands         number of hands
 * @param bag           carries a bag (without one, one item per hand)
 * @param weapons       wielded weapons
 * @param techniqueDie  size of a technique die, e.g. "d6"
 * @param techniqueDice technique dice when fully rested
 * @param techniques    prepared techniques
 * @param inventory     carried items
 * @param resistances   damage types resisted
 * @param vulnerabilities damage types the character is vulnerable to
 */
record Stats(Map<String, String> abilities, int hpMax, int ar, int speed, int hands, boolean bag,
             List<Weapon> weapons, String techniqueDie, int techniqueDice, List<String> techniques,
             List<Item> inventory, List<String> resistances, List<String> vulnerabilities) {

    Stats {
        abilities = Map.copyOf(abilities);
        weapons = List.copyOf(weapons);
        techniques = List.copyOf(techniques);
        inventory = List.copyOf(inventory);
        resistances = List.copyOf(resistances);
        vulnerabilities = List.copyOf(vulnerabilities);
    }

    /** A weapon: its damage die is also the Attack action's initiative die. */
    record Weapon(String name, String damage, String type, int slots, boolean quick) {
    }

    /** A carried item; {@code bundle} items of it fit in one group of {@code slots}. */
    record Item(String name, int slots, int quantity, int bundle, boolean quick) {
    }
}
