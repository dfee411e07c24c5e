package io.astragal.rules.cairn;

import static io.astragal.rules.cairn.CairnReferee.acting;
import static io.astragal.rules.cairn.CairnReferee.attribute;
import static io.astragal.rules.cairn.CairnReferee.combatant;
import static io.astragal.rules.cairn.CairnReferee.controls;
import static io.astragal.rules.cairn.CairnReferee.cost;
import static io.astragal.rules.cairn.CairnReferee.heldOf;
import static io.astragal.rules.cairn.CairnReferee.onTurn;

import io.astragal.dice.DiceSource;
import io.astragal.dice.Die;
import io.astragal.dice.RollResult;
import io.astragal.rules.GameEvent;
import io.astragal.rules.Play;
import io.astragal.rules.Refusal;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.cairn.CairnCommand.Attack;
import io.astragal.rules.cairn.CairnCommand.CastSpell;
import io.astragal.rules.cairn.CairnCommand.Check;
import io.astragal.rules.cairn.CairnCommand.Save;
import io.astragal.rules.cairn.CairnDice.ActionRoll;
import io.astragal.rules.cairn.CairnEvent.AttackRolled;
import io.astragal.rules.cairn.CairnEvent.CheckRolled;
import io.astragal.rules.cairn.CairnEvent.CriticalSave;
import io.astragal.rules.cairn.CairnEvent.DamageTaken;
import io.astragal.rules.cairn.CairnEvent.SaveRolled;
import io.astragal.rules.cairn.CairnEvent.ScarRecovered;
import io.astragal.rules.cairn.CairnEvent.ScarSuffered;
import io.astragal.rules.cairn.CairnEvent.SpellCast;
import io.astragal.rules.cairn.CairnEvent.TargetResult;
import io.astragal.rules.cairn.CairnState.Combatant;
import io.astragal.rules.cairn.CairnState.Encounter;
import io.astragal.rules.cairn.CairnState.Patch;
import io.astragal.rules.cairn.CairnState.Weapon;
import io.astragal.rules.cairn.CairnTables.Row;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Actions, saves, attacks, damage and magic: the rules that roll. */
final class CairnActions {

    /** "make a STR Save (DC=15) to avoid taking Critical Damage". */
    static final int CRITICAL_DC = 15;
    static final int MAX_MAGIC_DICE = 4;
    static final Weapon UNARMED = new Weapon("Unarmed", 4);

    private CairnActions() {
    }

    /** What an action costs and what is left, or free outside the fight. */
    private record Payment(int cost, int apLeft, boolean held) {
    }

    /**
     * In the fight an action is paid on the actor's turn, or was paid earlier as a Held Action
     * ("When then Action happens: Other resources will be used, then the Initiator Rolls").
     */
    private static Payment pay(CairnState state, Combatant c, Integer amount, boolean held, Play play) {
        Encounter enc = state.encounter();
        if (held) {
            heldOf(state, c);
            return new Payment(0, enc.apOf(c.id()), true);
        }
        if (enc == null || !enc.includes(c.id())) {
            cost(state, amount, play);
            return new Payment(0, 0, false);
        }
        int cost = cost(state, amount, play);
        return new Payment(cost, onTurn(state, c, cost), false);
    }

    /** Gain Advantage: "Initiator can add Advantage for its Base Dice for the next roll." */
    private static List<Integer> withPending(CairnState state, Combatant c, List<Integer> advantage, int extra) {
        int pending = state.encounter() == null ? 0 : state.encounter().advantage().getOrDefault(c.id(), 0);
        List<Integer> out = new ArrayList<>(advantage.isEmpty() ? List.of(0) : advantage);
        out.set(0, (out.getFirst() == null ? 0 : out.getFirst()) + pending + extra);
        return out;
    }

    /** More than this many Advantages or Disadvantages on one die is not a ruling but a typo (or a flood of dice). */
    static final int MAX_ADVANTAGE = 5;
    static final int MAX_OBJECT_DICE = 4;

