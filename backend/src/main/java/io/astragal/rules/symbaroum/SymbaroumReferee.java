package io.astragal.rules.symbaroum;

import static java.util.Map.entry;

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
import io.astragal.rules.symbaroum.SymbaroumCommand.*;
import io.astragal.rules.symbaroum.SymbaroumEvent.*;
import io.astragal.rules.symbaroum.SymbaroumState.Encounter;
import io.astragal.rules.symbaroum.SymbaroumState.Fighter;
import io.astragal.rules.symbaroum.SymbaroumState.FreeAttack;
import io.astragal.rules.symbaroum.SymbaroumState.PainChoice;
import io.astragal.rules.symbaroum.SymbaroumState.Patch;
import io.astragal.rules.symbaroum.SymbaroumState.Weapon;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The symbaroum referee: decides commands, folds events, builds views. */
final class SymbaroumReferee implements Referee<SymbaroumState> {

    static final Map<String, Class<? extends GameCommand>> COMMANDS = Map.ofEntries(
            entry("symbaroum.placeCharacters", PlaceCharacters.class),
            entry("symbaroum.startInitiative", StartInitiative.class),
            entry("symbaroum.delay", Delay.class),
            entry("symbaroum.endTurn", EndTurn.class),
            entry("symbaroum.endInitiative", EndInitiative.class),
            entry("symbaroum.move", Move.class),
            entry("symbaroum.standUp", StandUp.class),
            entry("symbaroum.drawWeapon", DrawWeapon.class),
            entry("symbaroum.test", SuccessTest.class),
            entry("symbaroum.attack", Attack.class),
            entry("symbaroum.grantFreeAttack", GrantFreeAttack.class),
            entry("symbaroum.choosePain", ChoosePain.class),
            entry("symbaroum.surprise", Surprise.class),
            entry("symbaroum.deathTest", DeathTest.class),
            entry("symbaroum.firstAid", FirstAid.class),
            entry("symbaroum.naturalHealing", NaturalHealing.class),
            entry("symbaroum.applyDamage", ApplyDamage.class),
            entry("symbaroum.addCondition", AddCondition.class),
            entry("symbaroum.removeCondition", RemoveCondition.class),
            entry("symbaroum.awardExperience", AwardExperience.class),
            entry("symbaroum.learnAbility", LearnAbility.class));

    static final Map<String, Class<? extends GameEvent>> EVENTS = Map.ofEntries(
            entry("symbaroum.charactersPlaced", CharactersPlaced.class),
            entry("symbaroum.initiativeStarted", InitiativeStarted.class),
            entry("symbaroum.turnDelayed", TurnDelayed.class),
            entry("symbaroum.turnEnded", TurnEnded.class),
            entry("symbaroum.initiativeEnded", InitiativeEnded.class),
            entry("symbaroum.moved", Moved.class),
            entry("symbaroum.testRolled", TestRolled.class),
            entry("symbaroum.attackResolved", AttackResolved.class),
            entry("symbaroum.painChosen", PainChosen.class),
            entry("symbaroum.freeAttackGranted", FreeAttackGranted.class),
            entry("symbaroum.surpriseRolled", SurpriseRolled.class),
            entry("symbaroum.stoodUp", StoodUp.class),
            entry("symbaroum.weaponDrawn", WeaponDrawn.class),
            entry("symbaroum.deathTestRolled", DeathTestRolled.class),
            entry("symbaroum.healed", Healed.class),
            entry("symbaroum.damageApplied", DamageApplied.class),
            entry("symbaroum.conditionChanged", ConditionChanged.class),
            entry("symbaroum.experienceAwarded", ExperienceAwarded.class),
            entry("symbaroum.abilityLearned", AbilityLearned.class));

    static final String DEAD = "dead";
    static final String DYING = "dying";
    static final String PRONE = "prone";
    static final String FLANKED = "flanked";
    /** Weapons not yet drawn: "it is important to know whether the combatants have their weapons drawn or not". */
    static final String SHEATHED = "sheathed";
    static final String COMBAT = "combat";
    static final String MOVEMENT = "movement";
    static final String WITHDRAWAL = "withdrawal";
    static final String PASSING = "passing by";
    /** "novice 10 ... adept 20 ... master 30". */
    static final List<Integer> ABILITY_COSTS = List.of(10, 20, 30);

    @Override
    public Class<SymbaroumState> stateType() {
        return SymbaroumState.class;
    }

    @Override
    public SymbaroumState initialState() {
        return SymbaroumState.empty();
    }

    @Override
    public Map<String, Class<? extends GameCommand>> commandTypes() {
        return COMMANDS;
    }

    @Override
    public Map<String, Class<? extends GameEvent>> eventTypes() {
        return EVENTS;
    }

    @Override
    public Object view(SymbaroumState state, Viewer viewer) {
        return SymbaroumViews.view(state, viewer);
    }

    @Override
    public Decision decide(SymbaroumState state, GameCommand command, Play play) {
        return Referee.decideAs(SymbaroumCommand.class, command, play, c -> decideOrRefuse(state, c, play));
    }

