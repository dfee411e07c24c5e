package io.astragal.rules.cairn;

import java.util.List;

/** The roll tables of the cairn-ap text, word for word. */
final class CairnTables {

    private CairnTables() {
    }

    /** A table row: its number (or range start) and its text. */
    record Row(int entry, String title, String text) {
    }

    static final List<Row> SCARS = List.of(
            new Row(1, "Lasting Scar", "Roll 1d6. 1: Neck, 2: Hands, 3: Eye, 4: Chest, 5: Legs, 6: Ear. Roll 1d6. If the total is higher than your max HP, take the new result."),
            new Row(2, "Rattling Blow", "You’re disoriented and shaken. Describe how you refocus. Roll 1d6. If the total is higher than your max HP, take the new result."),
            new Row(3, "Walloped", "You’re sent flying and land flat on your face, winded. You are deprived until you rest for a few hours. Then, roll 1d6. Add that amount to your max HP."),
            new Row(4, "Broken Limb", "Roll 1d6. 1-2: Leg, 3-4: Arm, 5: Rib, 6: Skull. Once mended, roll 2d6. If the total is higher than your max HP, take the new result."),
            new Row(5, "Diseased", "You’re afflicted with a gross, uncomfortable infection. When you get over it, roll 2d6. If the total is higher than your max HP, take the new result."),
            new Row(6, "Reorienting Head Wound", "Roll 1d6. 1-2: STR, 3-4: DEX, 5-6: WIL. Roll 3d6. If the total is higher than your current attribute, take the new result."),
            new Row(7, "Hamstrung", "You can barely move until you get serious help and rest. After recovery, roll 3d6. If the total is higher than your max DEX, take the new result."),
            new Row(8, "Deafened", "You cannot hear anything until you find extraordinary aid. Regardless, make a WIL save. If you pass, increase your max WIL by 1d4."),
            new Row(9, "Re-brained", "Some hidden part of your psyche is knocked loose. Roll 3d6. If the total is higher than your max WIL, take the new result."),
            new Row(10, "Sundered", "An appendage is torn off, crippled, or useless. (The Warden will tell you which.) Then make a WIL save. If you pass, increase your max WIL by 1d6."),
            new Row(11, "Mortal Wound", "You are deprived and out of action. You die in one hour unless healed. Upon recovery, roll 2d6. Take the new result as your max HP."),
            new Row(12, "Doomed", "Death seemed ever so close, but somehow you survived. If your next save against critical damage is a fail, you die horribly. If you pass, roll 3d6. If the total is higher than your max HP, take the new result."));

    static final List<String> SCAR_LOCATIONS = List.of("Neck", "Hands", "Eye", "Chest", "Legs", "Ear");
    static final List<String> BROKEN_LIMBS = List.of("Leg", "Leg", "Arm", "Arm", "Rib", "Skull");
    static final List<String> HEAD_WOUND_ATTRIBUTES = List.of("str", "str", "dex", "dex", "wil", "wil");

    static Row scar(int hpLost) {
        return SCARS.get(Math.min(12, Math.max(1, hpLost)) - 1);
    }