    /** Net advantage per die: the base die first, then one per object die, each within ±{@value #MAX_ADVANTAGE}. */
    private static List<Integer> advantages(List<Integer> advantage, int objectDice, Integer edge) {
        if (advantage.size() > 1 + objectDice) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Advantage is given per die: the d20, then each object die.");
        }
        for (Integer a : advantage) {
            if (a != null && Math.abs(a) > MAX_ADVANTAGE) {
                throw new Refusal(RejectionCode.INVALID_COMMAND, "At most " + MAX_ADVANTAGE + " Advantages or Disadvantages on one die.");
            }
        }
        if (edge != null && Math.abs(edge) > MAX_ADVANTAGE) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "At most " + MAX_ADVANTAGE + " Advantages or Disadvantages on one die.");
        }
        if (edge == null || edge == 0) {
            return advantage;
        }
        List<Integer> out = new ArrayList<>(advantage.isEmpty() ? List.of(0) : advantage);
        out.set(0, (out.getFirst() == null ? 0 : out.getFirst()) + edge);
        return out;
    }

    private static List<Integer> objectDice(List<Integer> dice) {
        if (dice.size() > MAX_OBJECT_DICE) {
            throw new Refusal(RejectionCode.INVALID_DICE, "At most " + MAX_OBJECT_DICE + " object dice.");
        }
        for (Integer d : dice) {
            if (d == null || !CairnApRuleset.OBJECT_DIE_SIDES.contains(d)) {
                throw new Refusal(RejectionCode.INVALID_DICE, "Object dice are d4, d6, d8, d10, d12 or d20.");
            }
        }
        return dice;
    }

    static List<GameEvent> check(CairnState state, Check cmd, Play play) {
        Combatant c = acting(state, cmd.combatantId(), play);
        String attr = attribute(cmd.attribute());
        if ((cmd.dc() == null) == (cmd.target() == null)) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "An action is rolled against a DC or against a target, not both.");
        }
        Boolean dcHidden = dcHidden(cmd.hideDc(), cmd.dc(), play);
        Combatant target = cmd.target() == null ? null : combatant(state, cmd.target());
        String targetAttr = target == null ? null : cmd.targetAttribute() == null ? attr : attribute(cmd.targetAttribute());
        objectDice(cmd.objectDice());
        objectDice(cmd.targetObjectDice());
        List<Integer> advantage = advantages(cmd.advantage(), cmd.objectDice().size(), cmd.edge());
        List<Integer> targetAdvantage = advantages(cmd.targetAdvantage(), cmd.targetObjectDice().size(), null);
        Payment pay = pay(state, c, cmd.amount(), cmd.held(), play);
        ActionRoll ir = CairnDice.roll(play.dice(), c.get(attr), cmd.objectDice(), withPending(state, c, advantage, 0));
        RollResult tr = null;
        boolean success;
        if (target == null) {
            // "If it is a DC: Check Results (IR vs DC)"; "IR is larger or equal to TR: The Initiator Succeed"
            success = ir.result().total() >= cmd.dc();
        } else {
            tr = CairnDice.roll(play.dice(), target.get(targetAttr), cmd.targetObjectDice(), targetAdvantage).result();
            success = ir.result().total() >= tr.total();
        }
        return List.of(new CheckRolled(c.id(), c.name(), c.npc(), attr, c.get(attr), ir.result(), cmd.dc(),
                target == null ? null : target.id(), target == null ? null : target.name(), target != null && target.npc(),
                targetAttr, tr, success,
                ir.natural1(), ir.natural20(), pay.cost(), pay.apLeft(), pay.held(), cmd.text(), dcHidden));
    }

    /**
     * "The Warden decide the DC ... The Warden can disclose the DC if appropriate": a DC the Warden
     * keeps is left out of the players' log. A player who rolls against a DC was told it.
     * Returns true for a kept DC, null (told) otherwise, so events logged before there was a choice read as told.
     */
    private static Boolean dcHidden(Boolean hideDc, Integer dc, Play play) {
        if (!Boolean.TRUE.equals(hideDc)) {
            return null;
        }
        if (!play.actor().isGm()) {
            throw new Refusal(RejectionCode.NOT_ALLOWED, "Only the Warden keeps a DC from the players.");
        }
        if (dc == null) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Only a DC can be kept from the players, not a save someone rolls.");
        }
        return true;
    }

    static List<GameEvent> save(CairnState state, Save cmd, Play play) {
        Combatant c = combatant(state, cmd.combatantId());
        controls(play, c);
        String attr = attribute(cmd.attribute());
        if (cmd.dc() == null || cmd.dc() < 0) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "The Warden sets the DC of a save.");
        }
        Boolean dcHidden = dcHidden(cmd.hideDc(), cmd.dc(), play);
        ActionRoll tr = CairnDice.roll(play.dice(), c.get(attr), objectDice(cmd.objectDice()),
                advantages(cmd.advantage(), cmd.objectDice().size(), null));
        return List.of(new SaveRolled(c.id(), c.name(), c.npc(), attr, c.get(attr), tr.result(), cmd.dc(),
                saved(tr.result().total(), cmd.dc()), tr.natural1(), tr.natural20(), cmd.text(), dcHidden));
    }

    /**
     * A save against a DC: the DC stands where the IR stands, and "IR is larger or equal to TR:
     * The Initiator Succeed", so the save succeeds only when the TR is larger than the DC.
     */
    static boolean saved(int tr, int dc) {
        return tr > dc;
    }

    static List<GameEvent> attack(CairnState state, Attack cmd, Play play) {
        Combatant a = acting(state, cmd.combatantId(), play);
        Weapon main = weapon(a, cmd.weapon());
        Weapon offhand = cmd.offhand() == null ? null : weapon(a, cmd.offhand());
        if (cmd.target() == null) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Choose a target.");
        }
        List<Combatant> targets = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<String> ids = new ArrayList<>();
        ids.add(cmd.target());
        ids.addAll(cmd.extraTargets());
        for (String id : ids) {
            Combatant t = combatant(state, id);
            if (t.id().equals(a.id()) || !seen.add(t.id())) {
                throw new Refusal(RejectionCode.INVALID_COMMAND, "Each target once, and not yourself.");
            }
            targets.add(t);
        }
        String attr = attribute(cmd.attribute() == null ? "str" : cmd.attribute());
        String targetAttr = attribute(cmd.targetAttribute() == null ? "dex" : cmd.targetAttribute());
        objectDice(cmd.targetObjectDice());
        List<Integer> advantage = advantages(cmd.advantage(), offhand == null ? 1 : 2, cmd.edge());
        List<Integer> targetAdvantage = advantages(cmd.targetAdvantage(), cmd.targetObjectDice().size(), null);
        Payment pay = pay(state, a, cmd.amount(), cmd.held(), play);
        boolean blast = targets.size() > 1 || a.detachment();
        // "Attacks against detachments by individuals are impaired (excluding blast damage).
        //  Attacks against individuals by detachments are enhanced and deal blast damage."
        int modifier = 0;
        if (!a.detachment() && !blast && targets.getFirst().detachment()) {
            modifier = -1;
        } else if (a.detachment() && targets.stream().noneMatch(Combatant::detachment)) {
            modifier = 1;
        }
        List<Integer> weaponDice = offhand == null ? List.of(main.die()) : List.of(main.die(), offhand.die());
        ActionRoll ir = CairnDice.roll(play.dice(), a.get(attr), weaponDice, withPending(state, a, advantage, modifier));
        RollResult irResult = ir.result();
        int damageDie = ir.objectFaces().getFirst();
        String weaponName = main.name();
        if (offhand != null) {
            // "Attacking with two weapons at the same time, the Attacker rolls both damage dice and keep the single highest result."
            damageDie = Math.max(ir.objectFaces().get(0), ir.objectFaces().get(1));
            irResult = keepHighestWeaponDie(irResult, ir.objectFaces(), main.die(), offhand.die());
            weaponName = main.name() + " and " + offhand.name();
        }
        List<TargetResult> results = new ArrayList<>();
        for (Combatant t : targets) {
            RollResult tr = CairnDice.roll(play.dice(), t.get(targetAttr), cmd.targetObjectDice(), targetAdvantage).result();
            boolean hit = irResult.total() >= tr.total();
            results.add(new TargetResult(t.id(), t.name(), t.npc(), tr, hit, hit ? damageDie : 0));
        }
        List<GameEvent> events = new ArrayList<>();
        AttackRolled rolled = new AttackRolled(a.id(), a.name(), a.npc(), weaponName, irResult, ir.natural1(), ir.natural20(),
                results, pay.cost(), pay.apLeft(), pay.held());
        events.add(rolled);
        CairnState s = new CairnReferee().evolve(state, rolled);
        for (TargetResult r : results) {
            if (r.hit()) {
                List<GameEvent> dealt = damage(s, s.find(r.targetId()).orElseThrow(), r.damageDie(), false,
                        a.name() + "'s " + weaponName, play);
                for (GameEvent e : dealt) {
                    s = new CairnReferee().evolve(s, e);
                }
                events.addAll(dealt);
            }
        }
        return events;
    }

    /** Rebuilds the IR so that only the higher of the two weapon dice counts. */
    private static RollResult keepHighestWeaponDie(RollResult roll, List<Integer> faces, int mainSides, int offSides) {
        int low = Math.min(faces.get(0), faces.get(1));
        boolean dropMain = faces.get(0) < faces.get(1);
        int dropSides = dropMain ? mainSides : offSides;
        List<Die> dice = new ArrayList<>(roll.dice());
        for (int i = dice.size() - 1; i >= 0; i--) {
            Die d = dice.get(i);
            if (d.kept() && d.sides() == dropSides && d.face() == low) {
                dice.set(i, d.dropped());
                break;
            }
        }
        return new RollResult(roll.notation() + " (highest weapon die)", roll.total() - low, dice);
    }

    private static Weapon weapon(Combatant a, String name) {
        if (name == null || name.isBlank() || name.equalsIgnoreCase(UNARMED.name())) {
            // "Unarmed attacks always do d4 damage."
            return UNARMED;
        }
        return a.weapons().stream().filter(w -> w.name().equalsIgnoreCase(name.trim())).findFirst()
                .orElseThrow(() -> new Refusal(RejectionCode.INVALID_COMMAND, a.name() + " has no weapon called " + name + "."));
    }

    /**
     * Damage to one target: armor first, then HP, then STR past zero with a critical-damage save,
     * then (for a PC brought to 0 or under) a scar.
     */
    static List<GameEvent> damage(CairnState state, Combatant t, int rolled, boolean ignoreArmor, String source, Play play) {
        DiceSource dice = play.dice();
        List<GameEvent> events = new ArrayList<>();
        // "subtract the target's Armor value from the result of damage rolls"; "cannot have more than 3 Armor"
        int armor = ignoreArmor ? 0 : Math.min(3, t.get("armor"));
        int dealt = Math.max(0, rolled - armor);
        int hpBefore = t.get("hp");
        int hpAfter = hpBefore - dealt;
        // "Damage that reduces a Target's HP below zero is subtracted from their STR by the amount of damage remaining."
        int overflow = Math.max(0, -hpAfter);
        int str = Math.max(0, t.get("str") - overflow);
        Map<String, Integer> values = new HashMap<>();
        values.put("hp", Math.max(0, hpAfter));
        if (overflow > 0) {
            values.put("str", str);
        }
        DamageTaken taken = new DamageTaken(t.id(), t.name(), t.npc(), source, rolled, armor, dealt, hpBefore, hpAfter,
                t.get("str") - str, Patch.values(t.id(), values));
        events.add(taken);
        Combatant now = t.apply(taken.patch());
        if (overflow > 0 && str > 0) {
            CriticalSave save = criticalSave(now, dice);
            events.add(save);
            now = now.apply(save.patch());
        }
        // "If damage to a PC would reduce their HP to 0 or under, look up the result ... based on how much HP the PC had before the last attack"
        if (!t.npc() && !t.detachment() && dealt > 0 && hpBefore > 0 && hpAfter <= 0 && now.incapacity().filter(Conditions.DEAD::equals).isEmpty()) {
            events.add(scar(now, hpBefore, dice));
        }
        return events;
    }

    private static CriticalSave criticalSave(Combatant t, DiceSource dice) {
        int str = t.get("str");
        ActionRoll roll = CairnDice.roll(dice, str, List.of(), List.of());
        boolean success = saved(roll.result().total(), CRITICAL_DC);
        boolean doomed = t.has(Conditions.DOOMED);
        RollResult doomRoll = null;
        Patch patch;
        String outcome;
        if (success) {
            outcome = t.name() + " is still in the fight.";
            patch = Patch.values(t.id(), Map.of());
            if (doomed) {
                // Doomed: "If you pass, roll 3d6. If the total is higher than your max HP, take the new result."
                doomRoll = CairnDice.sum(dice, 3, 6);
                int hpMax = Math.max(t.get("hpMax"), doomRoll.total());
                outcome += " Doom passes: 3d6 = " + doomRoll.total() + ", max HP " + hpMax + ".";
                patch = new Patch(t.id(), Map.of("hpMax", hpMax), Map.of(), List.of(Conditions.DOOMED));
            }
        } else if (t.detachment()) {
            // "When a detachment takes Critical Damage, it is routed or significantly weakened."
            outcome = "The detachment is routed or significantly weakened.";
            patch = Patch.condition(t.id(), Conditions.ROUTED);
        } else if (t.npc()) {
            // "NPCs and monsters that fail a Critical Damage Save are considered dead"
            outcome = t.name() + " is dead.";
            patch = Patch.condition(t.id(), Conditions.DEAD);
        } else if (doomed) {
            // Doomed: "If your next save against critical damage is a fail, you die horribly."
            outcome = t.name() + " dies horribly.";
            patch = new Patch(t.id(), Map.of(), Map.of(Conditions.DEAD, 1), List.of(Conditions.DOOMED));
        } else {
            // "cannot do anything but crawl weakly ... If left untreated, they die within the hour."
            outcome = t.name() + " can only crawl weakly and dies within the hour unless given aid.";
            patch = Patch.condition(t.id(), Conditions.DYING);
        }
        return new CriticalSave(t.id(), t.name(), t.npc(), roll.result(), str, CRITICAL_DC, success, outcome, doomRoll, patch);
    }

    /** Looks up the Scars table and applies what happens at once; lasting parts become conditions. */
    static ScarSuffered scar(Combatant t, int hpLost, DiceSource dice) {
        Row row = CairnTables.scar(hpLost);
        List<RollResult> rolls = new ArrayList<>();
        Map<String, Integer> values = new HashMap<>();
        Map<String, Integer> conditions = new HashMap<>();
        String detail = switch (row.entry()) {
            case 1 -> {
                RollResult where = roll(dice, 1, 6, rolls);
                RollResult r = roll(dice, 1, 6, rolls);
                yield "a scar on the " + CairnTables.SCAR_LOCATIONS.get(where.total() - 1) + "; " + raiseMax(t, "hpMax", r, values);
            }
            case 2 -> "disoriented and shaken; " + raiseMax(t, "hpMax", roll(dice, 1, 6, rolls), values);
            case 3 -> {
                conditions.put(Conditions.DEPRIVED, 1);
                conditions.put(Conditions.WALLOPED, 1);
                yield "deprived until rested for a few hours; then roll 1d6 and add it to max HP.";
            }
            case 4 -> {
                RollResult where = roll(dice, 1, 6, rolls);
                conditions.put(Conditions.BROKEN_LIMB, 1);
                yield "broken " + CairnTables.BROKEN_LIMBS.get(where.total() - 1) + "; once mended, roll 2d6 for max HP.";
            }
            case 5 -> {
                conditions.put(Conditions.DISEASED, 1);
                yield "an infection; when it passes, roll 2d6 for max HP.";
            }
            case 6 -> {
                String attr = CairnTables.HEAD_WOUND_ATTRIBUTES.get(roll(dice, 1, 6, rolls).total() - 1);
                RollResult r = roll(dice, 3, 6, rolls);
                if (r.total() > t.get(attr)) {
                    values.put(attr, r.total());
                    values.put(attr + "Max", Math.max(t.get(attr + "Max"), r.total()));
                    yield attr.toUpperCase() + ": 3d6 = " + r.total() + ", the new " + attr.toUpperCase() + ".";
                }
                yield attr.toUpperCase() + ": 3d6 = " + r.total() + ", not higher; " + attr.toUpperCase() + " stays " + t.get(attr) + ".";
            }
            case 7 -> {
                conditions.put(Conditions.HAMSTRUNG, 1);
                yield "can barely move; after recovery, roll 3d6 for max DEX.";
            }
            case 8 -> {
                conditions.put(Conditions.DEAFENED, 1);
                yield "deafened; " + wilSaveRaise(t, 4, dice, rolls, values);
            }
            case 9 -> "psyche knocked loose; " + raiseMax(t, "wilMax", roll(dice, 3, 6, rolls), values);
            case 10 -> {
                conditions.put(Conditions.SUNDERED, 1);
                yield "an appendage is lost or useless (the Warden says which); " + wilSaveRaise(t, 6, dice, rolls, values);
            }
            case 11 -> {
                conditions.put(Conditions.DEPRIVED, 1);
                conditions.put(Conditions.MORTAL_WOUND, 1);
                yield "deprived and out of action; dies in one hour unless healed.";
            }
            default -> {
                conditions.put(Conditions.DOOMED, 1);
                yield "the next failed save against critical damage is death.";
            }
        };
        return new ScarSuffered(t.id(), t.name(), row.entry(), row.title(), row.text(), rolls, detail,
                new Patch(t.id(), values, conditions, List.of()));
    }

    private static RollResult roll(DiceSource dice, int count, int sides, List<RollResult> into) {
        RollResult r = CairnDice.sum(dice, count, sides);
        into.add(r);
        return r;
    }

    /**
     * "If the total is higher than your max ..., take the new result." An undamaged value follows
     * its new max; a damaged one stays where it is.
     */
    private static String raiseMax(Combatant t, String maxKey, RollResult r, Map<String, Integer> values) {
        String current = maxKey.substring(0, maxKey.length() - 3);
        String label = current.equals("hp") ? "max HP" : "max " + current.toUpperCase();
        if (r.total() > t.get(maxKey)) {
            values.put(maxKey, r.total());
            if (t.get(current) == t.get(maxKey)) {
                values.put(current, r.total());
            }
            return r.notation() + " = " + r.total() + ", the new " + label + ".";
        }
        return r.notation() + " = " + r.total() + ", not higher than " + label + " " + t.get(maxKey) + ".";
    }

    /** "make a WIL save. If you pass, increase your max WIL by 1dN." The DC is the text's average, 20. */
    private static String wilSaveRaise(Combatant t, int sides, DiceSource dice, List<RollResult> rolls, Map<String, Integer> values) {
        RollResult save = CairnDice.roll(dice, t.get("wil"), List.of(), List.of()).result();
        rolls.add(save);
        if (!saved(save.total(), CairnReferee.AVERAGE_DC)) {
            return "WIL save " + save.total() + " vs DC " + CairnReferee.AVERAGE_DC + " failed.";
        }
        RollResult gain = roll(dice, 1, sides, rolls);
        values.put("wilMax", t.get("wilMax") + gain.total());
        if (t.get("wil") == t.get("wilMax")) {
            values.put("wil", t.get("wil") + gain.total());
        }
        return "WIL save " + save.total() + " vs DC " + CairnReferee.AVERAGE_DC + " passed: max WIL +" + gain.total() + ".";
    }

    /** The roll a lasting scar gives once it heals. */
    static ScarRecovered recoverScar(Combatant t, String condition, DiceSource dice) {
        if (condition == null || !t.has(condition)) {
            throw new Refusal(RejectionCode.INVALID_STATE, t.name() + " is not " + condition + ".");
        }
        Map<String, Integer> values = new HashMap<>();
        List<String> cleared = new ArrayList<>(List.of(condition));
        RollResult r;
        String detail;
        switch (condition) {
            case Conditions.WALLOPED -> {
                // "You are deprived until you rest for a few hours. Then, roll 1d6. Add that amount to your max HP."
                r = CairnDice.sum(dice, 1, 6);
                values.put("hpMax", t.get("hpMax") + r.total());
                cleared.add(Conditions.DEPRIVED);
                detail = "1d6 = " + r.total() + " added to max HP.";
            }
            case Conditions.BROKEN_LIMB, Conditions.DISEASED -> {
                r = CairnDice.sum(dice, 2, 6);
                detail = raiseMax(t, "hpMax", r, values);
            }
            case Conditions.HAMSTRUNG -> {
                r = CairnDice.sum(dice, 3, 6);
                detail = raiseMax(t, "dexMax", r, values);
            }
            case Conditions.MORTAL_WOUND -> {
                // "Upon recovery, roll 2d6. Take the new result as your max HP."
                r = CairnDice.sum(dice, 2, 6);
                values.put("hpMax", r.total());
                values.put("hp", Math.min(t.get("hp"), r.total()));
                cleared.add(Conditions.DEPRIVED);
                detail = "2d6 = " + r.total() + " is the new max HP.";
            }
            default -> throw new Refusal(RejectionCode.INVALID_COMMAND, condition + " has no recovery roll.");
        }
        return new ScarRecovered(t.id(), t.name(), condition, r, detail, new Patch(t.id(), values, Map.of(), cleared));
    }

    /**
     * Adds Fatigue into {@code values}: "Each Fatigue occupies one slot"; "If a character is forced
     * to add Fatigue to their inventory but they have no free slots, they must drop an item".
     */
    static Map<String, Integer> withFatigue(Combatant t, int amount, Map<String, Integer> values) {
        int slots = values.getOrDefault("slots", t.get("slots"));
        int fatigue = Math.min(slots, values.getOrDefault("fatigue", t.get("fatigue")) + amount);
        int items = Math.max(0, Math.min(t.get("items"), slots - fatigue));
        values.put("fatigue", fatigue);
        values.put("items", items);
        return values;
    }

    static List<GameEvent> castSpell(CairnState state, CastSpell cmd, Play play) {
        Combatant c = acting(state, cmd.combatantId(), play);
        String spell = CairnReferee.text(cmd.text(), "");
        if (spell.isEmpty()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Name the spell.");
        }
        if (c.has(Conditions.NO_MAGIC)) {
            throw new Refusal(RejectionCode.INVALID_STATE, c.name() + " cannot cast spells for now.");
        }
        int dice = cmd.amount() + cmd.manaDust();
        if (cmd.amount() < 0 || cmd.manaDust() < 0 || dice < 1 || dice > MAX_MAGIC_DICE) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Invest 1 to 4 Magic Dice.");
        }
        // "You have an amount of Magic Dice (d6) equal to the amount of available inventory slots and Mana Dust."
        if (cmd.amount() > c.freeSlots()) {
            throw new Refusal(RejectionCode.NOT_ENOUGH_AP, c.name() + " has only " + c.freeSlots() + " free inventory slots.");
        }
        if (cmd.manaDust() > c.get("manaDust")) {
            throw new Refusal(RejectionCode.NOT_ENOUGH_AP, c.name() + " has only " + c.get("manaDust") + " Mana Dust.");
        }
        Payment pay = pay(state, c, null, cmd.held(), play);
        RollResult slotDice = CairnDice.sum(play.dice(), cmd.amount(), 6);
        RollResult dustDice = CairnDice.sum(play.dice(), cmd.manaDust(), 6);
        // "For each inventory slot die that shows a 4-6, you gain one Fatigue." (3-6 after mishap 3)
        int threshold = c.has(Conditions.UNSTABLE_MAGIC) ? 3 : 4;
        int fatigue = (int) slotDice.dice().stream().filter(d -> d.face() >= threshold).count();
        Map<Integer, Integer> counts = new HashMap<>();
        slotDice.dice().forEach(d -> counts.merge(d.face(), 1, Integer::sum));
        dustDice.dice().forEach(d -> counts.merge(d.face(), 1, Integer::sum));
        int matches = counts.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        int sum = slotDice.total() + dustDice.total();
        Map<String, Integer> values = new HashMap<>();
        Map<String, Integer> conditions = new HashMap<>();
        List<RollResult> extra = new ArrayList<>();
        List<String> details = new ArrayList<>();
        if (c.has(Conditions.WIL_BURN)) {
            // Mishap 8: "You take 1d4 WIL damage when casting spells for the next 24 hours."
            RollResult burn = roll(play.dice(), 1, 4, extra);
            values.put("wil", Math.max(0, c.get("wil") - burn.total()));
            details.add("burns " + burn.total() + " WIL");
        }
        Row mishap = null;
        if (matches >= 2) {
            mishap = CairnTables.mishap(sum);
            fatigue += mishapEffects(c, mishap.entry(), fatigue, play.dice(), values, conditions, extra, details);
        }
        values.put("manaDust", c.get("manaDust") - cmd.manaDust());
        withFatigue(c, fatigue, values);
        int dropped = c.get("items") - values.get("items");
        return List.of(new SpellCast(c.id(), c.name(), spell, slotDice, dustDice, sum, fatigue, matches,
                mishap == null ? null : mishap.entry(), mishap == null ? null : mishap.title(),
                mishap == null ? null : mishap.text(), extra, String.join("; ", details), matches >= 3,
                pay.cost(), pay.apLeft(), pay.held(), dropped, new Patch(c.id(), values, conditions, List.of())));
    }

    /** The mechanical part of a mishap; returns extra Fatigue. Narrative parts stay in the row's text. */
    private static int mishapEffects(Combatant c, int entry, int fatigue, DiceSource dice, Map<String, Integer> values,
                                     Map<String, Integer> conditions, List<RollResult> extra, List<String> details) {
        int wil = values.getOrDefault("wil", c.get("wil"));
        switch (entry) {
            case 2 -> {
                RollResult hours = roll(dice, 1, 6, extra);
                conditions.put(Conditions.NO_MAGIC, hours.total());
                details.add("no magic for " + hours.total() + " hours");
            }
            case 3 -> conditions.put(Conditions.UNSTABLE_MAGIC, 1);
            case 4, 5 -> {
                details.add("+1 Fatigue");
                return 1;
            }
            case 7 -> conditions.put(Conditions.DEPRIVED, 1);
            case 8 -> conditions.put(Conditions.WIL_BURN, 1);
            case 10 -> {
                RollResult hours = roll(dice, 1, 4, extra);
                conditions.put("insubstantial", hours.total());
                details.add("insubstantial for " + hours.total() + " hours");
            }
            case 11 -> {
                RollResult loss = roll(dice, 1, 4, extra);
                values.put("wil", Math.max(0, wil - loss.total()));
                details.add("loses " + loss.total() + " WIL");
            }
            case 12 -> {
                values.put("slots", Math.max(0, c.get("slots") - 1));
                values.put("armor", Math.min(3, c.get("armor") + 1));
                details.add("one slot fewer, +1 Armor");
            }
            case 13 -> conditions.put(Conditions.NO_MAGIC, 1);
            case 14 -> {
                if (fatigue == 0) {
                    conditions.put(Conditions.DEPRIVED, 1);
                }
            }
            case 15 -> {
                values.put("wil", wil - wil / 2);
                details.add("loses " + wil / 2 + " WIL");
            }
            case 16 -> {
                RollResult loss = roll(dice, 1, 4, extra);
                values.put("str", Math.max(0, c.get("str") - loss.total()));
                values.put("strMax", Math.max(0, c.get("strMax") - loss.total()));
                values.put("armor", Math.min(3, c.get("armor") + 1));
                details.add("permanently loses " + loss.total() + " STR, +1 Armor");
            }
            case 19 -> {
                RollResult gain = roll(dice, 1, 4, extra);
                values.put("dex", c.get("dex") + gain.total());
                values.put("dexMax", c.get("dexMax") + gain.total());
                values.put("slots", 5);
                values.put("armor", 0);
                details.add("gains " + gain.total() + " DEX, only 5 slots, no armor");
            }
            default -> {
                // the remaining rows are told, not counted
            }
        }
        return 0;
    }
}
