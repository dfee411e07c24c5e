package io.astragal.rules.vogt;

import io.astragal.rules.vogt.Stats.Item;
import io.astragal.rules.vogt.Stats.Weapon;
import java.util.ArrayList;
import java.util.List;

/** Inventory arithmetic from "Inventory", "Quick Slots" and "Encumbrance". */
final class Inventory {

    private Inventory() {
    }

    /** "10 + median STR (rounded down), to a minimum of the number of hands you have." */
    static int slots(String strDie, int hands) {
        return Math.max(10 + DieChart.median(strDie), hands);
    }

    /** "4 + DEX, to a minimum of the number of hands you have and a maximum of the number of inventory slots you have." */
    static int quickSlots(String dexDie, int hands, int slots) {
        return Math.min(Math.max(4 + DieChart.median(dexDie), hands), slots);
    }

    /** Slots an item takes: each bundle of {@code bundle} items takes the item's slots. */
    static int slotsOf(Item item) {
        int bundles = (item.quantity() + item.bundle() - 1) / item.bundle();
        return bundles * item.slots();
    }

    static int used(List<Weapon> weapons, List<Item> items) {
        return weapons.stream().mapToInt(Weapon::slots).sum() + items.stream().mapToInt(Inventory::slotsOf).sum();
    }

    /** Slots carried beyond capacity; the encumbrance save is made minus this number. */
    static int extraSlots(int used, int slots) {
        return Math.max(0, used - slots);
    }

    /** Things held, counting each bundle once: without a bag at most one per hand. */
    static int heldThings(List<Weapon> weapons, List<Item> items) {
        return weapons.size() + items.stream().mapToInt(i -> (i.quantity() + i.bundle() - 1) / i.bundle()).sum();
    }

    /**
     * Names of the quick-flagged things that really sit in quick slots, filled in sheet order
     * (weapons first). "An item that occupies a quick slot and a non-quick slot is treated as if it
     * occupies a non-quick slot", so one that does not fit wholly in the quick slots left is not quick.
     */
    static List<String> quickItems(List<Weapon> weapons, List<Item> items, int quickSlots) {
        List<String> quick = new ArrayList<>();
        int left = quickSlots;
        for (Weapon weapon : weapons) {
            if (weapon.quick() && weapon.slots() <= left) {
                quick.add(weapon.name());
                left -= weapon.slots();
            }
        }
        for (Item item : items) {
            int size = slotsOf(item);
            if (item.quick() && size <= left) {
                quick.add(item.name());
                left -= size;
            }
        }
        return quick;
    }
}
