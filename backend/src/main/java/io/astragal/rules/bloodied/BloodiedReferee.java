package io.astragal.rules.bloodied;

import io.astragal.dice.Dice;
import io.astragal.dice.DiceSource;
import io.astragal.dice.RollResult;
import io.astragal.rules.CharacterCard;
import io.astragal.rules.Decision;
import io.astragal.rules.GameCommand;
import io.astragal.rules.GameEvent;
import io.astragal.rules.Play;
import io.astragal.rules.Referee;
import io.astragal.rules.Refusal;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.Viewer;
import io.astragal.rules.bloodied.BloodiedCommand.AddCondition;
import io.astragal.rules.bloodied.BloodiedCommand.ApplyDamage;
import io.astragal.rules.bloodied.BloodiedCommand.Attack;
import io.astragal.rules.bloodied.BloodiedCommand.Cast;
import io.astragal.rules.bloodied.BloodiedCommand.Check;
import io.astragal.rules.bloodied.BloodiedCommand.ChooseFate;
import io.astragal.rules.bloodied.BloodiedCommand.EndInitiative;
import io.astragal.rules.bloodied.BloodiedCommand.EndTurn;
import io.astragal.rules.bloodied.BloodiedCommand.FullRest;
import io.astragal.rules.bloodied.BloodiedCommand.Heal;
import io.astragal.rules.bloodied.BloodiedCommand.InflictInjury;
import io.astragal.rules.bloodied.BloodiedCommand.InjurySave;
import io.astragal.rules.bloodied.BloodiedCommand.Move;
import io.astragal.rules.bloodied.BloodiedCommand.PlaceCharacter;
import io.astragal.rules.bloodied.BloodiedCommand.Recover;
import io.astragal.rules.bloodied.BloodiedCommand.RemoveCondition;
import io.astragal.rules.bloodied.BloodiedCommand.Save;
import io.astragal.rules.bloodied.BloodiedCommand.RemoveInjuryRow;
import io.astragal.rules.bloodied.BloodiedCommand.SetInjuryDie;
import io.astragal.rules.bloodied.BloodiedCommand.SetInjuryRow;
import io.astragal.rules.bloodied.BloodiedCommand.SetInjuryTable;
import io.astragal.rules.bloodied.BloodiedCommand.Stabilize;
import io.astragal.rules.bloodied.BloodiedCommand.StartInitiative;
import io.astragal.rules.bloodied.BloodiedEvent.Attacked;
import io.astragal.rules.bloodied.BloodiedEvent.BleedSaved;
import io.astragal.rules.bloodied.BloodiedEvent.CharacterPlaced;
import io.astragal.rules.bloodied.BloodiedEvent.CheckRolled;
import io.astragal.rules.bloodied.BloodiedEvent.ConditionAdded;
import io.astragal.rules.bloodied.BloodiedEvent.ConditionRemoved;
import io.astragal.rules.bloodied.BloodiedEvent.DamageApplied;
import io.astragal.rules.bloodied.BloodiedEvent.FateChosen;
import io.astragal.rules.bloodied.BloodiedEvent.Healed;
import io.astragal.rules.bloodied.BloodiedEvent.Hit;
import io.astragal.rules.bloodied.BloodiedEvent.InitiativeEnded;
import io.astragal.rules.bloodied.BloodiedEvent.InitiativeRoll;
import io.astragal.rules.bloodied.BloodiedEvent.InitiativeStarted;
import io.astragal.rules.bloodied.BloodiedEvent.InjuryInflicted;
import io.astragal.rules.bloodied.BloodiedEvent.InjurySaved;
import io.astragal.rules.bloodied.BloodiedEvent.InjuryTableSet;
import io.astragal.rules.bloodied.BloodiedEvent.MissChance;
import io.astragal.rules.bloodied.BloodiedEvent.Moved;
import io.astragal.rules.bloodied.BloodiedEvent.Recovered;
import io.astragal.rules.bloodied.BloodiedEvent.Recovery;
import io.astragal.rules.bloodied.BloodiedEvent.Rested;
import io.astragal.rules.bloodied.BloodiedEvent.RoundStarted;
import io.astragal.rules.bloodied.BloodiedEvent.SaveRolled;
import io.astragal.rules.bloodied.BloodiedEvent.SpellCast;
import io.astragal.rules.bloodied.BloodiedEvent.Stabilized;
import io.astragal.rules.bloodied.BloodiedEvent.TurnEnded;
import io.astragal.rules.bloodied.BloodiedEvent.TurnStarted;
import io.astragal.rules.bloodied.BloodiedState.Entry;
import io.astragal.rules.bloodied.BloodiedState.Initiative;
import io.astragal.rules.bloodied.BloodiedState.Injury;
import io.astragal.rules.bloodied.BloodiedState.InjuryRow;
import io.astragal.rules.bloodied.BloodiedState.InjuryTable;
import io.astragal.rules.bloodied.BloodiedState.Severity;
import io.astragal.rules.bloodied.Stats.Weapon;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Referees a bloodied-d20 table: rolled order, attack against Defense, bleeding out, injuries, casting pools. */
final class BloodiedReferee implements Referee<BloodiedState> {

    @Override
    public Class<BloodiedState> stateType() {
        return BloodiedState.class;
    }

    @Override
    public BloodiedState initialState() {
        return BloodiedState.initial();
    }

    @Override
    public Map<String, Class<? extends GameCommand>> commandTypes() {
        return BloodiedCommand.TYPES;
    }

