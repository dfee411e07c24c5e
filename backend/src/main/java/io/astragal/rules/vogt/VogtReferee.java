package io.astragal.rules.vogt;

import io.astragal.dice.Dice;
import io.astragal.dice.DiceSource;
import io.astragal.dice.Die;
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
import io.astragal.rules.vogt.VogtCommand.AddStatus;
import io.astragal.rules.vogt.VogtCommand.ApplyDamage;
import io.astragal.rules.vogt.VogtCommand.Attack;
import io.astragal.rules.vogt.VogtCommand.ChangeExhaustion;
import io.astragal.rules.vogt.VogtCommand.Check;
import io.astragal.rules.vogt.VogtCommand.Configure;
import io.astragal.rules.vogt.VogtCommand.Contest;
import io.astragal.rules.vogt.VogtCommand.Declare;
import io.astragal.rules.vogt.VogtCommand.Defend;
import io.astragal.rules.vogt.VogtCommand.EncumbranceSave;
import io.astragal.rules.vogt.VogtCommand.EndInitiative;
import io.astragal.rules.vogt.VogtCommand.EndTurn;
import io.astragal.rules.vogt.VogtCommand.FullRest;
import io.astragal.rules.vogt.VogtCommand.Heal;
import io.astragal.rules.vogt.VogtCommand.Help;
import io.astragal.rules.vogt.VogtCommand.Move;
import io.astragal.rules.vogt.VogtCommand.OrderTied;
import io.astragal.rules.vogt.VogtCommand.PlaceCharacter;
import io.astragal.rules.vogt.VogtCommand.Reevaluate;
import io.astragal.rules.vogt.VogtCommand.RemoveStatus;
import io.astragal.rules.vogt.VogtCommand.Run;
import io.astragal.rules.vogt.VogtCommand.Siesta;
import io.astragal.rules.vogt.VogtCommand.StartInitiative;
import io.astragal.rules.vogt.VogtCommand.UseTechnique;
import io.astragal.rules.vogt.VogtEvent.ActionDeclared;
import io.astragal.rules.vogt.VogtEvent.Attacked;
import io.astragal.rules.vogt.VogtEvent.CharacterPlaced;
import io.astragal.rules.vogt.VogtEvent.CheckRolled;
import io.astragal.rules.vogt.VogtEvent.ContestRolled;
import io.astragal.rules.vogt.VogtEvent.ContestSide;
import io.astragal.rules.vogt.VogtEvent.DamageApplied;
import io.astragal.rules.vogt.VogtEvent.DamageRoll;
import io.astragal.rules.vogt.VogtEvent.Defended;
import io.astragal.rules.vogt.VogtEvent.EncumbranceSaved;
import io.astragal.rules.vogt.VogtEvent.ExhaustionGained;
import io.astragal.rules.vogt.VogtEvent.ExhaustionRecovered;
import io.astragal.rules.vogt.VogtEvent.Healed;
import io.astragal.rules.vogt.VogtEvent.Helped;
import io.astragal.rules.vogt.VogtEvent.Hit;
import io.astragal.rules.vogt.VogtEvent.InitiativeEnded;
import io.astragal.rules.vogt.VogtEvent.InitiativeRoll;
import io.astragal.rules.vogt.VogtEvent.InitiativeRolled;
import io.astragal.rules.vogt.VogtEvent.InitiativeStarted;
import io.astragal.rules.vogt.VogtEvent.Moved;
import io.astragal.rules.vogt.VogtEvent.Ran;
import io.astragal.rules.vogt.VogtEvent.Recovery;
import io.astragal.rules.vogt.VogtEvent.Reevaluated;
import io.astragal.rules.vogt.VogtEvent.Rested;
import io.astragal.rules.vogt.VogtEvent.RoundStarted;
import io.astragal.rules.vogt.VogtEvent.SettingsChanged;
import io.astragal.rules.vogt.VogtEvent.StatusAdded;
import io.astragal.rules.vogt.VogtEvent.StatusRemoved;
import io.astragal.rules.vogt.VogtEvent.TechniqueUsed;
import io.astragal.rules.vogt.VogtEvent.TieOrdered;
import io.astragal.rules.vogt.VogtEvent.TurnEnded;
import io.astragal.rules.vogt.VogtEvent.TurnStarted;
import io.astragal.rules.vogt.VogtState.Action;
import io.astragal.rules.vogt.VogtState.Declaration;
import io.astragal.rules.vogt.VogtState.Initiative;
import io.astragal.rules.vogt.VogtState.Injury;
import io.astragal.rules.vogt.VogtState.Phase;
import io.astragal.rules.vogt.VogtState.Settings;
import io.astragal.rules.vogt.VogtState.StrengthModifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Referees a vogt table: declared-action initiative, damage with exhaustion, statuses and rests. */
final class VogtReferee implements Referee<VogtState> {

    /** "Unconscious: ... your initiative is 10d10." */
    static final String UNCONSCIOUS_INITIATIVE = "10d10";

    @Override
    public Class<VogtState> stateType() {
        return VogtState.class;
    }

    @Override
    public VogtState initialState() {
        return VogtState.initial();
    }

    @Override
    public Map<String, Class<? extends GameCommand>> commandTypes() {
        return VogtCommand.TYPES;
    }

    @Override
    public Map<String, Class<? extends GameEvent>> eventTypes() {
        return VogtEvent.TYPES;
    }