    static final List<Row> MISHAPS = List.of(
            new Row(2, "No magic", "You cannot cast spells for 1d6 hours, and any attempts to manipulate magic will fail."),
            new Row(3, "Unstable magic", "For the next 24 hours, when casting spells you gain a Fatigue on a roll of 3-6."),
            new Row(4, "Chain reaction", "There is a chain reaction to the spell (the Warden will say how). Take an additional Fatigue."),
            new Row(5, "Reversed", "The Spell’s effects are reversed; the Warden will tell you how. Take an additional Fatigue."),
            new Row(6, "Combustion", "Any objects in your inventory that are not made of metal instantly combust. You are now immune to fire for short bursts."),
            new Row(7, "Drained", "You are deprived. After recovery, roll 1d6. If the total is higher than your max HP, take the new result."),
            new Row(8, "Burning will", "You take 1d4 WIL damage when casting spells for the next 24 hours. Afterwards roll 3d6. If the total is higher than your max WIL, take the new result."),
            new Row(9, "Purple skin", "The spell turns your skin a dark shade of purple, and makes you invisible in the moonlight. Your eyes however glow a bright yellow at night."),
            new Row(10, "Insubstantial", "You become insubstantial for 1d4 hours as your spirit leaves your body, which remains unconscious. You can fly and pass through walls, but not touch anything. Also, no one can see or hear you through mundane means."),
            new Row(11, "Arcane burns", "You suffer horrible arcane burns; lose 1d4 WIL. From now on you can use +1 Magic Dice for free (up to the limit) (use a die of a different color). If it results in a 4-6 you lose 1 WIL."),
            new Row(12, "Backfire", "The spell backfires; you lose 1 inventory slot (scratch it off your sheet). You are now surrounded by a magical essence that provides +1 Armor (normal limits still apply)."),
            new Row(13, "Damaged Grimoire", "Your Grimoire is damaged and unusable. Creating a new Grimoire from its remains restores the original spells as well."),
            new Row(14, "Magical tumors", "Instead of Fatigue, the spell causes magical tumors to fill their respective slots. They can only be removed by a specialized healer. Upon recovery, you are able to ignore a single Fatigue taken from spellcasting. If the spell did not cause Fatigue, you are deprived."),
            new Row(15, "Soul in the Grimoire", "Arcane energies wrack your body as a piece of your soul is transferred into your Grimoire. You lose half your WIL (rounded down). Your Grimoire now appears in any form you wish and takes no space in inventory. It cannot be destroyed except by your own death, and vice-versa."),
            new Row(16, "Plant skin", "You permanently lose 1d4 STR as the spell interacts with nearby plant life, which rips out of the earth and fuses against your skin. You have +1 Armor, although fire does enhanced damage against you. You can only feed by photosynthesis."),
            new Row(17, "Weird", "You are transformed into something weird and unnatural (the Warden will say exactly how). Others will have difficulty looking at you. If someone doesn’t focus on you, you are invisible. You fail any attempts at persuasion."),
            new Row(18, "Fused Grimoire", "One your hands becomes fused with your Grimoire. You can never let go of it, however it only takes up 1 inventory slot. You can fire a bolt of arcane energy from that hand that deals 1d6 damage. If your hand is cut off, you can never cast spells again."),
            new Row(19, "Wings", "Large ugly wings sprout from your back, ripping through whatever you are wearing. You gain 1d4 DEX and can fly. You cannot wear armor or a backpack, and have a only 5 inventory slots."),
            new Row(20, "Swapped limbs", "You dimensionally swap limbs with a magical being from an alien plane. Gain its properties (ask the Warden), both good and bad. Also: it’s coming for you, and it’s mad as hell."),
            new Row(21, "Linked deity", "An extra-planar deity senses your arcane power (ask the Warden which). You are now linked, and can call on it for aide. It can likewise ask you for help, and punish you for non-compliance. Good luck."),
            new Row(22, "Vessel of magic", "Your body becomes a vessel of pure magical energy. You no longer need to consume food, water or air. Fatigue and Mishaps from casting spells does not affect you, but instead you lose 1d4 STR on a result of 5-6. At STR 0 you become a spell (ask the Warden which). You can smell magic."),
            new Row(23, "Duplicate", "You create an exact duplicate of yourself. One grows older while the other grows younger. Both age at at the rate of 1 year per day. Your thoughts are joined, and if one dies so does the other. Only magical aide will restore you; afterward add +1d6 to each ability score."),
            new Row(24, "Elemental", "You have become Elemental. Create a True Name for yourself. Magical energies surround you at all times, and mundane attacks against you are impaired. If someone learns your True Name, they can control you. Other Elementals will come for you."));

    static Row mishap(int sum) {
        return MISHAPS.get(sum - 2);
    }

    /** "2 | 3-5 | 6-8 | 9-11 | 12 — Hostile | Wary | Curious | Kind | Helpful". */
    static Row reaction(int total) {
        if (total <= 2) {
            return new Row(2, "Hostile", "2: Hostile");
        } else if (total <= 5) {
            return new Row(3, "Wary", "3-5: Wary");
        } else if (total <= 8) {
            return new Row(6, "Curious", "6-8: Curious");
        } else if (total <= 11) {
            return new Row(9, "Kind", "9-11: Kind");
        }
        return new Row(12, "Helpful", "12: Helpful");
    }
}