    private List<GameEvent> decideOrRefuse(SymbaroumState state, SymbaroumCommand command, Play play) {
        return switch (command) {
            case PlaceCharacters p -> {
                gm(play);
                List<Fighter> placed = new ArrayList<>();
                for (String id : new LinkedHashSet<>(p.characterIds())) {
                    if (state.find(id).isEmpty()) {
                        placed.add(fromCard(card(play, id)));
                    }
                }
                if (placed.isEmpty()) {
                    throw new Refusal(RejectionCode.INVALID_STATE, "Those characters are already at the table.");
                }
                yield List.of(new CharactersPlaced(placed));
            }
            case StartInitiative s -> startInitiative(state, s, play);
            case Delay d -> delay(state, d, play);
            case EndTurn e -> endTurn(state, e, play);
            case EndInitiative e -> {
                gm(play);
                encounter(state);
                yield List.of(new InitiativeEnded());
            }
            case Move m -> move(state, m, play);
            case StandUp s -> standUp(state, s, play);
            case DrawWeapon d -> drawWeapon(state, d, play);
            case SuccessTest t -> successTest(state, t, play);
            case Attack a -> attack(state, a, play);
            case GrantFreeAttack g -> grantFreeAttack(state, g, play);
            case ChoosePain c -> choosePain(state, c, play);
            case Surprise s -> surprise(state, s, play);
            case DeathTest d -> deathTest(state, d, play);
            case FirstAid a -> firstAid(state, a, play);
            case NaturalHealing h -> {
                gm(play);
                Fighter t = fighter(state, h.target());
                if (h.amount() < 1) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "Heal at least one day's worth.");
                }
                if (t.has(DYING) || t.has(DEAD)) {
                    throw new Refusal(RejectionCode.INVALID_STATE, t.name() + " needs first aid, not rest.");
                }
                int value = Math.min(t.get("toughnessMax"), t.get("toughness") + h.amount());
                yield List.of(new Healed(t.id(), t.name(), null, null, "natural healing", null, value - t.get("toughness"),
                        new Patch(t.id(), Map.of("toughness", value), Map.of(), List.of()), t.npc()));
            }
            case ApplyDamage d -> {
                gm(play);
                Fighter t = fighter(state, d.target());
                if (d.amount() < 0) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "Damage cannot be negative.");
                }
                int after = Math.max(0, t.get("toughness") - d.amount());
                Map<String, Integer> conditions = new HashMap<>();
                String outcome = zeroToughness(t, after, conditions);
                yield List.of(new DamageApplied(t.id(), t.name(), t.get("toughness") - after, d.text(), outcome,
                        new Patch(t.id(), Map.of("toughness", after), conditions, List.of()), d.amount(), t.npc()));
            }
            case AddCondition a -> {
                gm(play);
                Fighter t = fighter(state, a.target());
                if (a.condition() == null || a.condition().isBlank()) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "Name the condition.");
                }
                int level = a.amount() == null ? 1 : Math.max(1, a.amount());
                yield List.of(new ConditionChanged(t.id(), t.name(), a.condition().trim(), level,
                        new Patch(t.id(), Map.of(), Map.of(a.condition().trim(), level), List.of())));
            }
            case RemoveCondition r -> {
                gm(play);
                Fighter t = fighter(state, r.target());
                if (r.condition() == null || !t.has(r.condition())) {
                    throw new Refusal(RejectionCode.INVALID_STATE, t.name() + " is not " + r.condition() + ".");
                }
                yield List.of(new ConditionChanged(t.id(), t.name(), r.condition(), null,
                        new Patch(t.id(), Map.of(), Map.of(), List.of(r.condition()))));
            }
            case AwardExperience a -> {
                gm(play);
                Fighter t = fighter(state, a.target());
                if (a.amount() < 1) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "Award at least 1 Experience.");
                }
                yield List.of(new ExperienceAwarded(t.id(), t.name(), a.amount(),
                        new Patch(t.id(), Map.of("experience", t.get("experience") + a.amount()), Map.of(), List.of())));
            }
            case LearnAbility l -> {
                Fighter f = fighter(state, l.combatantId());
                controls(play, f);
                String ability = l.text() == null ? "" : l.text().trim();
                if (ability.isEmpty()) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "Name the ability.");
                }
                String key = f.abilities().keySet().stream().filter(k -> k.equalsIgnoreCase(ability)).findFirst().orElse(ability);
                int level = f.abilities().getOrDefault(key, 0);
                if (level >= 3) {
                    throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " is already a master of " + key + ".");
                }
                int cost = ABILITY_COSTS.get(level);
                if (f.get("experience") < cost) {
                    throw new Refusal(RejectionCode.INVALID_STATE,
                            "Needs " + cost + " Experience, " + f.name() + " has " + f.get("experience") + ".");
                }
                yield List.of(new AbilityLearned(f.id(), f.name(), key, SymbaroumRuleset.LEVELS.get(level), cost,
                        new Patch(f.id(), Map.of("experience", f.get("experience") - cost), Map.of(), List.of())));
            }
        };
    }

    // ---- initiative ----

    /**
     * "The character with the highest Quick can choose to either act first or to wait ... If two
     * persons have the same Quick value, then compare Vigilant. If they still share the same value,
     * roll 1D20: the highest outcome goes first."
     */
    private List<GameEvent> startInitiative(SymbaroumState state, StartInitiative s, Play play) {
        gm(play);
        if (state.encounter() != null) {
            throw new Refusal(RejectionCode.INVALID_STATE, "A fight is already running.");
        }
        List<String> ids = List.copyOf(new LinkedHashSet<>(s.characterIds()));
        if (ids.isEmpty()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Name the combatants.");
        }
        List<Fighter> placed = new ArrayList<>();
        List<Fighter> everyone = new ArrayList<>();
        for (String id : ids) {
            Fighter f = state.find(id).orElse(null);
            if (f == null) {
                f = fromCard(card(play, id));
                placed.add(f);
            }
            everyone.add(f);
        }
        Comparator<Fighter> byRank = Comparator.comparing((Fighter f) -> f.get("quick"))
                .thenComparing(f -> f.get("vigilant")).reversed();
        Map<String, RollResult> tieBreaks = new HashMap<>();
        for (Fighter f : everyone) {
            boolean tied = everyone.stream().anyMatch(o -> o != f && byRank.compare(o, f) == 0);
            if (tied) {
                int face = play.dice().roll(20);
                tieBreaks.put(f.id(), new RollResult("1d20", face, List.of(Die.kept(20, face))));
            }
        }
        List<Fighter> ordered = new ArrayList<>(everyone);
        ordered.sort(byRank.thenComparing(f -> tieBreaks.containsKey(f.id()) ? -tieBreaks.get(f.id()).total() : 0));
        List<Ranked> ranking = ordered.stream().map(f -> new Ranked(f.id(), f.name(), f.get("quick"), f.get("vigilant"),
                tieBreaks.get(f.id()))).toList();
        String first = ordered.stream().filter(f -> !f.has(DEAD)).map(Fighter::id).findFirst().orElse(null);
        return List.of(new InitiativeStarted(ranking, first, placed));
    }

    /** "You may choose to place your Initiative later in the turn order, but once the order is established it cannot be changed." */
    private List<GameEvent> delay(SymbaroumState state, Delay d, Play play) {
        Encounter enc = encounter(state);
        Fighter f = acting(state, d.combatantId(), play);
        mayWait(enc, f);
        Fighter after = fighter(state, d.target());
        int from = enc.order().indexOf(f.id());
        int to = enc.order().indexOf(after.id());
        if (to <= from) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, f.name() + " can only wait until after someone later in the order.");
        }
        List<String> order = new ArrayList<>(enc.order());
        order.remove(f.id());
        order.add(order.indexOf(after.id()) + 1, f.id());
        String current = f.id().equals(enc.current()) ? order.get(from) : enc.current();
        return List.of(new TurnDelayed(f.id(), f.name(), after.id(), after.name(), order, current));
    }

    /** Whether {@code f} may still place its Initiative later: once, in the first round, before acting, with someone after it. */
    static void mayWait(Encounter enc, Fighter f) {
        if (enc.round() > 1) {
            throw new Refusal(RejectionCode.INVALID_STATE, "The order is established; it cannot be changed.");
        }
        int from = enc.order().indexOf(f.id());
        if (from < 0) {
            throw new Refusal(RejectionCode.UNKNOWN_CHARACTER, f.name() + " is not in this fight.");
        }
        if (enc.delayed().contains(f.id()) || enc.done().contains(f.id())
                || (f.id().equals(enc.current()) && !enc.used().isEmpty())) {
            throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " can no longer wait.");
        }
        if (from == enc.order().size() - 1) {
            throw new Refusal(RejectionCode.INVALID_STATE, "No one acts after " + f.name() + ".");
        }
    }

    private List<GameEvent> endTurn(SymbaroumState state, EndTurn e, Play play) {
        Encounter enc = encounter(state);
        Fighter f = fighter(state, e.combatantId());
        controls(play, f);
        if (!f.id().equals(enc.current())) {
            throw new Refusal(RejectionCode.OUT_OF_TURN, "It is not " + f.name() + "'s turn.");
        }
        // "Each turn thereafter the player is forced to make a Death Test with 1D20 on the character's Initiative."
        if (f.has(DYING) && !enc.deathTested()) {
            throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " must make the Death Test first.");
        }
        int index = enc.order().indexOf(f.id());
        String next = null;
        boolean newRound = false;
        for (int step = 1; step <= enc.order().size(); step++) {
            int i = index + step;
            String id = enc.order().get(i % enc.order().size());
            if (state.find(id).map(o -> !o.has(DEAD)).orElse(false)) {
                next = id;
                newRound = i >= enc.order().size();
                break;
            }
        }
        String nextName = next == null ? null : fighter(state, next).name();
        return List.of(new TurnEnded(f.id(), f.name(), next, nextName, newRound ? enc.round() + 1 : enc.round(), newRound));
    }

    /**
     * A Movement Action. "Withdraw from melee combat (which allows the enemy to perform a Free
     * Attack against the character). If fighting multiple enemies, then each enemy is allowed a Free
     * Attack." "Move past an enemy to reach another one that stands further away (enemies that are
     * bypassed may perform a Free Attack)." "The Free Attack can be avoided if the combatant opts to
     * trade its Combat Action that turn for an additional Movement Action". And "normally the
     * character can only gain one Free Attack per triggering factor and turn".
     */
    private List<GameEvent> move(SymbaroumState state, Move m, Play play) {
        Fighter f = acting(state, m.combatantId(), play);
        List<Fighter> withdrawFrom = enemies(state, f, m.withdrawFrom());
        List<Fighter> passing = enemies(state, f, m.passing());
        List<String> used = spend(state, f, MOVEMENT);
        boolean withCombatAction = used != null && used.getLast().equals(COMBAT);
        Encounter enc = inFight(state, f) ? state.encounter() : null;
        LinkedHashSet<String> triggered = new LinkedHashSet<>(enc == null ? List.of() : enc.triggered());
        List<FreeAttack> granted = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Fighter enemy : withdrawFrom) {
            if (enc == null || triggered.add(enemy.id() + ":" + WITHDRAWAL)) {
                granted.add(new FreeAttack(enemy.id(), f.id(), WITHDRAWAL));
                names.add(enemy.name());
            }
        }
        if (!withCombatAction) {
            for (Fighter enemy : passing) {
                if (enc == null || triggered.add(enemy.id() + ":" + PASSING)) {
                    granted.add(new FreeAttack(enemy.id(), f.id(), PASSING));
                    names.add(enemy.name());
                }
            }
        }
        String spent = withCombatAction ? "Combat Action used as movement" : "Movement Action";
        return List.of(new Moved(f.id(), f.name(), m.text(), spent, granted, names));
    }

    /** The enemies a move names: others at the table, each once; the dead and the dying cannot react. */
    private static List<Fighter> enemies(SymbaroumState state, Fighter mover, List<String> ids) {
        List<Fighter> out = new ArrayList<>();
        for (String id : new LinkedHashSet<>(ids)) {
            Fighter enemy = fighter(state, id);
            if (enemy.id().equals(mover.id())) {
                throw new Refusal(RejectionCode.INVALID_COMMAND, mover.name() + " cannot withdraw from or run past itself.");
            }
            if (!enemy.has(DEAD) && !enemy.has(DYING)) {
                out.add(enemy);
            }
        }
        return out;
    }

    // ---- tests and attacks ----

    /** A d20 test: success when the kept face is at most {@code chance}; {@code twice} rolls two and keeps the worse or the better. */
    static RollResult d20(DiceSource dice, String twice) {
        int a = dice.roll(20);
        if (twice == null) {
            return new RollResult("1d20", a, List.of(Die.kept(20, a)));
        }
        int b = dice.roll(20);
        boolean worse = twice.equals("worse");
        int keep = worse ? Math.max(a, b) : Math.min(a, b);
        Die first = a == keep ? Die.kept(20, a) : Die.kept(20, a).dropped();
        Die second = a == keep ? Die.kept(20, b).dropped() : Die.kept(20, b);
        return new RollResult(worse ? "2d20kh1" : "2d20kl1", keep, List.of(first, second));
    }

    /**
     * Blind Fighting: "if the character is affected, the player rolls twice and picks the worst
     * result; if only the enemy is affected the player rolls twice and picks the best result."
     */
    private static String blindness(String blind, String rollerSide) {
        if (none(blind)) {
            return null;
        }
        return blind.equals(rollerSide) ? "worse" : "better";
    }

    private List<GameEvent> successTest(SymbaroumState state, SuccessTest t, Play play) {
        Fighter f = fighter(state, t.combatantId());
        controls(play, f);
        String attr = attribute(t.attribute());
        int modifier = t.modifier() == null ? 0 : t.modifier();
        // "typically from +5 (very easy) to −5 (very hard)": typically, so the GM may go further, up to ±10.
        if (modifier < -10 || modifier > 10) {
            throw new Refusal(RejectionCode.INVALID_COMMAND,
                    "A difficulty modifier runs from +10 to −10 (typically +5, very easy, to −5, very hard).");
        }
        Fighter opposed = t.target() == null ? null : fighter(state, t.target());
        String opposedAttr = opposed == null ? null : attribute(t.targetAttribute() == null ? attr : t.targetAttribute());
        String action = none(t.action()) ? null : t.action().trim().toLowerCase(Locale.ROOT);
        if (action != null && !action.equals(COMBAT) && !action.equals(MOVEMENT)) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "The action is combat, movement or none.");
        }
        if (action != null) {
            acting(state, f.id(), play);
            spend(state, f, action);
        }
        if (!none(t.blind()) && !List.of("self", "enemy").contains(t.blind())) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Blind is self, enemy or none.");
        }
        // "[10 – the enemy's attribute value]"; Advantage: "a +2 modification to the relevant Attribute"
        int chance = f.get(attr) + modifier + (opposed == null ? 0 : 10 - opposed.get(opposedAttr)) + (t.advantage() ? 2 : 0);
        RollResult roll = d20(play.dice(), blindness(t.blind(), "self"));
        return List.of(new TestRolled(f.id(), f.name(), attr, f.get(attr), modifier, opposed == null ? null : opposed.id(),
                opposed == null ? null : opposed.name(), opposedAttr, chance, roll, roll.total() <= chance, action, t.text(),
                f.npc() || (opposed != null && opposed.npc())));
    }

    private List<GameEvent> attack(SymbaroumState state, Attack cmd, Play play) {
        Fighter a = acting(state, cmd.combatantId(), play);
        Fighter t = fighter(state, cmd.target());
        if (t.id().equals(a.id())) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Choose someone else to attack.");
        }
        if (t.has(DEAD)) {
            throw new Refusal(RejectionCode.INVALID_STATE, t.name() + " is already dead.");
        }
        Weapon w = weapon(a, cmd.weapon());
        drawn(a, w);
        if (!none(cmd.blind()) && !List.of("attacker", "target").contains(cmd.blind())) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Blind is attacker, target or none.");
        }
        if (cmd.free()) {
            grantFor(state, a, t);
        } else {
            spend(state, a, COMBAT);
        }
        // Advantage: "All melee attacks against a flanked enemy"; "All melee attacks against an enemy lying down."
        boolean advantage = cmd.advantage() || (!w.ranged() && (t.has(PRONE) || t.has(FLANKED)));
        // "It is always the player who performs the test": a PC attacking rolls [Accurate←Defense];
        // a PC attacked by an NPC rolls [Defense←Accurate].
        boolean attackerRolls = !a.npc() || t.npc();
        int defense = t.get("defense");
        int chance;
        RollResult test;
        boolean hit;
        if (attackerRolls) {
            chance = a.get("accurate") + (10 - defense) + (advantage ? 2 : 0);
            test = d20(play.dice(), blindness(cmd.blind(), "attacker"));
            hit = test.total() <= chance;
        } else {
            chance = defense + (10 - a.get("accurate")) - (advantage ? 2 : 0);
            test = d20(play.dice(), blindness(cmd.blind(), "target"));
            hit = test.total() > chance;
        }
        RollResult damage = null;
        RollResult armor = null;
        int dealt = 0;
        int before = t.get("toughness");
        int after = before;
        boolean pain = false;
        String outcome = "";
        Map<String, Integer> conditions = new HashMap<>();
        if (hit) {
            // Advantage: "its attacks deal 1D4 extra damage"
            damage = Dice.roll(w.damage() + (advantage ? "+1d4" : ""), play.dice());
            // "deals damage if the weapon's damage value is higher than the outcome of the roll for the character's Armor"
            armor = t.armor().isEmpty() ? null : Dice.roll(t.armor(), play.dice());
            dealt = Math.max(0, damage.total() - (armor == null ? 0 : armor.total()));
            after = Math.max(0, before - dealt);
            outcome = zeroToughness(t, after, conditions);
            // "damage that exceeds its Pain Threshold, from a single attack and after Armor has been subtracted"
            pain = after > 0 && dealt > t.get("painThreshold");
        }
        return List.of(new AttackResolved(a.id(), a.name(), t.id(), t.name(), w.name(), attackerRolls ? "attacker" : "defender",
                chance, test, hit, advantage, cmd.free(), damage, armor, dealt, before, after, pain, outcome,
                new Patch(t.id(), hit ? Map.of("toughness", after) : Map.of(), conditions, List.of()), a.npc(), t.npc()));
    }

    /**
     * "Monsters and non-player characters die as soon as their Toughness reaches 0 ... When a
     * [player] character reaches 0 Toughness it collapses and is considered to be dying."
     */
    private static String zeroToughness(Fighter t, int after, Map<String, Integer> conditions) {
        if (after > 0 || t.has(DEAD) || t.has(DYING)) {
            return "";
        }
        if (t.npc()) {
            conditions.put(DEAD, 1);
            return t.name() + " dies.";
        }
        conditions.put(DYING, 1);
        return t.name() + " collapses, dying.";
    }

    private static FreeAttack grantFor(SymbaroumState state, Fighter a, Fighter t) {
        return state.freeAttacks().stream()
                .filter(g -> g.attackerId().equals(a.id()) && (g.targetId() == null || g.targetId().equals(t.id())))
                .findFirst()
                .orElseThrow(() -> new Refusal(RejectionCode.INVALID_STATE, a.name() + " has no Free Attack against " + t.name() + "."));
    }

    /**
     * "If any of the combatants are surprised at the start of combat, they must draw their weapons.
     * All Short weapons can be unsheathed as a Free Action ... To unsheathe a weapon is otherwise
     * considered a Movement Action. ... natural weapons are always considered ready".
     */
    static void drawn(Fighter a, Weapon w) {
        if (a.has(SHEATHED) && !w.drawnFreely()) {
            throw new Refusal(RejectionCode.INVALID_STATE, a.name() + " has not drawn the " + w.name()
                    + ": drawing it is a Movement Action.");
        }
    }

    private List<GameEvent> drawWeapon(SymbaroumState state, DrawWeapon d, Play play) {
        Fighter f = acting(state, d.combatantId(), play);
        if (!f.has(SHEATHED)) {
            throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " has a weapon drawn already.");
        }
        List<String> used = spend(state, f, MOVEMENT);
        return List.of(new WeaponDrawn(f.id(), f.name(), used == null ? List.of() : used,
                new Patch(f.id(), Map.of(), Map.of(), List.of(SHEATHED))));
    }

    private static Weapon weapon(Fighter a, String name) {
        if (a.weapons().isEmpty()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, a.name() + " has no weapon on the sheet.");
        }
        if (name == null || name.isBlank()) {
            return a.weapons().getFirst();
        }
        return a.weapons().stream().filter(w -> w.name().equalsIgnoreCase(name.trim())).findFirst()
                .orElseThrow(() -> new Refusal(RejectionCode.INVALID_COMMAND, a.name() + " has no weapon called " + name + "."));
    }

    private List<GameEvent> grantFreeAttack(SymbaroumState state, GrantFreeAttack g, Play play) {
        gm(play);
        Fighter a = fighter(state, g.combatantId());
        Fighter t = g.target() == null ? null : fighter(state, g.target());
        if (g.longWeapon()) {
            // "Long weapons get a Free Attack against one enemy during the first turn of melee combat,
            //  provided that the enemy does not have a Long weapon as well."
            if (state.encounter() == null || state.encounter().round() != 1) {
                throw new Refusal(RejectionCode.INVALID_STATE, "The Long weapon's Free Attack comes only in the first turn of melee.");
            }
            if (t == null || a.weapons().stream().noneMatch(Weapon::longWeapon)) {
                throw new Refusal(RejectionCode.INVALID_COMMAND, a.name() + " needs a Long weapon and one enemy.");
            }
            if (t.weapons().stream().anyMatch(Weapon::longWeapon)) {
                throw new Refusal(RejectionCode.INVALID_STATE, t.name() + " has a Long weapon as well.");
            }
        }
        String reason = g.text() == null || g.text().isBlank() ? (g.longWeapon() ? "Long weapon" : "") : g.text().trim();
        return List.of(new FreeAttackGranted(a.id(), a.name(), t == null ? null : t.id(), t == null ? null : t.name(), reason));
    }

    /** "it is the player who decides between the two, both for the character when it suffers the damage, as well as the enemy". */
    private List<GameEvent> choosePain(SymbaroumState state, ChoosePain c, Play play) {
        Fighter victim = fighter(state, c.combatantId());
        PainChoice pending = state.painChoices().stream().filter(p -> p.victimId().equals(victim.id())).findFirst()
                .orElseThrow(() -> new Refusal(RejectionCode.INVALID_STATE, "No pain-threshold choice is waiting for " + victim.name() + "."));
        if (!play.actor().isGm() && !play.actor().userId().equals(pending.chooserUserId())) {
            throw new Refusal(RejectionCode.NOT_YOUR_CHARACTER, "Another player makes this choice.");
        }
        Fighter attacker = fighter(state, pending.attackerId());
        String choice = c.text() == null ? "" : c.text().trim();
        Patch patch = switch (choice) {
            case "knockDown" -> new Patch(victim.id(), Map.of(), Map.of(PRONE, 1), List.of());
            case "freeAttack" -> Patch.none(victim.id());
            default -> throw new Refusal(RejectionCode.INVALID_COMMAND, "Choose knockDown or freeAttack.");
        };
        return List.of(new PainChosen(victim.id(), victim.name(), attacker.id(), attacker.name(), choice, patch));
    }

    /** "use the attackers' lowest Discreet modified by the defenders' highest Vigilant". */
    private List<GameEvent> surprise(SymbaroumState state, Surprise s, Play play) {
        gm(play);
        List<String> attackerIds = s.attackers();
        List<String> defenderIds = s.defenders();
        if (!s.sides().isEmpty()) {
            if (s.sides().size() != 2 || !attackerIds.isEmpty() || !defenderIds.isEmpty()) {
                throw new Refusal(RejectionCode.INVALID_COMMAND, "Give two sides: the attackers, then the defenders.");
            }
            attackerIds = s.sides().get(0);
            defenderIds = s.sides().get(1);
        }
        attackerIds = List.copyOf(new LinkedHashSet<>(attackerIds));
        defenderIds = List.copyOf(new LinkedHashSet<>(defenderIds));
        if (attackerIds.isEmpty() || defenderIds.isEmpty()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Name the attackers and the defenders.");
        }
        // "It usually requires a successful [Discreet←Vigilant] test to surprise someone" — at the start of combat.
        if (state.encounter() != null && state.encounter().round() > 1) {
            throw new Refusal(RejectionCode.INVALID_STATE, "Surprise comes at the start of combat; this fight is past its first round.");
        }
        List<Fighter> attackers = attackerIds.stream().map(id -> fighter(state, id)).toList();
        List<Fighter> defenders = defenderIds.stream().map(id -> fighter(state, id)).toList();
        for (Fighter f : attackers) {
            if (defenderIds.contains(f.id())) {
                throw new Refusal(RejectionCode.INVALID_COMMAND, f.name() + " cannot be on both sides.");
            }
        }
        for (Fighter f : concat(attackers, defenders)) {
            if (f.has(DEAD)) {
                throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " is dead.");
            }
        }
        int discreet = attackers.stream().mapToInt(f -> f.get("discreet")).min().orElseThrow();
        int vigilant = defenders.stream().mapToInt(f -> f.get("vigilant")).max().orElseThrow();
        int chance = discreet + 10 - vigilant;
        RollResult roll = d20(play.dice(), null);
        boolean success = roll.total() <= chance;
        // "He or she who surprises an enemy is allowed to make one Free Attack against said enemy"
        String target = defenders.size() == 1 ? defenders.getFirst().id() : null;
        List<FreeAttack> granted = success
                ? attackers.stream().map(f -> new FreeAttack(f.id(), target, "surprise")).toList() : List.of();
        // "If any of the combatants are surprised at the start of combat, they must draw their weapons."
        List<String> sheathed = success ? defenders.stream()
                .filter(f -> f.weapons().stream().anyMatch(w -> !w.natural())).map(Fighter::id).toList() : List.of();
        return List.of(new SurpriseRolled(attackerIds, defenderIds, discreet, vigilant, chance, roll, success, granted,
                attackers.stream().anyMatch(Fighter::npc), defenders.stream().anyMatch(Fighter::npc), sheathed));
    }

    /**
     * "If the character makes a successful test against Quick it only takes a Movement Action ...
     * Otherwise, it takes an entire turn, meaning that the character cannot perform a Combat Action while getting up."
     */
    private List<GameEvent> standUp(SymbaroumState state, StandUp s, Play play) {
        Fighter f = acting(state, s.combatantId(), play);
        if (!f.has(PRONE)) {
            throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " is not lying down.");
        }
        boolean wholeTurn = !inFight(state, f) || onTurn(state, f).isEmpty();
        List<String> used = spend(state, f, MOVEMENT);
        RollResult roll = d20(play.dice(), null);
        boolean success = roll.total() <= f.get("quick");
        boolean up = success || wholeTurn;
        List<String> after = used == null ? List.of() : success || !wholeTurn ? used : List.of(MOVEMENT, COMBAT);
        return List.of(new StoodUp(f.id(), f.name(), roll, f.get("quick"), success, after,
                new Patch(f.id(), Map.of(), Map.of(), up ? List.of(PRONE) : List.of()), f.npc()));
    }

    private List<GameEvent> deathTest(SymbaroumState state, DeathTest d, Play play) {
        Fighter f = fighter(state, d.combatantId());
        controls(play, f);
        if (!f.has(DYING)) {
            throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " is not dying.");
        }
        if (inFight(state, f)) {
            onTurn(state, f);
            if (state.encounter().deathTested()) {
                throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " has made this turn's Death Test.");
            }
        }
        RollResult roll = d20(play.dice(), null);
        int face = roll.total();
        int marks = f.get("deathMarks");
        RollResult wake = null;
        String outcome;
        Patch patch;
        if (face == 1) {
            // "the character wakes up with 1D4 Toughness left. The character can act the next turn."
            wake = Dice.roll("1d4", play.dice());
            outcome = "the damage looked worse than it was; " + f.name() + " wakes with " + wake.total() + " Toughness.";
            patch = new Patch(f.id(), Map.of("toughness", wake.total(), "deathMarks", 0), Map.of(), List.of(DYING));
        } else if (face <= 10) {
            outcome = f.name() + " remains at death's threshold.";
            patch = Patch.none(f.id());
        } else if (face <= 19) {
            // "The third time the roll has this outcome, the character dies."
            marks++;
            boolean dies = marks >= 3;
            outcome = dies ? "the third step closer to death: " + f.name() + " dies." : "a step closer to death (" + marks + " of 3).";
            patch = new Patch(f.id(), Map.of("deathMarks", marks), dies ? Map.of(DEAD, 1) : Map.of(), dies ? List.of(DYING) : List.of());
        } else {
            outcome = f.name() + " dies, with some last harsh words.";
            patch = new Patch(f.id(), Map.of(), Map.of(DEAD, 1), List.of(DYING));
        }
        return List.of(new DeathTestRolled(f.id(), f.name(), roll, outcome, wake, marks, patch));
    }

    /**
     * "Performing first aid on a dying person requires the Medicus ability, an herbal cure or
     * powers of healing." Herbal cure heals 1; Medicus 1D4, "even more when combined with herbal cures" (+1).
     */
    private List<GameEvent> firstAid(SymbaroumState state, FirstAid a, Play play) {
        Fighter healer = acting(state, a.combatantId(), play);
        Fighter t = fighter(state, a.target());
        if (t.has(DEAD)) {
            throw new Refusal(RejectionCode.INVALID_STATE, t.name() + " is beyond help.");
        }
        boolean hasMedicus = healer.abilities().keySet().stream().anyMatch(k -> k.equalsIgnoreCase("medicus"));
        if (a.medicus() && !hasMedicus) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, healer.name() + " does not have the Medicus ability.");
        }
        if (!a.medicus() && !a.herbalCure()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "First aid needs the Medicus ability or an herbal cure.");
        }
        spend(state, healer, COMBAT);
        RollResult roll = a.medicus() ? Dice.roll(a.herbalCure() ? "1d4+1" : "1d4", play.dice()) : null;
        int amount = roll == null ? 1 : roll.total();
        int value = Math.min(t.get("toughnessMax"), t.get("toughness") + amount);
        String method = a.medicus() ? (a.herbalCure() ? "Medicus with an herbal cure" : "Medicus") : "herbal cure";
        return List.of(new Healed(t.id(), t.name(), healer.id(), healer.name(), method, roll, value - t.get("toughness"),
                new Patch(t.id(), Map.of("toughness", value, "deathMarks", 0), Map.of(), value > 0 ? List.of(DYING) : List.of()),
                t.npc()));
    }

    /** An optional choice left empty or set to "none". */
    static boolean none(String value) {
        return value == null || value.isBlank() || value.trim().equalsIgnoreCase("none");
    }

    private static List<Fighter> concat(List<Fighter> a, List<Fighter> b) {
        List<Fighter> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    // ---- guards ----

    static void gm(Play play) {
        if (!play.actor().isGm()) {
            throw new Refusal(RejectionCode.NOT_ALLOWED, "Only the Game Master may do that.");
        }
    }

    static CharacterCard card(Play play, String id) {
        CharacterCard card = id == null ? null : play.characters().get(id);
        if (card == null) {
            throw new Refusal(RejectionCode.UNKNOWN_CHARACTER, "There is no character " + id + " in this campaign.");
        }
        return card;
    }

    static Fighter fighter(SymbaroumState state, String id) {
        if (id == null) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Name a character.");
        }
        return state.find(id).orElseThrow(() -> new Refusal(RejectionCode.UNKNOWN_CHARACTER, "Character " + id + " is not at the table."));
    }

    static void controls(Play play, Fighter f) {
        if (!play.actor().isGm() && !play.actor().userId().equals(f.ownerUserId())) {
            throw new Refusal(RejectionCode.NOT_YOUR_CHARACTER, f.name() + " is not your character.");
        }
    }

    /** "At this point, it cannot help itself in any way." */
    static Fighter acting(SymbaroumState state, String id, Play play) {
        Fighter f = fighter(state, id);
        controls(play, f);
        for (String c : List.of(DEAD, DYING)) {
            if (f.has(c)) {
                throw new Refusal(RejectionCode.INVALID_STATE, f.name() + " is " + c + " and cannot act.");
            }
        }
        return f;
    }

    static Encounter encounter(SymbaroumState state) {
        if (state.encounter() == null) {
            throw new Refusal(RejectionCode.OUT_OF_TURN, "No fight is running.");
        }
        return state.encounter();
    }

    private static boolean inFight(SymbaroumState state, Fighter f) {
        return state.encounter() != null && state.encounter().order().contains(f.id());
    }

    /** Checks it is {@code f}'s turn; returns what it has used so far. */
    private static List<String> onTurn(SymbaroumState state, Fighter f) {
        Encounter enc = state.encounter();
        if (!f.id().equals(enc.current())) {
            String current = Optional.ofNullable(enc.current()).flatMap(state::find).map(Fighter::name).orElse("nobody");
            throw new Refusal(RejectionCode.OUT_OF_TURN, "It is " + current + "'s turn, not " + f.name() + "'s.");
        }
        return enc.used();
    }

    /**
     * Spends an action of the turn: "one Combat Action and one Movement Action. The Combat Action
     * can be replaced with an additional Movement Action". Returns the new used list, or null
     * outside the fight, where actions are not counted.
     */
    static List<String> spend(SymbaroumState state, Fighter f, String kind) {
        if (!inFight(state, f)) {
            return null;
        }
        List<String> used = new ArrayList<>(onTurn(state, f));
        if (kind.equals(COMBAT)) {
            if (used.contains(COMBAT)) {
                throw new Refusal(RejectionCode.NOT_ENOUGH_AP, f.name() + " has already used the Combat Action this turn.");
            }
            used.add(COMBAT);
        } else if (!used.contains(MOVEMENT)) {
            used.add(MOVEMENT);
        } else if (!used.contains(COMBAT)) {
            used.add(COMBAT);
        } else {
            throw new Refusal(RejectionCode.NOT_ENOUGH_AP, f.name() + " has no action left for movement this turn.");
        }
        return used;
    }

    static String attribute(String name) {
        String a = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        if (!SymbaroumRuleset.ATTRIBUTES.contains(a)) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Attribute must be one of " + String.join(", ", SymbaroumRuleset.ATTRIBUTES) + ".");
        }
        return a;
    }

    static Fighter fromCard(CharacterCard card) {
        Map<String, Object> s = card.sheet();
        Map<String, Integer> values = new HashMap<>();
        for (String a : SymbaroumRuleset.ATTRIBUTES) {
            values.put(a, num(s, a, 10));
        }
        int strong = values.get("strong");
        values.put("toughness", SymbaroumRuleset.toughness(strong));
        values.put("toughnessMax", SymbaroumRuleset.toughness(strong));
        values.put("painThreshold", num(s, "painThreshold", (strong + 1) / 2));
        values.put("defense", num(s, "defense", values.get("quick")));
        values.put("corruptionThreshold", num(s, "corruptionThreshold", (values.get("resolute") + 1) / 2));
        values.put("experience", num(s, "experience", 0));
        values.put("deathMarks", 0);
        List<Weapon> weapons = new ArrayList<>();
        if (s.get("weapons") instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof Map<?, ?> m && m.get("name") instanceof String name && m.get("damage") instanceof String damage) {
                    weapons.add(new Weapon(name, damage, Boolean.TRUE.equals(m.get("long")), Boolean.TRUE.equals(m.get("short")),
                            Boolean.TRUE.equals(m.get("ranged")), Boolean.TRUE.equals(m.get("natural"))));
                }
            }
        }
        Map<String, Integer> abilities = new HashMap<>();
        if (s.get("abilities") instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof Map<?, ?> m && m.get("name") instanceof String name && m.get("level") instanceof String level) {
                    abilities.put(name, SymbaroumRuleset.LEVELS.indexOf(level) + 1);
                }
            }
        }
        String armor = s.get("armor") instanceof String a ? a : "";
        return new Fighter(card.id(), card.name(), card.ownerUserId(), card.npc(), values, armor, weapons, abilities, Map.of());
    }

    private static int num(Map<String, Object> sheet, String key, int fallback) {
        return sheet.get(key) instanceof Number n ? n.intValue() : fallback;
    }

    // ---- evolve ----

    @Override
    public SymbaroumState evolve(SymbaroumState state, GameEvent event) {
        if (!(event instanceof SymbaroumEvent e)) {
            return state;
        }
        return switch (e) {
            case CharactersPlaced p -> {
                SymbaroumState s = state;
                for (Fighter f : p.combatants()) {
                    s = s.with(f);
                }
                yield s;
            }
            case InitiativeStarted i -> {
                SymbaroumState s = state;
                for (Fighter f : i.placed()) {
                    s = s.with(f);
                }
                yield s.with(new Encounter(1, i.ranking().stream().map(Ranked::combatantId).toList(), i.current(),
                        List.of(), List.of(), List.of(), false, List.of()));
            }
            case TurnDelayed d -> {
                Encounter enc = state.encounter();
                List<String> delayed = new ArrayList<>(enc.delayed());
                delayed.add(d.combatantId());
                boolean newCurrent = !d.current().equals(enc.current());
                yield state.with(new Encounter(enc.round(), d.order(), d.current(), newCurrent ? List.of() : enc.used(),
                        enc.done(), delayed, newCurrent ? false : enc.deathTested(), enc.triggered()));
            }
            case TurnEnded t -> {
                Encounter enc = state.encounter();
                List<String> done = new ArrayList<>(enc.done());
                if (t.newRound()) {
                    done.clear();
                } else {
                    done.add(t.combatantId());
                }
                // Free Attacks are reactions: those not taken by the end of the round lapse, and triggers count afresh.
                SymbaroumState s = t.newRound() ? state.withFreeAttacks(List.of()) : state;
                yield s.with(new Encounter(t.round(), enc.order(), t.next(), List.of(), done, enc.delayed(), false,
                        t.newRound() ? List.of() : enc.triggered()));
            }
            case InitiativeEnded i -> state.with((Encounter) null).withFreeAttacks(List.of());
            case Moved m -> {
                SymbaroumState s = used(state, m.combatantId(), MOVEMENT);
                List<FreeAttack> grants = new ArrayList<>(s.freeAttacks());
                grants.addAll(m.granted());
                s = s.withFreeAttacks(grants);
                Encounter enc = s.encounter();
                if (enc != null && enc.order().contains(m.combatantId()) && !m.granted().isEmpty()) {
                    List<String> triggered = new ArrayList<>(enc.triggered());
                    m.granted().forEach(g -> triggered.add(g.attackerId() + ":" + g.reason()));
                    s = s.with(enc.withTriggered(triggered));
                }
                yield s;
            }
            case TestRolled t -> t.action() == null ? state : used(state, t.combatantId(), t.action());
            case AttackResolved a -> {
                SymbaroumState s = state.apply(a.patch());
                if (a.free()) {
                    Fighter attacker = s.find(a.combatantId()).orElseThrow();
                    Fighter target = s.find(a.targetId()).orElseThrow();
                    FreeAttack grant = grantFor(s, attacker, target);
                    List<FreeAttack> left = new ArrayList<>(s.freeAttacks());
                    left.remove(grant);
                    s = s.withFreeAttacks(left);
                } else {
                    s = used(s, a.combatantId(), COMBAT);
                }
                if (a.pain()) {
                    Fighter victim = s.find(a.targetId()).orElseThrow();
                    Fighter attacker = s.find(a.combatantId()).orElseThrow();
                    String chooser = !victim.npc() ? victim.ownerUserId() : !attacker.npc() ? attacker.ownerUserId() : victim.ownerUserId();
                    List<PainChoice> pending = new ArrayList<>(s.painChoices());
                    pending.removeIf(p -> p.victimId().equals(victim.id()));
                    pending.add(new PainChoice(victim.id(), attacker.id(), chooser));
                    s = s.withPainChoices(pending);
                }
                yield s;
            }
            case PainChosen p -> {
                SymbaroumState s = state.apply(p.patch());
                List<PainChoice> pending = new ArrayList<>(s.painChoices());
                pending.removeIf(c -> c.victimId().equals(p.victimId()));
                s = s.withPainChoices(pending);
                if (p.choice().equals("freeAttack")) {
                    List<FreeAttack> grants = new ArrayList<>(s.freeAttacks());
                    grants.add(new FreeAttack(p.attackerId(), p.victimId(), "pain threshold"));
                    s = s.withFreeAttacks(grants);
                }
                yield s;
            }
            case FreeAttackGranted g -> {
                List<FreeAttack> grants = new ArrayList<>(state.freeAttacks());
                grants.add(new FreeAttack(g.combatantId(), g.targetId(), g.reason()));
                yield state.withFreeAttacks(grants);
            }
            case SurpriseRolled s -> {
                List<FreeAttack> grants = new ArrayList<>(state.freeAttacks());
                grants.addAll(s.granted());
                SymbaroumState next = state.withFreeAttacks(grants);
                for (String id : s.sheathed()) {
                    next = next.apply(new Patch(id, Map.of(), Map.of(SHEATHED, 1), List.of()));
                }
                yield next;
            }
            case WeaponDrawn w -> turnUsed(state.apply(w.patch()), w.combatantId(), w.used());
            case StoodUp s -> turnUsed(state.apply(s.patch()), s.combatantId(), s.used());
            case DeathTestRolled d -> {
                SymbaroumState next = state.apply(d.patch());
                Encounter enc = next.encounter();
                yield enc != null && d.combatantId().equals(enc.current())
                        ? next.with(new Encounter(enc.round(), enc.order(), enc.current(), enc.used(), enc.done(), enc.delayed(), true,
                                enc.triggered()))
                        : next;
            }
            case Healed h -> {
                SymbaroumState s = state.apply(h.patch());
                yield h.healerId() == null ? s : used(s, h.healerId(), COMBAT);
            }
            case DamageApplied d -> state.apply(d.patch());
            case ConditionChanged c -> state.apply(c.patch());
            case ExperienceAwarded x -> state.apply(x.patch());
            case AbilityLearned l -> {
                SymbaroumState s = state.apply(l.patch());
                Fighter f = s.find(l.combatantId()).orElseThrow();
                yield s.with(f.withAbility(l.ability(), f.abilities().getOrDefault(l.ability(), 0) + 1));
            }
        };
    }

    /** The turn's actions as {@code used}, when it is {@code combatantId}'s turn. */
    private static SymbaroumState turnUsed(SymbaroumState state, String combatantId, List<String> used) {
        Encounter enc = state.encounter();
        return enc != null && combatantId.equals(enc.current()) ? state.with(enc.withUsed(used)) : state;
    }

    /** Marks an action used when it was taken on the combatant's own turn in the fight. */
    private static SymbaroumState used(SymbaroumState state, String id, String kind) {
        Encounter enc = state.encounter();
        if (enc == null || !id.equals(enc.current())) {
            return state;
        }
        List<String> used = new ArrayList<>(enc.used());
        if (kind.equals(MOVEMENT) && used.contains(MOVEMENT)) {
            used.add(COMBAT);
        } else {
            used.add(kind);
        }
        return state.with(enc.withUsed(used));
    }
}