    @Override
    public Object view(VogtState state, Viewer viewer) {
        return VogtView.of(state, viewer);
    }

    @Override
    public Decision decide(VogtState state, GameCommand command, Play play) {
        return Referee.decideAs(VogtCommand.class, command, play,
                c -> settle(state, decideCommand(state, c, play), play.dice()));
    }

    private List<VogtEvent> decideCommand(VogtState s, VogtCommand command, Play play) {
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
            case Declare c -> declare(s, c, play);
            case OrderTied c -> orderTied(s, c, play);
            case Move c -> {
                Declaration d = onTurn(s, play, c.combatantId());
                Combatant mover = s.combatant(c.combatantId()).orElseThrow();
                int squares = c.amount() == null ? 0 : c.amount();
                int left = mover.movement() - d.moved();
                if (squares < 1) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "Move at least one square.");
                }
                if (squares > left) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND,
                            mover.name() + " can move " + left + " more " + (left == 1 ? "square" : "squares") + " this turn.");
                }
                yield List.of(new Moved(mover.id(), mover.name(), squares));
            }
            case Attack c -> attack(s, c, play);
            case UseTechnique c -> useTechnique(s, c, play);
            case Defend c -> {
                Combatant actor = acting(s, play, c.combatantId(), Action.DEFEND);
                yield List.of(new Defended(actor.id(), actor.name()));
            }
            case Help c -> {
                Combatant actor = acting(s, play, c.combatantId(), Action.HELP);
                Combatant helped = atTable(s, c.target());
                if (helped.id().equals(actor.id())) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "Help aids another character, not yourself.");
                }
                yield List.of(new Helped(actor.id(), actor.name(), helped.id(), helped.name()));
            }
            case Run c -> {
                Combatant actor = acting(s, play, c.combatantId(), Action.RUN);
                yield List.of(new Ran(actor.id(), actor.name()));
            }
            case Reevaluate c -> reevaluate(s, c, play);
            case EndTurn c -> {
                onTurn(s, play, c.combatantId());
                Combatant actor = s.combatant(c.combatantId()).orElseThrow();
                yield List.of(new TurnEnded(s.initiative().round(), actor.id(), actor.name()));
            }
            case Check c -> List.of(check(s, c, play));
            case Contest c -> List.of(contest(s, c, play));
            case ApplyDamage c -> applyDamage(s, c, play);
            case Heal c -> {
                gm(play, "heal");
                Combatant target = living(s, c.target());
                int amount = positive(c.amount(), "Heal at least 1 hit point.");
                int hp = Math.min(target.hpMax(), target.hp() + amount);
                yield List.of(new Healed(target.id(), target.name(), hp - target.hp(), hp));
            }
            case AddStatus c -> {
                gm(play, "add statuses");
                Combatant target = atTable(s, c.target());
                Status status = status(c.condition());
                if (target.has(status)) {
                    throw new Refusal(RejectionCode.INVALID_STATE, target.name() + " is already " + status.key() + ".");
                }
                yield List.of(new StatusAdded(target.id(), target.name(), status));
            }
            case RemoveStatus c -> {
                gm(play, "remove statuses");
                Combatant target = atTable(s, c.target());
                Status status = status(c.condition());
                if (!target.statuses().contains(status)) {
                    throw new Refusal(RejectionCode.INVALID_STATE, target.has(status)
                            ? target.name() + " is " + status.key() + " from exhaustion or an injury, not from a status that can be removed."
                            : target.name() + " is not " + status.key() + ".");
                }
                yield List.of(new StatusRemoved(target.id(), target.name(), status));
            }
            case ChangeExhaustion c -> changeExhaustion(s, c, play);
            case EncumbranceSave c -> encumbranceSave(s, c, play);
            case Siesta c -> rest(s, c.targets(), play, false);
            case FullRest c -> rest(s, c.targets(), play, true);
            case Configure c -> {
                gm(play, "change settings");
                StrengthModifier strength = c.strengthModifier() == null ? s.settings().strengthModifier()
                        : parse(StrengthModifier.class, c.strengthModifier(), "The STR modifier is median or roll.");
                boolean armor = c.armorReducesDamage() == null ? s.settings().armorReducesDamage() : c.armorReducesDamage();
                yield List.of(new SettingsChanged(new Settings(strength, armor)));
            }
        };
    }

    // ---- initiative ----------------------------------------------------------------------------

    private List<VogtEvent> startInitiative(VogtState s, StartInitiative c, Play play) {
        gm(play, "start initiative");
        if (s.initiative() != null) {
            throw new Refusal(RejectionCode.INVALID_STATE, "Initiative is already running.");
        }
        List<String> ids = c.characterIds() == null ? List.of() : c.characterIds();
        if (ids.isEmpty() || new HashSet<>(ids).size() != ids.size()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Name each character entering initiative once.");
        }
        List<VogtEvent> events = new ArrayList<>();
        for (String id : ids) {
            if (s.combatant(id).isEmpty()) {
                events.add(placed(card(play, id)));
            }
        }
        events.add(new InitiativeStarted(ids));
        return events;
    }

    private List<VogtEvent> declare(VogtState s, Declare c, Play play) {
        Combatant actor = controlled(s, play, c.combatantId());
        Initiative ini = running(s);
        Declaration d = ini.declaration(actor.id()).orElseThrow(() -> notInInitiative(actor));
        if (ini.phase() != Phase.DECLARING) {
            throw new Refusal(RejectionCode.OUT_OF_TURN, "Actions are declared at the beginning of the round.");
        }
        if (!actor.canAct()) {
            throw new Refusal(RejectionCode.INVALID_STATE, actor.name() + " cannot take actions; their initiative is 10d10.");
        }
        if (d.declared()) {
            throw new Refusal(RejectionCode.INVALID_STATE, actor.name() + " has already declared an action this round.");
        }
        Chosen chosen = choose(actor, c.action(), c.weapon(), c.amount());
        return List.of(new ActionDeclared(ini.round(), actor.id(), actor.name(), chosen.action, chosen.weapon,
                chosen.techniqueDice, chosen.dice));
    }

    /** An action with what its die depends on. */
    private record Chosen(Action action, String weapon, int techniqueDice, String dice) {
    }

    private Chosen choose(Combatant actor, String actionName, String weaponName, Integer amount) {
        Action action = parse(Action.class, actionName, "Choose Attack, Technique, Defend, Help or Run.");
        return switch (action) {
            case ATTACK -> {
                Stats.Weapon weapon = weapon(actor, weaponName);
                yield new Chosen(action, weapon.name(), 0, weapon.damage());
            }
            case TECHNIQUE -> {
                // "Use a technique you have prepared using a number of unexpended technique dice you have."
                if (actor.stats().techniques().isEmpty()) {
                    throw new Refusal(RejectionCode.INVALID_STATE, actor.name() + " has no prepared technique.");
                }
                int count = positive(amount, "Spend at least one technique die.");
                if (count > actor.techniqueLeft()) {
                    throw new Refusal(RejectionCode.NOT_ENOUGH_AP, actor.name() + " has " + actor.techniqueLeft()
                            + " unexpended technique " + (actor.techniqueLeft() == 1 ? "die" : "dice") + ".");
                }
                yield new Chosen(action, null, count, count + actor.stats().techniqueDie());
            }
            case DEFEND -> new Chosen(action, null, 0, "1d4");
            case HELP, RUN -> new Chosen(action, null, 0, "1d6");
        };
    }

    private static Stats.Weapon weapon(Combatant actor, String name) {
        List<Stats.Weapon> weapons = actor.stats().weapons();
        if (weapons.isEmpty()) {
            throw new Refusal(RejectionCode.INVALID_STATE, actor.name() + " has no weapon on their sheet.");
        }
        if (name == null || name.isBlank()) {
            if (weapons.size() == 1) {
                return weapons.getFirst();
            }
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Choose which weapon " + actor.name() + " attacks with.");
        }
        return weapons.stream().filter(w -> w.name().equalsIgnoreCase(name.strip())).findFirst()
                .orElseThrow(() -> new Refusal(RejectionCode.INVALID_COMMAND, actor.name() + " has no weapon called " + name + "."));
    }

    private List<VogtEvent> orderTied(VogtState s, OrderTied c, Play play) {
        gm(play, "order tied combatants");
        Initiative ini = running(s);
        List<String> ids = c.combatantIds() == null ? List.of() : c.combatantIds();
        if (ini.phase() != Phase.ACTING || ids.size() < 2) {
            throw new Refusal(RejectionCode.INVALID_STATE, "There is no tie to order.");
        }
        Declaration first = ini.declaration(ids.getFirst()).orElseThrow(() ->
                new Refusal(RejectionCode.UNKNOWN_CHARACTER, "That character is not in initiative."));
        List<String> tie = ini.unresolvedTie(first, s);
        if (!new HashSet<>(tie).equals(new HashSet<>(ids)) || tie.size() != ids.size()) {
            throw new Refusal(RejectionCode.INVALID_STATE, "Those combatants are not exactly one unresolved tie.");
        }
        List<String> names = ids.stream().map(id -> s.combatant(id).map(Combatant::name).orElse(id)).toList();
        return List.of(new TieOrdered(ini.round(), ids, names));
    }

    private List<VogtEvent> reevaluate(VogtState s, Reevaluate c, Play play) {
        Declaration d = onTurn(s, play, c.combatantId());
        Combatant actor = s.combatant(c.combatantId()).orElseThrow();
        canTakeAction(actor, d);
        Chosen chosen = choose(actor, c.action(), c.weapon(), c.amount());
        RollResult roll = Dice.roll(chosen.dice, play.dice());
        return List.of(new Reevaluated(s.initiative().round(), actor.id(), actor.name(), chosen.action, chosen.weapon,
                chosen.techniqueDice, chosen.dice, roll, d.total() + roll.total()));
    }

    /** Events the rules add by themselves: the reveal, the start of each turn with its effects, the next round. */
    private List<GameEvent> settle(VogtState state, List<VogtEvent> first, DiceSource dice) {
        List<GameEvent> out = new ArrayList<>();
        VogtState s = state;
        List<VogtEvent> next = first;
        while (!next.isEmpty()) {
            for (VogtEvent e : next) {
                out.add(e);
                s = evolve(s, e);
            }
            next = followUps(s, dice);
        }
        return out;
    }

    private List<VogtEvent> followUps(VogtState s, DiceSource dice) {
        Initiative ini = s.initiative();
        if (ini == null) {
            return List.of();
        }
        List<Declaration> living = ini.declarations().stream()
                .filter(d -> s.combatant(d.combatantId()).map(c -> !c.dead()).orElse(false)).toList();
        if (living.isEmpty()) {
            return List.of();
        }
        if (ini.phase() == Phase.DECLARING) {
            boolean everyone = living.stream().allMatch(d -> d.declared() || !s.combatant(d.combatantId()).orElseThrow().canAct());
            if (!everyone) {
                return List.of();
            }
            List<InitiativeRoll> rolls = new ArrayList<>();
            for (Declaration d : living) {
                Combatant c = s.combatant(d.combatantId()).orElseThrow();
                String die = c.canAct() ? d.dice() : UNCONSCIOUS_INITIATIVE;
                rolls.add(new InitiativeRoll(c.id(), c.name(), die, Dice.roll(die, dice), DieChart.rank(c.ability("DEX"))));
            }
            return List.of(new InitiativeRolled(ini.round(), rolls));
        }
        Optional<Declaration> current = ini.current(s);
        if (current.isEmpty()) {
            return List.of(new RoundStarted(ini.round() + 1));
        }
        Declaration d = current.get();
        if (d.started() || !ini.unresolvedTie(d, s).isEmpty()) {
            return List.of();
        }
        Combatant c = s.combatant(d.combatantId()).orElseThrow();
        List<VogtEvent> events = new ArrayList<>();
        events.add(new TurnStarted(ini.round(), c.id(), c.name()));
        if (c.has(Status.BLEEDING)) {
            // "You take 1 damage at the beginning of each of your turns."
            Hit hit = new Hit(c.id(), c.name(), 1, c.hp() - 1, "", c.npc());
            events.add(new DamageApplied("Bleeding", "", null, List.of(hit)));
            events.addAll(consequences(s, List.of(hit), dice));
        }
        return events;
    }

    // ---- actions -------------------------------------------------------------------------------

    private List<VogtEvent> attack(VogtState s, Attack c, Play play) {
        Combatant actor = acting(s, play, c.combatantId(), Action.ATTACK);
        Declaration d = s.initiative().declaration(actor.id()).orElseThrow();
        Stats.Weapon weapon = weapon(actor, d.weapon());
        List<Combatant> targets = targets(s, c.targets());
        RollResult strength = strengthModifier(s.settings(), actor, play.dice());
        DamageRoll damage = damageRoll(weapon.damage(), strength, play.dice());
        List<Hit> hits = hits(s.settings(), targets, damage.total(), weapon.type(), false);
        List<VogtEvent> events = new ArrayList<>();
        events.add(new Attacked(actor.id(), actor.name(), weapon.name(), weapon.type(), damage, hits, actor.npc()));
        events.addAll(consequences(s, hits, play.dice()));
        return events;
    }

    private List<VogtEvent> useTechnique(VogtState s, UseTechnique c, Play play) {
        Combatant actor = acting(s, play, c.combatantId(), Action.TECHNIQUE);
        Declaration d = s.initiative().declaration(actor.id()).orElseThrow();
        if (d.techniqueDice() > actor.techniqueLeft()) {
            throw new Refusal(RejectionCode.NOT_ENOUGH_AP, actor.name() + " has only " + actor.techniqueLeft()
                    + " unexpended technique dice left.");
        }
        String name = prepared(actor, c.text());
        if (c.notation() == null || c.notation().isBlank()) {
            return List.of(new TechniqueUsed(actor.id(), actor.name(), name, d.techniqueDice(), "", null, List.of()));
        }
        List<Combatant> targets = targets(s, c.targets());
        String type = damageType(c.damageType());
        DamageRoll damage = damageRoll(c.notation(), constant(0), play.dice());
        List<Hit> hits = hits(s.settings(), targets, damage.total(), type, false);
        List<VogtEvent> events = new ArrayList<>();
        events.add(new TechniqueUsed(actor.id(), actor.name(), name, d.techniqueDice(), type, damage, hits));
        events.addAll(consequences(s, hits, play.dice()));
        return events;
    }

    /** The prepared technique named, as the sheet spells it. */
    private static String prepared(Combatant actor, String text) {
        String wanted = text == null ? "" : text.strip();
        return actor.stats().techniques().stream().filter(t -> t.equalsIgnoreCase(wanted)).findFirst()
                .orElseThrow(() -> new Refusal(RejectionCode.INVALID_COMMAND, wanted.isEmpty()
                        ? "Choose which prepared technique " + actor.name() + " uses."
                        : actor.name() + " has not prepared " + wanted + "."));
    }

    private List<VogtEvent> applyDamage(VogtState s, ApplyDamage c, Play play) {
        gm(play, "apply damage");
        List<Combatant> targets = targets(s, c.targets());
        if (c.notation() == null || c.notation().isBlank()) {
            throw new Refusal(RejectionCode.INVALID_DICE, "Give the damage as dice or a number, e.g. 2d6+1.");
        }
        String type = damageType(c.damageType());
        DamageRoll damage = damageRoll(c.notation(), constant(0), play.dice());
        List<Hit> hits = hits(s.settings(), targets, damage.total(), type, Boolean.TRUE.equals(c.ignoreArmor()));
        List<VogtEvent> events = new ArrayList<>();
        events.add(new DamageApplied("Damage", type, damage, hits));
        events.addAll(consequences(s, hits, play.dice()));
        return events;
    }

    /** "When attacking with a weapon, you add your Strength modifier to the damage unless otherwise noted." */
    private static RollResult strengthModifier(Settings settings, Combatant actor, DiceSource dice) {
        String str = actor.ability("STR");
        if (settings.strengthModifier() == StrengthModifier.ROLL && !"0".equals(str)) {
            return Dice.roll(str, dice);
        }
        return new RollResult("STR", DieChart.median(str), List.of());
    }

    private static RollResult constant(int value) {
        return new RollResult(String.valueOf(value), value, List.of());
    }

    /**
     * Rolls damage once. "When you roll the highest result on a damage die, you may roll an additional
     * damage die of the same size and add it to the result." "It is possible to deal 0 damage, but no less."
     */
    static DamageRoll damageRoll(String notation, RollResult modifier, DiceSource dice) {
        RollResult roll = Dice.roll(notation, dice);
        List<Die> crits = new ArrayList<>();
        for (Die die : roll.dice()) {
            if (die.kept() && die.sides() > 1 && die.face() == die.sides()) {
                crits.add(Die.kept(die.sides(), dice.roll(die.sides())));
            }
        }
        int critTotal = crits.stream().mapToInt(Die::face).sum();
        String critNotation = crits.isEmpty() ? "" : crits.size() + "d" + crits.getFirst().sides();
        RollResult crit = new RollResult(critNotation, critTotal, crits);
        return new DamageRoll(roll, crit, modifier, Math.max(0, roll.total() + critTotal + modifier.total()));
    }

    /**
     * One roll for all targets: "When you deal damage to more than one target with one action, roll the
     * damage once and apply it to all targets." Each target then applies its own resistance (half,
     * rounded down), vulnerability (double) and AR.
     */
    static List<Hit> hits(Settings settings, List<Combatant> targets, int total, String type, boolean ignoreArmor) {
        List<Hit> hits = new ArrayList<>();
        for (Combatant target : targets) {
            int amount = total;
            List<String> notes = new ArrayList<>();
            boolean resists = !type.isEmpty() && target.resistances().contains(type);
            boolean vulnerable = !type.isEmpty() && target.vulnerabilities().contains(type);
            if (resists && !vulnerable) {
                amount /= 2;
                notes.add("resists " + type);
            } else if (vulnerable && !resists) {
                amount *= 2;
                notes.add("vulnerable to " + type);
            }
            if (settings.armorReducesDamage() && !ignoreArmor && target.ar() > 0 && amount > 0) {
                notes.add("AR " + target.ar());
                amount -= target.ar();
            }
            amount = Math.max(0, amount);
            hits.add(new Hit(target.id(), target.name(), amount, target.hp() - amount, String.join(", ", notes), target.npc()));
        }
        return hits;
    }

    /**
     * "Each time a character takes damage and is left with 0 or fewer hit points, they gain a level
     * of exhaustion and fall prone if they aren't already."
     */
    private List<VogtEvent> consequences(VogtState s, List<Hit> hits, DiceSource dice) {
        List<VogtEvent> events = new ArrayList<>();
        for (Hit hit : hits) {
            Combatant target = s.combatant(hit.targetId()).orElseThrow();
            if (hit.amount() > 0 && hit.hp() <= 0 && !target.dead()) {
                events.add(exhaustion(target, target.exhaustion() + 1, !target.has(Status.PRONE), dice));
            }
        }
        return events;
    }

    /** One level of exhaustion; "4+ Roll 1d8 on the death & dismemberment table." */
    private static ExhaustionGained exhaustion(Combatant target, int level, boolean knockedDown, DiceSource dice) {
        if (level < 4) {
            return new ExhaustionGained(target.id(), target.name(), level, knockedDown, null, null, target.npc());
        }
        RollResult roll = Dice.roll("1d8", dice);
        return new ExhaustionGained(target.id(), target.name(), level, knockedDown, roll, Injury.forFace(roll.total()),
                target.npc());
    }

    private List<VogtEvent> changeExhaustion(VogtState s, ChangeExhaustion c, Play play) {
        gm(play, "change exhaustion");
        Combatant target = atTable(s, c.target());
        int amount = c.amount() == null ? 0 : c.amount();
        if (amount == 0 || amount > 10) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Change exhaustion by 1 to 10 levels, or recover with a negative amount.");
        }
        if (amount < 0) {
            if (target.exhaustion() == 0) {
                throw new Refusal(RejectionCode.INVALID_STATE, target.name() + " has no exhaustion.");
            }
            return List.of(new ExhaustionRecovered(target.id(), target.name(), Math.max(0, target.exhaustion() + amount),
                    target.npc()));
        }
        if (target.dead()) {
            throw new Refusal(RejectionCode.INVALID_STATE, target.name() + " is dead.");
        }
        List<VogtEvent> events = new ArrayList<>();
        Combatant current = target;
        for (int i = 0; i < amount && !current.dead(); i++) {
            ExhaustionGained gained = exhaustion(current, current.exhaustion() + 1, false, play.dice());
            events.add(gained);
            current = gainedBy(current, gained);
        }
        return events;
    }

    private List<VogtEvent> encumbranceSave(VogtState s, EncumbranceSave c, Play play) {
        gm(play, "call for encumbrance saves");
        Combatant target = living(s, c.target());
        int extra = target.extraSlots();
        if (extra == 0) {
            throw new Refusal(RejectionCode.INVALID_STATE, target.name() + " carries no more items than they have slots.");
        }
        if (c.amount() == null) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Give the number the save must reach.");
        }
        String ability = ability(c.attribute());
        String die = target.ability(ability);
        RollResult roll = rollDie(die, play.dice());
        int total = roll.total() - extra;
        boolean success = total >= c.amount();
        List<VogtEvent> events = new ArrayList<>();
        events.add(new EncumbranceSaved(target.id(), target.name(), ability, die, roll, extra, total, c.amount(), success));
        if (!success) {
            events.add(exhaustion(target, target.exhaustion() + 1, false, play.dice()));
        }
        return events;
    }

    private List<VogtEvent> rest(VogtState s, List<String> ids, Play play, boolean full) {
        gm(play, "call for a rest");
        if (s.initiative() != null) {
            throw new Refusal(RejectionCode.OUT_OF_TURN, "Nobody rests during initiative.");
        }
        List<Recovery> recoveries = new ArrayList<>();
        for (Combatant c : targets(s, ids)) {
            if (c.dead()) {
                throw new Refusal(RejectionCode.INVALID_STATE, c.name() + " is dead.");
            }
            // Siesta: "regain a number of hit points equal to half your HP maximum"; full rest: "all your hit points and technique dice".
            int gain = full ? c.hpMax() - c.hp() : Math.min(c.hpMax() / 2, c.hpMax() - c.hp());
            recoveries.add(new Recovery(c.id(), c.name(), Math.max(0, gain), full ? c.techniqueSpent() : 0, c.npc()));
        }
        return List.of(new Rested(full ? "full rest" : "siesta", recoveries));
    }

    // ---- checks --------------------------------------------------------------------------------

    /** "Roll the die associated with the relevant ability score and any bonuses (such as a skill)." */
    private CheckRolled check(VogtState s, Check c, Play play) {
        Combatant actor = controlled(s, play, c.combatantId());
        if (actor.dead()) {
            throw new Refusal(RejectionCode.INVALID_STATE, actor.name() + " is dead.");
        }
        String ability = ability(c.attribute());
        String die = actor.ability(ability);
        int bonus = c.amount() == null ? 0 : c.amount();
        String requested = c.edge() == null || c.edge().isBlank() ? "normal" : c.edge().strip().toLowerCase(Locale.ROOT);
        if (!List.of("normal", "advantage", "disadvantage").contains(requested)) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Edge is normal, advantage or disadvantage.");
        }
        boolean helped = actor.helpedBy() != null;
        boolean advantage = helped || requested.equals("advantage");
        boolean disadvantage = requested.equals("disadvantage");
        String edge = advantage == disadvantage ? "normal" : (advantage ? "advantage" : "disadvantage");
        List<RollResult> rolls = new ArrayList<>();
        RollResult first = rollDie(die, play.dice());
        if (edge.equals("normal")) {
            rolls.add(first);
        } else {
            RollResult second = rollDie(die, play.dice());
            boolean keepFirst = edge.equals("advantage") ? first.total() >= second.total() : first.total() <= second.total();
            rolls.add(keepFirst ? first : dropped(first));
            rolls.add(keepFirst ? dropped(second) : second);
        }
        int kept = rolls.stream().filter(r -> r.dice().isEmpty() || r.dice().getFirst().kept()).findFirst()
                .orElseThrow().total();
        return new CheckRolled(actor.id(), actor.name(), ability, die, bonus, edge, rolls, kept + bonus, helped, actor.npc());
    }

    private static RollResult dropped(RollResult roll) {
        return new RollResult(roll.notation(), roll.total(), roll.dice().stream().map(Die::dropped).toList());
    }

    /** "When two characters are competing ... The character who gets the higher result succeeds." */
    private ContestRolled contest(VogtState s, Contest c, Play play) {
        Combatant first = controlled(s, play, c.combatantId());
        Combatant second = atTable(s, c.target());
        if (first.id().equals(second.id())) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "A contest needs two characters.");
        }
        String firstAbility = ability(c.attribute());
        String secondAbility = c.targetAttribute() == null || c.targetAttribute().isBlank() ? firstAbility : ability(c.targetAttribute());
        ContestSide a = side(first, firstAbility, c.amount(), play.dice());
        ContestSide b = side(second, secondAbility, c.targetBonus(), play.dice());
        String winner = a.total() == b.total() ? null : (a.total() > b.total() ? a.combatantId() : b.combatantId());
        return new ContestRolled(a, b, winner);
    }

    private static ContestSide side(Combatant c, String ability, Integer bonus, DiceSource dice) {
        String die = c.ability(ability);
        RollResult roll = rollDie(die, dice);
        int b = bonus == null ? 0 : bonus;
        return new ContestSide(c.id(), c.name(), ability, die, b, roll, roll.total() + b);
    }

    /** An ability die; "0", the chart's minimum, rolls nothing. */
    private static RollResult rollDie(String die, DiceSource dice) {
        return "0".equals(die) ? new RollResult("0", 0, List.of()) : Dice.roll(die, dice);
    }

    // ---- evolve --------------------------------------------------------------------------------

    @Override
    public VogtState evolve(VogtState s, GameEvent event) {
        if (!(event instanceof VogtEvent e)) {
            throw new IllegalArgumentException("not a vogt event: " + event);
        }
        return switch (e) {
            case CharacterPlaced p -> s.combatant(p.characterId())
                    .map(c -> s.withCombatant(c.withSheet(p.name(), p.ownerUserId(), p.npc(), p.stats())))
                    .orElseGet(() -> {
                        Combatant fresh = new Combatant(p.characterId(), p.name(), p.ownerUserId(), p.npc(), p.stats(),
                                p.stats().hpMax(), 0, 0, p.statuses(), List.of(), false, false, null);
                        return s.withCombatant(fresh.withExhaustion(p.exhaustion()));
                    });
            case InitiativeStarted p -> s.withInitiative(new Initiative(1, Phase.DECLARING,
                    p.combatantIds().stream().map(Declaration::pending).toList(), Map.of()));
            case ActionDeclared p -> s.updateDeclaration(p.combatantId(),
                    d -> d.declare(p.action(), p.weapon(), p.techniqueDice(), p.dice()));
            case InitiativeRolled p -> {
                VogtState next = s.withInitiative(new Initiative(p.round(), Phase.ACTING, s.initiative().declarations(), Map.of()));
                for (InitiativeRoll roll : p.results()) {
                    next = next.updateDeclaration(roll.combatantId(), d -> d.rolled(roll.dice(), roll.roll(), roll.dexRank()));
                }
                yield next;
            }
            case TieOrdered p -> {
                Map<String, Integer> ranks = new HashMap<>(s.initiative().tieBreaks());
                for (int i = 0; i < p.combatantIds().size(); i++) {
                    ranks.put(p.combatantIds().get(i), i);
                }
                Initiative ini = s.initiative();
                yield s.withInitiative(new Initiative(ini.round(), ini.phase(), ini.declarations(), ranks));
            }
            case TurnStarted p -> {
                // Defend lasts "until the beginning of your next turn"; Help's advantage "before the start of your next turn".
                VogtState next = s.updateDeclaration(p.combatantId(), Declaration::withStarted)
                        .updateCombatant(p.combatantId(), c -> c.withDefending(false));
                for (Combatant c : next.combatants()) {
                    if (p.combatantId().equals(c.helpedBy())) {
                        next = next.withCombatant(c.withHelpedBy(null));
                    }
                }
                yield next;
            }
            case Moved p -> s.updateDeclaration(p.combatantId(), d -> d.withMoved(p.squares()));
            case Attacked p -> applyHits(s, p.hits()).updateDeclaration(p.combatantId(), Declaration::withActed);
            case TechniqueUsed p -> applyHits(s, p.hits())
                    .updateCombatant(p.combatantId(), c -> c.withTechniqueSpent(c.techniqueSpent() + p.diceSpent()))
                    .updateDeclaration(p.combatantId(), Declaration::withActed);
            case DamageApplied p -> applyHits(s, p.hits());
            case ExhaustionGained p -> s.updateCombatant(p.combatantId(), c -> gainedBy(c, p));
            case ExhaustionRecovered p -> s.updateCombatant(p.combatantId(), c -> c.withExhaustion(p.level()));
            case Defended p -> s.updateCombatant(p.combatantId(), c -> c.withDefending(true))
                    .updateDeclaration(p.combatantId(), Declaration::withActed);
            case Helped p -> s.updateCombatant(p.targetId(), c -> c.withHelpedBy(p.combatantId()))
                    .updateDeclaration(p.combatantId(), Declaration::withActed);
            case Ran p -> s.updateCombatant(p.combatantId(), c -> c.withRunning(true))
                    .updateDeclaration(p.combatantId(), Declaration::withActed);
            case Reevaluated p -> s.updateDeclaration(p.combatantId(),
                    d -> d.reevaluated(p.action(), p.weapon(), p.techniqueDice(), p.dice(), p.roll()));
            case TurnEnded p -> s.updateDeclaration(p.combatantId(), Declaration::withDone);
            case RoundStarted p -> {
                // Run doubles movement "until the end of the round".
                VogtState next = s;
                for (Combatant c : s.combatants()) {
                    next = next.withCombatant(c.withRunning(false));
                }
                yield next.withInitiative(new Initiative(p.round(), Phase.DECLARING, s.initiative().declarations().stream()
                        .map(d -> Declaration.pending(d.combatantId())).toList(), Map.of()));
            }
            case InitiativeEnded p -> {
                VogtState next = s.withInitiative(null);
                for (Combatant c : s.combatants()) {
                    next = next.withCombatant(c.withDefending(false).withRunning(false).withHelpedBy(null));
                }
                yield next;
            }
            case CheckRolled p -> p.helpUsed() ? s.updateCombatant(p.combatantId(), c -> c.withHelpedBy(null)) : s;
            case ContestRolled p -> s;
            case Healed p -> s.updateCombatant(p.targetId(), c -> c.withHp(p.hp()));
            case StatusAdded p -> s.updateCombatant(p.targetId(), c -> c.withStatus(p.status(), true));
            case StatusRemoved p -> s.updateCombatant(p.targetId(), c -> c.withStatus(p.status(), false));
            case Rested p -> {
                VogtState next = s;
                for (Recovery r : p.recoveries()) {
                    next = next.updateCombatant(r.combatantId(), c -> c.withHp(c.hp() + r.hpGained())
                            .withTechniqueSpent(c.techniqueSpent() - r.techniqueDiceRegained()));
                }
                yield next;
            }
            case EncumbranceSaved p -> s;
            case SettingsChanged p -> s.withSettings(p.settings());
        };
    }

    private static Combatant gainedBy(Combatant c, ExhaustionGained gained) {
        Combatant next = c.withExhaustion(gained.level());
        if (gained.knockedDown()) {
            next = next.withStatus(Status.PRONE, true);
        }
        return gained.injury() == null ? next : next.withInjury(gained.injury());
    }

    private static VogtState applyHits(VogtState s, List<Hit> hits) {
        VogtState next = s;
        for (Hit hit : hits) {
            next = next.updateCombatant(hit.targetId(), c -> c.withHp(hit.hp()));
        }
        return next;
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
        Map<String, Object> sheet = card.sheet();
        List<Status> statuses = ((List<?>) sheet.get("statuses")).stream()
                .map(st -> Status.parse((String) st).orElseThrow()).toList();
        return new CharacterPlaced(card.id(), card.name(), card.ownerUserId(), card.npc(), VogtSheet.stats(sheet),
                statuses, (Integer) sheet.get("exhaustion"));
    }

    static Combatant atTable(VogtState s, String id) {
        return s.combatant(id).orElseThrow(() ->
                new Refusal(RejectionCode.UNKNOWN_CHARACTER, "That character is not at the table."));
    }

    private static Combatant living(VogtState s, String id) {
        Combatant c = atTable(s, id);
        if (c.dead()) {
            throw new Refusal(RejectionCode.INVALID_STATE, c.name() + " is dead.");
        }
        return c;
    }

    private static Combatant controlled(VogtState s, Play play, String id) {
        Combatant c = atTable(s, id);
        if (!play.actor().isGm() && !play.actor().userId().equals(c.ownerUserId())) {
            throw new Refusal(RejectionCode.NOT_YOUR_CHARACTER, c.name() + " is not your character.");
        }
        return c;
    }

    private static Initiative running(VogtState s) {
        if (s.initiative() == null) {
            throw new Refusal(RejectionCode.OUT_OF_TURN, "Initiative is not running.");
        }
        return s.initiative();
    }

    private static Refusal notInInitiative(Combatant c) {
        return new Refusal(RejectionCode.UNKNOWN_CHARACTER, c.name() + " is not in initiative.");
    }

    /** The command's combatant must be the one whose turn it is. */
    static Declaration onTurn(VogtState s, Play play, String id) {
        Combatant c = controlled(s, play, id);
        Initiative ini = running(s);
        Declaration d = ini.declaration(c.id()).orElseThrow(() -> notInInitiative(c));
        Optional<Declaration> current = ini.current(s);
        if (ini.phase() != Phase.ACTING || current.isEmpty() || !current.get().combatantId().equals(c.id())) {
            throw new Refusal(RejectionCode.OUT_OF_TURN, "It is not " + c.name() + "'s turn.");
        }
        if (!ini.unresolvedTie(d, s).isEmpty()) {
            throw new Refusal(RejectionCode.OUT_OF_TURN, "The GM has not yet ordered " + c.name() + "'s tie.");
        }
        return d;
    }

    /** The command's combatant takes its declared action now. */
    private static Combatant acting(VogtState s, Play play, String id, Action action) {
        Declaration d = onTurn(s, play, id);
        Combatant c = s.combatant(id).orElseThrow();
        canTakeAction(c, d);
        if (d.action() != action) {
            throw new Refusal(RejectionCode.INVALID_STATE, c.name() + " declared " + d.action().label()
                    + "; reevaluate to take another action.");
        }
        return c;
    }

    private static void canTakeAction(Combatant c, Declaration d) {
        if (!c.canAct()) {
            throw new Refusal(RejectionCode.INVALID_STATE, c.name() + " cannot take actions.");
        }
        if (d.acted()) {
            throw new Refusal(RejectionCode.NOT_ENOUGH_AP, c.name() + " has already taken their action this turn.");
        }
    }

    private static List<Combatant> targets(VogtState s, List<String> ids) {
        if (ids == null || ids.isEmpty()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Choose at least one target.");
        }
        return new LinkedHashSet<>(ids).stream().map(id -> atTable(s, id)).toList();
    }

    private static Status status(String name) {
        return Status.parse(name).orElseThrow(() ->
                new Refusal(RejectionCode.INVALID_COMMAND, name + " is not a status of this ruleset."));
    }

    private static String ability(String name) {
        String key = name == null ? "" : name.strip().toUpperCase(Locale.ROOT);
        if (!VogtSheet.ABILITIES.contains(key)) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "The ability is one of " + String.join(", ", VogtSheet.ABILITIES) + ".");
        }
        return key;
    }

    /** A damage type, lower-cased; "none" (the browser's pick for untyped damage) and blank are untyped. */
    static String damageType(String type) {
        String t = type == null ? "" : type.strip().toLowerCase(Locale.ROOT);
        return t.equals(UNTYPED) ? "" : t;
    }

    static final String UNTYPED = "none";

    private static int positive(Integer amount, String message) {
        if (amount == null || amount < 1) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, message);
        }
        return amount;
    }

    private static <E extends Enum<E>> E parse(Class<E> type, String name, String message) {
        try {
            return Enum.valueOf(type, name == null ? "" : name.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, message);
        }
    }
}