    @Override
    public Map<String, Class<? extends GameEvent>> eventTypes() {
        return BloodiedEvent.TYPES;
    }

    @Override
    public Object view(BloodiedState state, Viewer viewer) {
        return BloodiedView.of(state, viewer);
    }

    @Override
    public Decision decide(BloodiedState state, GameCommand command, Play play) {
        return Referee.decideAs(BloodiedCommand.class, command, play,
                c -> settle(state, decideCommand(state, c, play), play.dice()));
    }

    private List<BloodiedEvent> decideCommand(BloodiedState s, BloodiedCommand command, Play play) {
        DiceSource dice = play.dice();
        return switch (command) {
            case PlaceCharacter c -> {
                gm(play, "place characters");
                yield List.of(placed(card(play, c.characterId())));
            }
            case StartInitiative c -> startInitiative(s, c, play);
            case EndInitiative c -> {
                gm(play, "end initiative");
                running(s);
                yield List.of(new InitiativeEnded());
            }
            case Move c -> {
                Fighter f = onTurn(s, play, c.combatantId());
                conscious(f);
                List<String> used = s.initiative().used();
                if (!used.contains("move")) {
                    yield List.of(new Moved(f.id(), f.name(), false));
                }
                if (used.contains("action")) {
                    throw new Refusal(RejectionCode.NOT_ENOUGH_AP, f.name() + " has used their movement and their action.");
                }
                // "The action can be sacrificed for an additional movement."
                yield List.of(new Moved(f.id(), f.name(), true));
            }
            case Attack c -> attack(s, c, play);
            case Stabilize c -> {
                Fighter f = withAction(s, play, c.combatantId());
                Fighter target = atTable(s, c.target());
                if (!target.bleeding()) {
                    throw new Refusal(RejectionCode.INVALID_STATE, target.name() + " is not bleeding.");
                }
                yield List.of(new Stabilized(f.id(), f.name(), target.id(), target.name()));
            }
            case EndTurn c -> {
                Fighter f = onTurn(s, play, c.combatantId());
                yield List.of(new TurnEnded(s.initiative().round(), f.id(), f.name()));
            }
            case Check c -> List.of(check(s, c, play));
            case Save c -> {
                Fighter f = controlled(s, play, c.combatantId());
                String asked = saveAttribute(c.attribute());
                // "BLD/LCK" is recorded as the ability it came to, so the log says which score was rolled under
                String attribute = asked.contains("/") ? better(f) : asked;
                int score = score(f, attribute) + (c.amount() == null ? 0 : c.amount());
                RollResult roll = Dice.roll("1d20", dice);
                yield List.of(new SaveRolled(f.id(), f.name(), attribute, score, roll, saved(roll, score), roll.total() == 1, f.npc()));
            }
            case ApplyDamage c -> applyDamage(s, c, play);
            case Heal c -> {
                gm(play, "heal");
                Fighter target = living(s, c.target());
                int amount = positive(c.amount(), "Heal at least 1 hit point.");
                int hp = Math.min(target.stats().hpMax(), target.hp() + amount);
                yield List.of(new Healed(target.id(), target.name(), hp - target.hp(), hp));
            }
            case Recover c -> recover(s, c, play);
            case FullRest c -> {
                gm(play, "call for a full rest");
                outsideInitiative(s);
                List<Fighter> targets = targets(s, c.targets());
                yield List.of(new Rested(targets.stream().map(Fighter::id).toList(), targets.stream().map(Fighter::name).toList()));
            }
            case Cast c -> cast(s, c, play);
            case InflictInjury c -> {
                gm(play, "inflict serious injuries");
                Fighter target = living(s, c.target());
                String cause = c.text() == null || c.text().isBlank() ? "a grievous wound" : c.text().strip();
                yield List.of(injury(s, target, cause, dice));
            }
            case InjurySave c -> List.of(injurySave(s, c, play));
            case ChooseFate c -> {
                Fighter f = controlled(s, play, c.combatantId());
                if (!f.fatePending()) {
                    throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " is not at negative bloodied.");
                }
                String choice = c.choice() == null ? "" : c.choice().strip().toLowerCase(Locale.ROOT);
                yield switch (choice) {
                    case "death" -> List.of(new FateChosen(f.id(), f.name(), "death"));
                    case "injury" -> List.of(new FateChosen(f.id(), f.name(), "injury"),
                            injury(s, f, "in lieu of dying", dice));
                    default -> throw new Refusal(RejectionCode.INVALID_COMMAND, "Choose death or injury.");
                };
            }
            case SetInjuryTable c -> List.of(setInjuryTable(s, c, play));
            case SetInjuryRow c -> List.of(setInjuryRow(s, c, play));
            case RemoveInjuryRow c -> List.of(removeInjuryRow(s, c, play));
            case SetInjuryDie c -> List.of(setInjuryDie(s, c, play));
            case AddCondition c -> {
                gm(play, "add conditions");
                Fighter target = atTable(s, c.target());
                String condition = condition(c.condition());
                if (target.conditions().contains(condition)) {
                    throw new Refusal(RejectionCode.INVALID_STATE, target.name() + " is already " + condition + ".");
                }
                yield List.of(new ConditionAdded(target.id(), target.name(), condition));
            }
            case RemoveCondition c -> {
                gm(play, "remove conditions");
                Fighter target = atTable(s, c.target());
                String condition = condition(c.condition());
                if (!target.conditions().contains(condition)) {
                    throw new Refusal(RejectionCode.INVALID_STATE, target.name() + " is not " + condition + ".");
                }
                yield List.of(new ConditionRemoved(target.id(), target.name(), condition));
            }
        };
    }

    // ---- initiative ----------------------------------------------------------------------------

    /** "Initiative is rolled as 1d20 + INT modifier + level." Highest acts first; ties keep the GM's listing order. */
    private List<BloodiedEvent> startInitiative(BloodiedState s, StartInitiative c, Play play) {
        gm(play, "start initiative");
        if (s.initiative() != null) {
            throw new Refusal(RejectionCode.INVALID_STATE, "Initiative is already running.");
        }
        List<String> ids = c.characterIds() == null ? List.of() : c.characterIds();
        if (ids.isEmpty() || new HashSet<>(ids).size() != ids.size()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Name each character entering initiative once.");
        }
        List<BloodiedEvent> events = new ArrayList<>();
        List<InitiativeRoll> rolls = new ArrayList<>();
        for (String id : ids) {
            Stats stats;
            String name;
            Optional<Fighter> present = s.fighter(id);
            if (present.isPresent()) {
                stats = present.get().stats();
                name = present.get().name();
            } else {
                CharacterPlaced placed = placed(card(play, id));
                events.add(placed);
                stats = placed.stats();
                name = placed.name();
            }
            RollResult roll = Dice.roll("1d20", play.dice());
            int bonus = stats.modifierOf("INT") + stats.level();
            rolls.add(new InitiativeRoll(id, name, roll, bonus, roll.total() + bonus));
        }
        rolls.sort(Comparator.comparingInt(InitiativeRoll::score).reversed());
        events.add(new InitiativeStarted(rolls));
        return events;
    }

    private List<GameEvent> settle(BloodiedState state, List<BloodiedEvent> first, DiceSource dice) {
        List<GameEvent> out = new ArrayList<>();
        BloodiedState s = state;
        List<BloodiedEvent> next = first;
        while (!next.isEmpty()) {
            for (BloodiedEvent e : next) {
                out.add(e);
                s = evolve(s, e);
            }
            next = followUps(s, dice);
        }
        return out;
    }

    /** The next turn (and round) starts by itself; an unconscious, bleeding combatant saves at its start. */
    private List<BloodiedEvent> followUps(BloodiedState s, DiceSource dice) {
        Initiative ini = s.initiative();
        if (ini == null || ini.active()) {
            return List.of();
        }
        List<Entry> entries = ini.entries();
        for (int i = ini.currentIndex() + 1; i < entries.size(); i++) {
            Optional<Fighter> f = s.fighter(entries.get(i).combatantId()).filter(x -> !x.dead());
            if (f.isPresent()) {
                List<BloodiedEvent> events = new ArrayList<>();
                events.add(new TurnStarted(ini.round(), f.get().id(), f.get().name()));
                if (f.get().bleeding() && !f.get().fatePending()) {
                    events.add(bleed(f.get(), dice));
                }
                return events;
            }
        }
        boolean anyoneAlive = entries.stream().anyMatch(e -> s.fighter(e.combatantId()).map(f -> !f.dead()).orElse(false));
        return anyoneAlive ? List.of(new RoundStarted(ini.round() + 1)) : List.of();
    }

    /**
     * "Each round that the character is unconscious they lose 1 hit point unless they make a BLD or
     * LCK save (whichever is better)."
     */
    private static BleedSaved bleed(Fighter f, DiceSource dice) {
        String attribute = better(f);
        int score = score(f, attribute);
        RollResult roll = Dice.roll("1d20", dice);
        boolean success = saved(roll, score);
        return new BleedSaved(f.id(), f.name(), attribute, score, roll, success, success ? f.hp() : f.hp() - 1, f.npc());
    }

    // ---- attacks -------------------------------------------------------------------------------

    private List<BloodiedEvent> attack(BloodiedState s, Attack c, Play play) {
        Fighter attacker = withAction(s, play, c.combatantId());
        Weapon weapon = weapon(attacker, c.weapon());
        Fighter target = living(s, c.target());
        if (target.id().equals(attacker.id())) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, attacker.name() + " cannot attack themselves.");
        }
        int modifier = c.amount() == null ? 0 : c.amount();
        int armorModifier = c.armorModifier() == null ? 0 : c.armorModifier();
        List<String> notes = new ArrayList<>();
        if (weapon.kind().equals("ranged") && c.range() != null) {
            if (c.range() > weapon.maxRange()) {
                throw new Refusal(RejectionCode.INVALID_COMMAND, target.name() + " is beyond " + weapon.name()
                        + "'s maximum range of " + weapon.maxRange() + " feet.");
            }
            if (c.range() > weapon.effectiveRange()) {
                // "at -4 to attack rolls when between effective and max range"
                modifier -= 4;
                notes.add("-4 long range");
            }
        }
        Weapon second = null;
        if (c.secondWeapon() != null && !c.secondWeapon().isBlank()) {
            second = weapon(attacker, c.secondWeapon());
            if (weapon.kind().equals("ranged") || second.kind().equals("ranged") || second == weapon) {
                throw new Refusal(RejectionCode.INVALID_COMMAND, "Two-weapon fighting takes two different melee weapons.");
            }
            // "When attacking with both weapons in the same round, the character takes a -5 penalty on each attack."
            modifier -= 5;
            notes.add("-5 two weapons");
        }
        MissChance missChance = null;
        if (weapon.kind().equals("ranged") && c.melee() != null && !c.melee().isEmpty()) {
            List<String> melee = List.copyOf(new LinkedHashSet<>(c.melee()));
            if (melee.size() < 2 || !melee.contains(target.id())) {
                throw new Refusal(RejectionCode.INVALID_COMMAND, "A melee has at least two combatants, the target among them.");
            }
            melee.forEach(id -> atTable(s, id));
            missChance = missChance(melee, play.dice());
            if (missChance.missed()) {
                target = atTable(s, melee.get(missChance.retarget().total() - 1));
            }
        }
        List<BloodiedEvent> events = new ArrayList<>();
        BloodiedState now = s;
        Attacked first = strike(attacker, weapon, target, modifier, notes, armorModifier, missChance, c.target(), play.dice());
        events.add(first);
        now = evolve(now, first);
        events.addAll(injuriesFrom(now, first, play.dice()));
        if (second != null) {
            Fighter again = now.fighter(target.id()).orElseThrow();
            if (!again.dead()) {
                Attacked other = strike(attacker, second, again, modifier, notes, armorModifier, null, again.id(), play.dice());
                events.add(other);
                now = evolve(now, other);
                events.addAll(injuriesFrom(now, other, play.dice()));
            }
        }
        return events;
    }

    /**
     * "When making a ranged attack into a melee combat, a miss chance is imposed based on the number
     * of combatants in the melee. So two combatants offer a 50% miss chance, three offer a 67% miss
     * chance": 1dN, where only a 1 keeps the intended target.
     */
    static MissChance missChance(List<String> melee, DiceSource dice) {
        int n = melee.size();
        RollResult roll = Dice.roll("1d" + n, dice);
        if (roll.total() == 1) {
            return new MissChance(melee, roll, false, null);
        }
        return new MissChance(melee, roll, true, Dice.roll("1d" + n, dice));
    }

    /**
     * "Attack rolls are made using 1d20 + the appropriate ability score + any other modifiers and
     * matched against the target's Defense roll. If the roll is equal to or greater than the target's
     * Defense then it hits." "Defense is 1d20 + AGL modifier + shield modifier."
     */
    static Attacked strike(Fighter attacker, Weapon weapon, Fighter target, int modifier, List<String> notes,
                           int armorModifier, MissChance missChance, String intendedTargetId, DiceSource dice) {
        int abilityModifier = attacker.stats().modifierOf(weapon.ability());
        RollResult attack = Dice.roll("1d20", dice);
        int attackTotal = attack.total() + abilityModifier + weapon.attackBonus() + modifier;
        RollResult defense = Dice.roll("1d20", dice);
        int defenseTotal = defense.total() + target.stats().modifierOf("AGL") + target.stats().shield();
        boolean natural20 = attack.total() == 20;
        boolean hit = natural20 || (attack.total() != 1 && attackTotal >= defenseTotal);
        if (!hit) {
            return new Attacked(attacker.id(), attacker.name(), weapon.name(), intendedTargetId, missChance, target.id(),
                    target.name(), attack, attackTotal, notes, defense, defenseTotal, false, false, null, 0, 0, null, 0, target.hp());
        }
        // "weapon damage die + 1/2 the appropriate ability score modifier + any other modifiers"
        RollResult damage = Dice.roll(weapon.damage(), dice);
        int critMaximum = natural20 ? maximum(weapon.damage()) : 0;
        int damageModifier = abilityModifier / 2 + weapon.damageBonus();
        RollResult armor = target.stats().armor().isEmpty() ? null : Dice.roll(target.stats().armor(), dice);
        int armorValue = armor == null ? 0 : Math.max(0, armor.total() + armorModifier);
        int dealt = Math.max(0, damage.total() + critMaximum + damageModifier - armorValue);
        return new Attacked(attacker.id(), attacker.name(), weapon.name(), intendedTargetId, missChance, target.id(),
                target.name(), attack, attackTotal, notes, defense, defenseTotal, true, natural20, damage, critMaximum,
                damageModifier, armor, dealt, target.hp() - dealt);
    }

    /** The largest total a notation can roll: every die on its highest face. */
    static int maximum(String notation) {
        return Dice.roll(notation, sides -> sides).total();
    }

    /**
     * "A character receives a serious injury whenever they are the target of a critical hit, when they
     * take damage in excess of 1/2 their hit points at one time".
     */
    private List<BloodiedEvent> injuriesFrom(BloodiedState now, Attacked attacked, DiceSource dice) {
        Fighter target = now.fighter(attacked.targetId()).orElseThrow();
        if (!attacked.hit() || target.dead()) {
            return List.of();
        }
        if (attacked.crit()) {
            return List.of(injury(now, target, "critical hit", dice));
        }
        if (attacked.dealt() > target.stats().hpMax() / 2) {
            return List.of(injury(now, target, "more than half their hit points at once", dice));
        }
        return List.of();
    }

    private List<BloodiedEvent> applyDamage(BloodiedState s, ApplyDamage c, Play play) {
        gm(play, "apply damage");
        List<Fighter> targets = targets(s, c.targets());
        if (c.notation() == null || c.notation().isBlank()) {
            throw new Refusal(RejectionCode.INVALID_DICE, "Give the damage as dice or a number, e.g. 1d6.");
        }
        RollResult roll = Dice.roll(c.notation(), play.dice());
        int amount = Math.max(0, roll.total());
        List<Hit> hits = targets.stream().map(t -> new Hit(t.id(), t.name(), amount, t.hp() - amount)).toList();
        List<BloodiedEvent> events = new ArrayList<>();
        DamageApplied applied = new DamageApplied(roll, hits);
        events.add(applied);
        BloodiedState now = evolve(s, applied);
        for (Fighter t : targets) {
            Fighter after = now.fighter(t.id()).orElseThrow();
            if (amount > t.stats().hpMax() / 2 && !after.dead()) {
                InjuryInflicted injury = injury(now, after, "more than half their hit points at once", play.dice());
                events.add(injury);
                now = evolve(now, injury);
            }
        }
        return events;
    }

    // ---- injuries ------------------------------------------------------------------------------

    /** Rolls the serious-injury table for severity and interval. */
    private static InjuryInflicted injury(BloodiedState s, Fighter target, String cause, DiceSource dice) {
        InjuryTable table = s.injuryTable();
        RollResult roll = Dice.roll("1d" + table.die(), dice);
        InjuryRow row = table.rowFor(roll.total());
        int next = target.injuries().stream().mapToInt(i -> Integer.parseInt(i.id().substring(i.id().lastIndexOf('#') + 1)))
                .max().orElse(0) + 1;
        return new InjuryInflicted(target.id(), target.name(), target.id() + "#" + next, cause, roll, row.severity(), row.interval());
    }

    /**
     * "The character must make a LCK or BLD saving throw (whichever is better) at each interval. If the
     * character succeeds on two saves before they fail 2 then the severity is reduced by one step.
     * Otherwise the severity increases by one step."
     */
    private InjurySaved injurySave(BloodiedState s, InjurySave c, Play play) {
        Fighter f = controlled(s, play, c.combatantId());
        if (f.dead()) {
            throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " is dead.");
        }
        Injury injury = f.injuries().stream().filter(i -> i.id().equals(c.injuryId())).findFirst().orElseThrow(() ->
                new Refusal(RejectionCode.INVALID_COMMAND, f.name() + " has no injury " + c.injuryId() + "."));
        String attribute = better(f);
        int score = score(f, attribute);
        RollResult roll = Dice.roll("1d20", play.dice());
        boolean success = saved(roll, score);
        int successes = injury.successes() + (success ? 1 : 0);
        int failures = injury.failures() + (success ? 0 : 1);
        String outcome = "";
        if (successes == 2) {
            // "A Minor injury which is reduced by one step is healed."
            outcome = injury.severity() == Severity.MINOR ? "healed" : "improved";
        } else if (failures == 2) {
            // "A Deadly injury which is increased by one step results in death of the character."
            outcome = injury.severity() == Severity.DEADLY ? "death" : "worsened";
        }
        return new InjurySaved(f.id(), f.name(), injury.id(), attribute, score, roll, success, successes, failures, outcome, f.npc());
    }

    /** The check's ability pick for "no ability". */
    static final String NO_ABILITY = "none";

    /** Longest save interval the GM may write ("1/12 hours", "every other day"). */
    static final int INTERVAL_LENGTH = 40;

    private static final Pattern ROW_RANGE = Pattern.compile("^\\s*(\\d{1,3})(?:\\s*-\\s*(\\d{1,3}))?");

    /** The whole table at once (for clients that keep their own copy); rows may not overlap. */
    private static InjuryTableSet setInjuryTable(BloodiedState s, SetInjuryTable c, Play play) {
        gm(play, "set the serious-injury table");
        int die = injuryDie(c.die());
        List<InjuryRow> given = c.rows() == null ? List.of() : c.rows();
        if (given.isEmpty()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "The table needs at least one row.");
        }
        List<InjuryRow> rows = new ArrayList<>();
        for (InjuryRow row : given) {
            if (row == null || row.severity() == null) {
                throw new Refusal(RejectionCode.INVALID_COMMAND, "Each row needs a range, a severity and an interval.");
            }
            rows.add(injuryRow(row.from(), row.to(), row.severity(), row.interval(), die));
        }
        rows.sort(Comparator.comparingInt(InjuryRow::from));
        for (int i = 1; i < rows.size(); i++) {
            if (rows.get(i).from() <= rows.get(i - 1).to()) {
                throw new Refusal(RejectionCode.INVALID_COMMAND, "Rows " + rows.get(i - 1).range() + " and "
                        + rows.get(i).range() + " overlap: each roll has at most one row.");
            }
        }
        InjuryTable table = new InjuryTable(die, rows);
        unchanged(s, table);
        return new InjuryTableSet(table);
    }

    /** One row written into the table; the rows it overlaps keep only their other rolls. */
    private static InjuryTableSet setInjuryRow(BloodiedState s, SetInjuryRow c, Play play) {
        gm(play, "edit the serious-injury table");
        InjuryTable table = s.injuryTable();
        if (c.from() == null || c.to() == null) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Give the row's rolls: from and to (the same number for one roll).");
        }
        InjuryRow row = injuryRow(c.from(), c.to(), severity(c.severity()), c.interval(), table.die());
        InjuryTable next = table.with(row);
        unchanged(s, next);
        return new InjuryTableSet(next);
    }

    private static InjuryTableSet removeInjuryRow(BloodiedState s, RemoveInjuryRow c, Play play) {
        gm(play, "edit the serious-injury table");
        InjuryTable table = s.injuryTable();
        Matcher range = ROW_RANGE.matcher(c.row() == null ? "" : c.row());
        if (!range.find()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Name the row by its rolls, e.g. 4-5.");
        }
        int from = Integer.parseInt(range.group(1));
        int to = range.group(2) == null ? from : Integer.parseInt(range.group(2));
        InjuryRow row = table.row(from, to).orElseThrow(() -> new Refusal(RejectionCode.INVALID_COMMAND,
                "The table has no row " + (from == to ? from : from + "-" + to) + "."));
        if (table.rows().size() == 1) {
            throw new Refusal(RejectionCode.INVALID_STATE, "The table keeps at least one row: change this one instead.");
        }
        return new InjuryTableSet(new InjuryTable(table.die(), table.rows().stream().filter(r -> !r.equals(row)).toList()));
    }

    private static InjuryTableSet setInjuryDie(BloodiedState s, SetInjuryDie c, Play play) {
        gm(play, "edit the serious-injury table");
        InjuryTable table = s.injuryTable();
        int die = injuryDie(c.die());
        for (InjuryRow row : table.rows()) {
            if (row.to() > die) {
                throw new Refusal(RejectionCode.INVALID_STATE, "Row " + row.range() + " does not fit on a d" + die
                        + ": change or remove it first.");
            }
        }
        InjuryTable next = new InjuryTable(die, table.rows());
        unchanged(s, next);
        return new InjuryTableSet(next);
    }

    private static int injuryDie(Integer die) {
        if (die == null || die < 2 || die > 100) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "The table's die has 2 to 100 sides.");
        }
        return die;
    }

    private static InjuryRow injuryRow(Integer from, Integer to, Severity severity, String interval, int die) {
        if (from == null || to == null || from < 1 || to < from || to > die) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "A row's rolls lie within 1-" + die + ", from the lower to the higher.");
        }
        if (interval == null || interval.isBlank() || interval.strip().length() > INTERVAL_LENGTH) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Give the save interval in 1 to " + INTERVAL_LENGTH
                    + " characters, e.g. 1/12 hours.");
        }
        return new InjuryRow(from, to, severity, interval.strip());
    }

    private static Severity severity(String name) {
        String key = name == null ? "" : name.strip().toUpperCase(Locale.ROOT);
        for (Severity severity : Severity.values()) {
            if (severity.name().equals(key)) {
                return severity;
            }
        }
        throw new Refusal(RejectionCode.INVALID_COMMAND, "The severity is Minor, Major or Deadly.");
    }

    private static void unchanged(BloodiedState s, InjuryTable next) {
        if (next.equals(s.injuryTable())) {
            throw new Refusal(RejectionCode.INVALID_STATE, "The serious-injury table is already like that.");
        }
    }

    // ---- checks, healing, casting --------------------------------------------------------------

    /**
     * "If equal to or greater than the target number then it succeeds." "On a check, a natural 1 on
     * the die always fails and a natural 20 always succeeds (and is a critical success)."
     */
    private CheckRolled check(BloodiedState s, Check c, Play play) {
        Fighter f = controlled(s, play, c.combatantId());
        if (c.targetNumber() == null) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Give the target number.");
        }
        // "none": a check with no ability behind it, only the given modifier
        String attribute = c.attribute() == null || c.attribute().isBlank() || c.attribute().strip().equalsIgnoreCase(NO_ABILITY)
                ? "" : ability(c.attribute());
        int modifier = (attribute.isEmpty() ? 0 : f.stats().modifierOf(attribute)) + (c.amount() == null ? 0 : c.amount());
        RollResult roll = Dice.roll("1d20", play.dice());
        int total = roll.total() + modifier;
        boolean success = roll.total() == 20 || (roll.total() != 1 && total >= c.targetNumber());
        return new CheckRolled(f.id(), f.name(), attribute, roll, modifier, total, c.targetNumber(), success, roll.total() == 20, f.npc());
    }

    /** "If it is equal to or less than the score it succeeds." "On a save a natural 1 always succeeds ... and a natural 20 always fails." */
    static boolean saved(RollResult roll, int score) {
        return roll.total() == 1 || (roll.total() != 20 && roll.total() <= score);
    }

    /** "Hit points are healed at a rate of 1d4 per day ... Full bed rest grants 1d6 ... The care of a healer doubles that rate." */
    private List<BloodiedEvent> recover(BloodiedState s, Recover c, Play play) {
        gm(play, "call for a day of rest");
        outsideInitiative(s);
        String kind = c.text() == null || c.text().isBlank() ? "normal" : c.text().strip().toLowerCase(Locale.ROOT);
        if (!kind.equals("normal") && !kind.equals("bed")) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Rest is normal or bed.");
        }
        boolean healer = Boolean.TRUE.equals(c.healer());
        List<Recovery> recoveries = new ArrayList<>();
        for (Fighter f : targets(s, c.targets())) {
            if (f.dead()) {
                throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " is dead.");
            }
            RollResult roll = Dice.roll(kind.equals("bed") ? "1d6" : "1d4", play.dice());
            int amount = roll.total() * (healer ? 2 : 1);
            int hp = Math.min(f.stats().hpMax(), f.hp() + amount);
            recoveries.add(new Recovery(f.id(), f.name(), roll, hp - f.hp(), hp));
        }
        return List.of(new Recovered(kind, healer, recoveries));
    }

    /**
     * "the caster chooses how many of his available dice to use, rolls, and adds up the total. Each die
     * that rolled 6 is counted and then removed from the caster's pool until he rests fully."
     */
    private List<BloodiedEvent> cast(BloodiedState s, Cast c, Play play) {
        Fighter f = controlled(s, play, c.combatantId());
        if (s.initiative() != null && s.initiative().entries().stream().anyMatch(e -> e.combatantId().equals(f.id()))) {
            withAction(s, play, f.id());
        }
        conscious(f);
        int tier = c.tier() == null ? -1 : c.tier();
        if (tier < 0 || tier > 4) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Spells have Tiers 0 to 4.");
        }
        int count = positive(c.amount(), "Roll at least one die from the casting pool.");
        if (count > f.poolLeft()) {
            throw new Refusal(RejectionCode.NOT_ENOUGH_AP, f.name() + " has " + f.poolLeft() + " dice in their casting pool.");
        }
        int conditions = c.conditions() == null ? 0 : c.conditions();
        if (conditions < 0 || conditions > tier) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "At most one condition per Tier (" + tier + ").");
        }
        RollResult roll = Dice.roll(count + "d6", play.dice());
        int sixes = (int) roll.dice().stream().filter(d -> d.face() == 6).count();
        int castTier = Casting.castTier(roll.total(), tier, conditions, !Boolean.FALSE.equals(c.lowerTiers()));
        String spell = c.text() == null || c.text().isBlank() ? "a spell" : c.text().strip();
        return List.of(new SpellCast(f.id(), f.name(), spell, tier, conditions, roll, Casting.target(tier, conditions), castTier, sixes));
    }

    // ---- evolve --------------------------------------------------------------------------------

    @Override
    public BloodiedState evolve(BloodiedState s, GameEvent event) {
        if (!(event instanceof BloodiedEvent e)) {
            throw new IllegalArgumentException("not a bloodied-d20 event: " + event);
        }
        return switch (e) {
            case CharacterPlaced p -> s.fighter(p.characterId())
                    .map(f -> s.withFighter(f.withSheet(p.name(), p.ownerUserId(), p.npc(), p.stats())))
                    .orElseGet(() -> s.withFighter(Fighter.fresh(p.characterId(), p.name(), p.ownerUserId(), p.npc(), p.stats())));
            case InitiativeStarted p -> s.withInitiative(new Initiative(1,
                    p.results().stream().map(r -> new Entry(r.combatantId(), r.score())).toList(), -1, false, List.of()));
            case RoundStarted p -> s.withInitiative(new Initiative(p.round(), s.initiative().entries(), -1, false, List.of()));
            case TurnStarted p -> {
                Initiative ini = s.initiative();
                int index = ini.entries().stream().map(Entry::combatantId).toList().indexOf(p.combatantId());
                yield s.withInitiative(new Initiative(p.round(), ini.entries(), index, true, List.of()));
            }
            case Moved p -> used(s, p.asAction() ? "action" : "move");
            case Attacked p -> used(s.update(p.targetId(), f -> f.withHp(p.hp())), "action");
            case Stabilized p -> used(s.update(p.targetId(), f -> f.withBleeding(false)), "action");
            case TurnEnded p -> {
                Initiative ini = s.initiative();
                yield s.withInitiative(new Initiative(ini.round(), ini.entries(), ini.currentIndex(), false, ini.used()));
            }
            case InitiativeEnded p -> s.withInitiative(null);
            case CheckRolled p -> s;
            case SaveRolled p -> s;
            case DamageApplied p -> {
                BloodiedState next = s;
                for (Hit hit : p.hits()) {
                    next = next.update(hit.targetId(), f -> f.withHp(hit.hp()));
                }
                yield next;
            }
            case Healed p -> s.update(p.targetId(), f -> f.withHp(p.hp()));
            case Recovered p -> {
                BloodiedState next = s;
                for (Recovery r : p.recoveries()) {
                    next = next.update(r.combatantId(), f -> f.withHp(r.hp()));
                }
                yield next;
            }
            case Rested p -> {
                BloodiedState next = s;
                for (String id : p.combatantIds()) {
                    next = next.update(id, f -> f.withPoolLost(0));
                }
                yield next;
            }
            case SpellCast p -> {
                BloodiedState next = s.update(p.combatantId(), f -> f.withPoolLost(f.poolLost() + p.sixes()));
                boolean onTurn = s.initiative() != null && s.initiative().current().map(p.combatantId()::equals).orElse(false);
                yield onTurn ? used(next, "action") : next;
            }
            case InjuryInflicted p -> s.update(p.combatantId(), f -> f.withInjury(
                    new Injury(p.injuryId(), p.cause(), p.severity(), p.interval(), 0, 0)));
            case InjurySaved p -> s.update(p.combatantId(), f -> afterInjurySave(f, p));
            case BleedSaved p -> s.update(p.combatantId(), f -> f.withHp(p.hp()));
            case FateChosen p -> s.update(p.combatantId(), f -> p.choice().equals("death") ? f.dying() : f.spared());
            case InjuryTableSet p -> s.withInjuryTable(p.table());
            case ConditionAdded p -> s.update(p.targetId(), f -> f.withCondition(p.condition(), true));
            case ConditionRemoved p -> s.update(p.targetId(), f -> f.withCondition(p.condition(), false));
        };
    }

    private static Fighter afterInjurySave(Fighter f, InjurySaved p) {
        Injury injury = f.injuries().stream().filter(i -> i.id().equals(p.injuryId())).findFirst().orElseThrow();
        Severity[] steps = Severity.values();
        return switch (p.outcome()) {
            case "healed" -> f.withInjuries(f.injuries().stream().filter(i -> !i.id().equals(p.injuryId())).toList());
            case "death" -> f.dying();
            case "improved" -> f.withInjury(new Injury(injury.id(), injury.cause(), steps[injury.severity().ordinal() - 1],
                    injury.interval(), 0, 0));
            case "worsened" -> f.withInjury(new Injury(injury.id(), injury.cause(), steps[injury.severity().ordinal() + 1],
                    injury.interval(), 0, 0));
            default -> f.withInjury(new Injury(injury.id(), injury.cause(), injury.severity(), injury.interval(),
                    p.successes(), p.failures()));
        };
    }

    private static BloodiedState used(BloodiedState s, String what) {
        Initiative ini = s.initiative();
        if (ini == null || !ini.active() || ini.used().contains(what)) {
            return s;
        }
        return s.withInitiative(ini.withUsed(what));
    }

    // ---- checks on commands --------------------------------------------------------------------

    private static void gm(Play play, String what) {
        if (!play.actor().isGm()) {
            throw new Refusal(RejectionCode.NOT_ALLOWED, "Only the GM can " + what + ".");
        }
    }

    private static CharacterCard card(Play play, String id) {
        CharacterCard card = id == null ? null : play.characters().get(id);
        if (card == null) {
            throw new Refusal(RejectionCode.UNKNOWN_CHARACTER, "There is no character " + id + " in this campaign.");
        }
        return card;
    }

    private static CharacterPlaced placed(CharacterCard card) {
        return new CharacterPlaced(card.id(), card.name(), card.ownerUserId(), card.npc(), BloodiedSheet.stats(card.sheet()));
    }

    private static Fighter atTable(BloodiedState s, String id) {
        return s.fighter(id).orElseThrow(() ->
                new Refusal(RejectionCode.UNKNOWN_CHARACTER, "That character is not at the table."));
    }

    private static Fighter living(BloodiedState s, String id) {
        Fighter f = atTable(s, id);
        if (f.dead()) {
            throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " is dead.");
        }
        return f;
    }

    private static Fighter controlled(BloodiedState s, Play play, String id) {
        Fighter f = atTable(s, id);
        if (!play.actor().isGm() && !play.actor().userId().equals(f.ownerUserId())) {
            throw new Refusal(RejectionCode.NOT_YOUR_CHARACTER, f.name() + " is not your character.");
        }
        return f;
    }

    private static Initiative running(BloodiedState s) {
        if (s.initiative() == null) {
            throw new Refusal(RejectionCode.OUT_OF_TURN, "Initiative is not running.");
        }
        return s.initiative();
    }

    private static void outsideInitiative(BloodiedState s) {
        if (s.initiative() != null) {
            throw new Refusal(RejectionCode.OUT_OF_TURN, "Days of rest do not pass during initiative.");
        }
    }

    private static Fighter onTurn(BloodiedState s, Play play, String id) {
        Fighter f = controlled(s, play, id);
        Initiative ini = running(s);
        if (!ini.current().map(f.id()::equals).orElse(false)) {
            throw new Refusal(RejectionCode.OUT_OF_TURN, "It is not " + f.name() + "'s turn.");
        }
        return f;
    }

    private static void conscious(Fighter f) {
        if (f.unconscious() || f.dead()) {
            throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " is " + (f.dead() ? "dead." : "unconscious."));
        }
    }

    /** On its turn, conscious, with its action unspent. */
    private static Fighter withAction(BloodiedState s, Play play, String id) {
        Fighter f = onTurn(s, play, id);
        conscious(f);
        if (s.initiative().used().contains("action")) {
            throw new Refusal(RejectionCode.NOT_ENOUGH_AP, f.name() + " has already used their action this turn.");
        }
        return f;
    }

    private static Weapon weapon(Fighter f, String name) {
        List<Weapon> weapons = f.stats().weapons();
        if (weapons.isEmpty()) {
            throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " has no weapon on their sheet.");
        }
        if (name == null || name.isBlank()) {
            if (weapons.size() == 1) {
                return weapons.getFirst();
            }
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Choose which weapon " + f.name() + " attacks with.");
        }
        return weapons.stream().filter(w -> w.name().equalsIgnoreCase(name.strip())).findFirst()
                .orElseThrow(() -> new Refusal(RejectionCode.INVALID_COMMAND, f.name() + " has no weapon called " + name + "."));
    }

    private static List<Fighter> targets(BloodiedState s, List<String> ids) {
        if (ids == null || ids.isEmpty()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Choose at least one target.");
        }
        return new LinkedHashSet<>(ids).stream().map(id -> atTable(s, id)).toList();
    }

    private static String ability(String name) {
        String key = name.strip().toUpperCase(Locale.ROOT);
        if (!BloodiedSheet.ABILITIES.contains(key)) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "The ability is one of " + String.join(", ", BloodiedSheet.ABILITIES) + ".");
        }
        return key;
    }

    /** A save's ability; "BLD/LCK" (or "LCK/BLD") is the better of the two, resolved when rolled. */
    private static String saveAttribute(String name) {
        String key = name == null ? "" : name.strip().toUpperCase(Locale.ROOT);
        return key.equals("BLD/LCK") || key.equals("LCK/BLD") ? key : ability(key);
    }

    private static int score(Fighter f, String attribute) {
        if (attribute.contains("/")) {
            return score(f, better(f));
        }
        return f.stats().scores().get(attribute);
    }

    /** "a BLD or LCK save (whichever is better)": the higher score, BLD on a tie. */
    static String better(Fighter f) {
        return f.stats().scores().get("LCK") > f.stats().scores().get("BLD") ? "LCK" : "BLD";
    }

    private static String condition(String name) {
        if (name == null || name.isBlank() || name.length() > 40) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Name the condition in up to 40 characters.");
        }
        return name.strip().toLowerCase(Locale.ROOT);
    }

    private static int positive(Integer amount, String message) {
        if (amount == null || amount < 1) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, message);
        }
        return amount;
    }
}
