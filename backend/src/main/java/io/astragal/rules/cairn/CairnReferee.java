package io.astragal.rules.cairn;

import static java.util.Map.entry;

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
import io.astragal.rules.cairn.CairnCommand.*;
import io.astragal.rules.cairn.CairnEvent.*;
import io.astragal.rules.cairn.CairnState.Combatant;
import io.astragal.rules.cairn.CairnState.Encounter;
import io.astragal.rules.cairn.CairnState.Group;
import io.astragal.rules.cairn.CairnState.HeldAction;
import io.astragal.rules.cairn.CairnState.Patch;
import io.astragal.rules.cairn.CairnState.Weapon;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The cairn-ap referee: decides commands, folds events, builds views. */
final class CairnReferee implements Referee<CairnState> {

    static final Map<String, Class<? extends GameCommand>> COMMANDS = Map.ofEntries(
            entry("cairn-ap.placeCharacters", PlaceCharacters.class),
            entry("cairn-ap.startInitiative", StartInitiative.class),
            entry("cairn-ap.endTurn", EndTurn.class),
            entry("cairn-ap.endInitiative", EndInitiative.class),
            entry("cairn-ap.move", Move.class),
            entry("cairn-ap.gainAdvantage", GainAdvantage.class),
            entry("cairn-ap.holdAction", HoldAction.class),
            entry("cairn-ap.releaseHeld", ReleaseHeld.class),
            entry("cairn-ap.spendAp", SpendAp.class),
            entry("cairn-ap.setActionCost", SetActionCost.class),
            entry("cairn-ap.check", Check.class),
            entry("cairn-ap.save", Save.class),
            entry("cairn-ap.attack", Attack.class),
            entry("cairn-ap.applyDamage", ApplyDamage.class),
            entry("cairn-ap.restoreHp", RestoreHp.class),
            entry("cairn-ap.restoreAttribute", RestoreAttribute.class),
            entry("cairn-ap.addCondition", AddCondition.class),
            entry("cairn-ap.removeCondition", RemoveCondition.class),
            entry("cairn-ap.addFatigue", AddFatigue.class),
            entry("cairn-ap.rest", Rest.class),
            entry("cairn-ap.recoverScar", RecoverScar.class),
            entry("cairn-ap.castSpell", CastSpell.class),
            entry("cairn-ap.moraleSave", MoraleSave.class),
            entry("cairn-ap.rollReaction", RollReaction.class),
            entry("cairn-ap.rollDieOfFate", RollDieOfFate.class),
            entry("cairn-ap.rollHireling", RollHireling.class));

    static final Map<String, Class<? extends GameEvent>> EVENTS = Map.ofEntries(
            entry("cairn-ap.charactersPlaced", CharactersPlaced.class),
            entry("cairn-ap.initiativeStarted", InitiativeStarted.class),
            entry("cairn-ap.turnEnded", TurnEnded.class),
            entry("cairn-ap.initiativeEnded", InitiativeEnded.class),
            entry("cairn-ap.moved", Moved.class),
            entry("cairn-ap.advantageGained", AdvantageGained.class),
            entry("cairn-ap.actionHeld", ActionHeld.class),
            entry("cairn-ap.heldReleased", HeldReleased.class),
            entry("cairn-ap.apSpent", ApSpent.class),
            entry("cairn-ap.actionCostSet", ActionCostSet.class),
            entry("cairn-ap.checkRolled", CheckRolled.class),
            entry("cairn-ap.saveRolled", SaveRolled.class),
            entry("cairn-ap.attackRolled", AttackRolled.class),
            entry("cairn-ap.damageTaken", DamageTaken.class),
            entry("cairn-ap.criticalSave", CriticalSave.class),
            entry("cairn-ap.scarSuffered", ScarSuffered.class),
            entry("cairn-ap.scarRecovered", ScarRecovered.class),
            entry("cairn-ap.hpRestored", HpRestored.class),
            entry("cairn-ap.attributeRestored", AttributeRestored.class),
            entry("cairn-ap.conditionChanged", ConditionChanged.class),
            entry("cairn-ap.fatigueAdded", FatigueAdded.class),
            entry("cairn-ap.rested", Rested.class),
            entry("cairn-ap.spellCast", SpellCast.class),
            entry("cairn-ap.moraleChecked", MoraleChecked.class),
            entry("cairn-ap.reactionRolled", ReactionRolled.class),
            entry("cairn-ap.fateRolled", FateRolled.class),
            entry("cairn-ap.hirelingRolled", HirelingRolled.class));

    /** "20 is an average DC": used where the text asks for a save without a DC. */
    static final int AVERAGE_DC = 20;
    /** The most actions one Held Action holds (the rules' example holds 2: a parry and a counter). */
    static final int MAX_HELD_ACTIONS = 3;
    static final List<String> ATTRIBUTES = List.of("str", "dex", "wil");

    @Override
    public Class<CairnState> stateType() {
        return CairnState.class;
    }

    @Override
    public CairnState initialState() {
        return CairnState.empty();
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
    public Object view(CairnState state, Viewer viewer) {
        return CairnViews.view(state, viewer);
    }

    @Override
    public Decision decide(CairnState state, GameCommand command, Play play) {
        return Referee.decideAs(CairnCommand.class, command, play, c -> decideOrRefuse(state, c, play));
    }

    private List<GameEvent> decideOrRefuse(CairnState state, CairnCommand command, Play play) {
        return switch (command) {
            case PlaceCharacters p -> place(state, p, play);
            case StartInitiative s -> startInitiative(state, s, play);
            case EndTurn e -> endTurn(state, e, play);
            case EndInitiative e -> {
                gm(play);
                encounter(state);
                yield List.of(new InitiativeEnded());
            }
            case Move m -> {
                Combatant c = acting(state, m.combatantId(), play);
                int left = onTurn(state, c, 1);
                yield List.of(new Moved(c.id(), c.name(), c.moveSpaces(), 1, left));
            }
            case GainAdvantage g -> {
                Combatant c = acting(state, g.combatantId(), play);
                int left = onTurn(state, c, 1);
                yield List.of(new AdvantageGained(c.id(), c.name(), 1, left,
                        state.encounter().advantage().getOrDefault(c.id(), 0) + 1));
            }
            case HoldAction h -> holdAction(state, h, play);
            case ReleaseHeld r -> {
                Combatant c = acting(state, r.combatantId(), play);
                HeldAction held = heldOf(state, c);
                yield List.of(new HeldReleased(c.id(), c.name(), c.npc(), held.text()));
            }
            case SpendAp s -> {
                gm(play);
                Combatant c = acting(state, s.combatantId(), play);
                if (s.amount() == null || s.amount() < 1) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "Spend at least 1 AP.");
                }
                int left = onTurn(state, c, s.amount());
                yield List.of(new ApSpent(c.id(), c.name(), text(s.text(), "an action"), s.amount(), left));
            }
            case SetActionCost s -> {
                gm(play);
                if (s.amount() == null || s.amount() < 0 || s.amount() > Encounter.AP_PER_TURN) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "An action costs 0 to 4 AP.");
                }
                yield List.of(new ActionCostSet(s.amount()));
            }
            case Check c -> CairnActions.check(state, c, play);
            case Save s -> CairnActions.save(state, s, play);
            case Attack a -> CairnActions.attack(state, a, play);
            case ApplyDamage d -> {
                gm(play);
                Combatant t = combatant(state, d.target());
                if (d.amount() == null || d.amount() < 0) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "Say how much damage (0 or more).");
                }
                yield CairnActions.damage(state, t, d.amount(), d.ignoreArmor(), text(d.text(), "the fiction"), play);
            }
            case RestoreHp r -> {
                gm(play);
                Combatant t = recovering(state, r.target(), r.amount());
                int hp = Math.min(t.get("hpMax"), t.get("hp") + r.amount());
                yield List.of(new HpRestored(t.id(), t.name(), t.npc(), hp - t.get("hp"), Patch.values(t.id(), Map.of("hp", hp))));
            }
            case RestoreAttribute r -> {
                gm(play);
                Combatant t = recovering(state, r.target(), r.amount());
                String attr = attribute(r.attribute());
                int value = Math.min(t.get(attr + "Max"), t.get(attr) + r.amount());
                List<String> cleared = value <= 0 ? List.of() : switch (attr) {
                    case "dex" -> List.of(Conditions.PARALYSED);
                    case "wil" -> List.of(Conditions.DELIRIOUS);
                    default -> List.of();
                };
                yield List.of(new AttributeRestored(t.id(), t.name(), t.npc(), attr, value - t.get(attr),
                        new Patch(t.id(), Map.of(attr, value), Map.of(), cleared)));
            }
            case AddCondition a -> {
                gm(play);
                Combatant t = combatant(state, a.target());
                String name = text(a.condition(), "");
                if (name.isEmpty()) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "Name the condition.");
                }
                int level = a.amount() == null ? 1 : a.amount();
                if (level < 1) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "A condition's level is at least 1.");
                }
                yield List.of(new ConditionChanged(t.id(), t.name(), name, level,
                        new Patch(t.id(), Map.of(), Map.of(name, level), List.of())));
            }
            case RemoveCondition r -> {
                gm(play);
                Combatant t = combatant(state, r.target());
                if (r.condition() == null || !t.has(r.condition())) {
                    throw new Refusal(RejectionCode.INVALID_STATE, t.name() + " is not " + r.condition() + ".");
                }
                yield List.of(new ConditionChanged(t.id(), t.name(), r.condition(), null, Patch.clear(t.id(), r.condition())));
            }
            case AddFatigue f -> {
                gm(play);
                Combatant t = combatant(state, f.target());
                if (f.amount() == null || f.amount() < 1) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "Add at least 1 Fatigue.");
                }
                Map<String, Integer> values = CairnActions.withFatigue(t, f.amount(), new HashMap<>());
                yield List.of(new FatigueAdded(t.id(), t.name(), f.amount(), t.get("items") - values.get("items"),
                        Patch.values(t.id(), values)));
            }
            case Rest r -> {
                gm(play);
                Combatant t = recovering(state, r.target(), 0);
                yield List.of(new Rested(t.id(), t.name(), t.get("fatigue"), Patch.values(t.id(), Map.of("fatigue", 0))));
            }
            case RecoverScar r -> {
                gm(play);
                yield List.of(CairnActions.recoverScar(combatant(state, r.target()), r.condition(), play.dice()));
            }
            case CastSpell s -> CairnActions.castSpell(state, s, play);
            case MoraleSave m -> {
                gm(play);
                Combatant t = combatant(state, m.target());
                if (!t.npc()) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "Morale does not affect PCs.");
                }
                Combatant leader = m.leader() == null ? null : combatant(state, m.leader());
                int wil = (leader == null ? t : leader).get("wil");
                int dc = m.dc() == null ? AVERAGE_DC : m.dc();
                CairnDice.ActionRoll roll = CairnDice.roll(play.dice(), wil, List.of(), List.of());
                boolean saved = roll.result().total() > dc;
                yield List.of(new MoraleChecked(t.id(), t.name(), leader == null ? null : leader.name(), wil,
                        roll.result(), dc, saved, saved ? Patch.values(t.id(), Map.of()) : Patch.condition(t.id(), Conditions.FLEEING)));
            }
            case RollReaction r -> {
                gm(play);
                RollResult roll = CairnDice.sum(play.dice(), 2, 6);
                yield List.of(new ReactionRolled(r.text(), roll, CairnTables.reaction(roll.total()).title()));
            }
            case RollDieOfFate r -> {
                gm(play);
                RollResult roll = CairnDice.sum(play.dice(), 1, 6);
                yield List.of(new FateRolled(r.text(), roll, roll.total() >= 4));
            }
            case RollHireling r -> {
                gm(play);
                yield List.of(new HirelingRolled(r.text(), CairnDice.sum(play.dice(), 3, 6),
                        CairnDice.sum(play.dice(), 3, 6), CairnDice.sum(play.dice(), 3, 6), CairnDice.sum(play.dice(), 1, 6)));
            }
        };
    }

    // ---- initiative ----

    private List<GameEvent> place(CairnState state, PlaceCharacters p, Play play) {
        gm(play);
        if (p.characterIds().isEmpty()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Name at least one character.");
        }
        List<Combatant> placed = new ArrayList<>();
        for (String id : new java.util.LinkedHashSet<>(p.characterIds())) {
            if (state.find(id).isEmpty()) {
                placed.add(fromCard(card(play, id)));
            }
        }
        if (placed.isEmpty()) {
            throw new Refusal(RejectionCode.INVALID_STATE, "Those characters are already at the table.");
        }
        return List.of(new CharactersPlaced(placed));
    }

    private List<GameEvent> startInitiative(CairnState state, StartInitiative s, Play play) {
        gm(play);
        if (state.encounter() != null) {
            throw new Refusal(RejectionCode.INVALID_STATE, "A fight is already running.");
        }
        List<String> sides = s.sides().isEmpty() ? CairnViews.SIDES : s.sides();
        if (s.groups().size() > sides.size()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Name every side: " + s.groups().size() + " groups but "
                    + sides.size() + " names.");
        }
        Set<String> names = new HashSet<>();
        Set<String> ids = new HashSet<>();
        List<Combatant> placed = new ArrayList<>();
        Map<String, Combatant> everyone = new HashMap<>();
        List<Group> assigned = new ArrayList<>();
        for (int i = 0; i < sides.size(); i++) {
            String name = sides.get(i);
            if (name == null || name.isBlank() || name.length() > 40 || !names.add(name.trim())) {
                throw new Refusal(RejectionCode.INVALID_COMMAND, "Every side needs its own name of 1 to 40 characters.");
            }
            List<String> members = i < s.groups().size() ? s.groups().get(i) : List.of();
            if (members.isEmpty()) {
                continue; // a side nobody was put into sits the fight out
            }
            for (String id : members) {
                if (!ids.add(id)) {
                    throw new Refusal(RejectionCode.INVALID_COMMAND, "A combatant can be on only one side.");
                }
                Combatant c = state.find(id).orElse(null);
                if (c == null) {
                    c = fromCard(card(play, id));
                    placed.add(c);
                }
                everyone.put(id, c);
            }
            assigned.add(new Group(name.trim(), members));
        }
        if (assigned.isEmpty()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Put the combatants on their sides.");
        }
        for (String id : s.surprised()) {
            if (!ids.contains(id)) {
                throw new Refusal(RejectionCode.UNKNOWN_CHARACTER, "Only combatants on a side can be surprised.");
            }
        }
        List<InitiativeRoll> rolls = new ArrayList<>();
        Map<String, Integer> scores = new HashMap<>();
        List<Group> groups = new ArrayList<>();
        for (Group g : assigned) {
            List<String> members = new ArrayList<>(g.members());
            for (String id : members) {
                Combatant c = everyone.get(id);
                int face = play.dice().roll(20);
                int score = face + c.get("wil");
                rolls.add(new InitiativeRoll(id, c.name(), c.npc(), g.name(),
                        new RollResult("1d20+" + c.get("wil"), score, List.of(Die.kept(20, face))), score));
                scores.put(id, score);
            }
            // "The initiative is sorted from largest to lowest, for each Group separately." Ties keep the Warden's order.
            members.sort(Comparator.comparing((String id) -> scores.get(id)).reversed());
            groups.add(new Group(g.name(), members));
        }
        // Which group opens is not in the text: the group holding the highest score does (ties: the Warden's order).
        List<Group> ordered = new ArrayList<>(groups);
        ordered.sort(Comparator.comparing((Group g) -> scores.get(g.members().getFirst())).reversed());
        Encounter probe = new Encounter(1, ordered, scores, Map.of(), s.surprised(), List.of(), null, Map.of(), Map.of());
        CairnState withPlaced = state;
        for (Combatant c : placed) {
            withPlaced = withPlaced.withCombatant(c);
        }
        String first = nextUp(withPlaced, probe, ordered.size() - 1, List.of());
        return List.of(new InitiativeStarted(rolls, ordered, s.surprised(), first, placed));
    }

    private List<GameEvent> endTurn(CairnState state, EndTurn e, Play play) {
        Encounter enc = encounter(state);
        Combatant c = combatant(state, e.combatantId());
        controls(play, c);
        if (!c.id().equals(enc.current())) {
            throw new Refusal(RejectionCode.OUT_OF_TURN, "It is not " + c.name() + "'s turn.");
        }
        List<String> done = new ArrayList<>(enc.done());
        done.add(c.id());
        int round = enc.round();
        boolean newRound = false;
        String next = nextUp(state, enc, enc.groupOf(c.id()), done);
        if (next == null) {
            newRound = true;
            round++;
            next = nextUp(state, enc, enc.groups().size() - 1, List.of());
        }
        Combatant nextUp = next == null ? null : combatant(state, next);
        HeldAction lapsed = next == null ? null : enc.held().get(next);
        return List.of(new TurnEnded(c.id(), c.name(), next, nextUp == null ? null : nextUp.name(), round, newRound,
                lapsed == null ? null : lapsed.text(), nextUp != null && nextUp.npc()));
    }

    /**
     * "each Group takes one Turn at a time ... followed by a member of an other Group ... This
     * continue rotating until each member of each Group has taken a Turn." Looks at the groups
     * after {@code afterGroup}, cyclically, for the first member who has not acted and can.
     */
    static String nextUp(CairnState state, Encounter enc, int afterGroup, List<String> done) {
        int n = enc.groups().size();
        for (int step = 1; step <= n; step++) {
            Group g = enc.groups().get(Math.floorMod(afterGroup + step, n));
            for (String id : g.members()) {
                boolean able = state.find(id).map(c -> c.incapacity().isEmpty()).orElse(false);
                if (!done.contains(id) && able) {
                    return id;
                }
            }
        }
        return null;
    }

    private List<GameEvent> holdAction(CairnState state, HoldAction h, Play play) {
        Combatant c = acting(state, h.combatantId(), play);
        String text = text(h.text(), "");
        if (text.isEmpty()) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Describe the held action and its condition.");
        }
        int actions = h.actions() == null ? 1 : h.actions();
        if (actions < 1 || actions > MAX_HELD_ACTIONS) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "A held action holds 1 to " + MAX_HELD_ACTIONS
                    + " actions, as in \"parry the next attack against me, and attack back immediately (2 Held Action)\".");
        }
        // The Warden names the whole cost; otherwise each held action costs the table's action cost.
        int cost = h.amount() != null ? cost(state, h.amount(), play) : actions * state.actionCost();
        if (state.encounter() != null && state.encounter().held().containsKey(c.id())) {
            throw new Refusal(RejectionCode.INVALID_STATE, c.name() + " already holds an action.");
        }
        int left = onTurn(state, c, cost);
        return List.of(new ActionHeld(c.id(), c.name(), c.npc(), text, cost, left, actions));
    }

    // ---- guards shared with CairnActions ----

    static void gm(Play play) {
        if (!play.actor().isGm()) {
            throw new Refusal(RejectionCode.NOT_ALLOWED, "Only the Warden may do that.");
        }
    }

    static CharacterCard card(Play play, String id) {
        CharacterCard card = id == null ? null : play.characters().get(id);
        if (card == null) {
            throw new Refusal(RejectionCode.UNKNOWN_CHARACTER, "There is no character " + id + " in this campaign.");
        }
        return card;
    }

    static Combatant combatant(CairnState state, String id) {
        if (id == null) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Name a character.");
        }
        return state.find(id).orElseThrow(() ->
                new Refusal(RejectionCode.UNKNOWN_CHARACTER, "Character " + id + " is not at the table."));
    }

    static void controls(Play play, Combatant c) {
        if (!play.actor().isGm() && !play.actor().userId().equals(c.ownerUserId())) {
            throw new Refusal(RejectionCode.NOT_YOUR_CHARACTER, c.name() + " is not your character.");
        }
    }

    /** A character its controller wants to act with, able to act. */
    static Combatant acting(CairnState state, String id, Play play) {
        Combatant c = combatant(state, id);
        controls(play, c);
        c.incapacity().ifPresent(why -> {
            throw new Refusal(RejectionCode.INVALID_STATE, c.name() + " is " + why + " and cannot act.");
        });
        return c;
    }

    static Encounter encounter(CairnState state) {
        if (state.encounter() == null) {
            throw new Refusal(RejectionCode.OUT_OF_TURN, "No fight is running.");
        }
        return state.encounter();
    }

    /** Checks it is {@code c}'s turn and it has the AP; returns the AP left after paying. */
    static int onTurn(CairnState state, Combatant c, int cost) {
        Encounter enc = encounter(state);
        if (!enc.includes(c.id())) {
            throw new Refusal(RejectionCode.OUT_OF_TURN, c.name() + " is not in this fight.");
        }
        if (!c.id().equals(enc.current())) {
            String current = enc.current() == null ? "nobody's" : state.find(enc.current()).map(Combatant::name).orElse("?") + "'s";
            throw new Refusal(RejectionCode.OUT_OF_TURN, "It is " + current + " turn, not " + c.name() + "'s.");
        }
        int ap = enc.apOf(c.id());
        if (ap < cost) {
            throw new Refusal(RejectionCode.NOT_ENOUGH_AP, "Needs " + cost + " AP, " + c.name() + " has " + ap + ".");
        }
        return ap - cost;
    }

    /** "The Warden decides the AP cost of a described Action": only a GM may name a cost. */
    static int cost(CairnState state, Integer amount, Play play) {
        if (amount == null) {
            return state.actionCost();
        }
        if (!play.actor().isGm()) {
            throw new Refusal(RejectionCode.NOT_ALLOWED, "The Warden decides the AP cost of an action.");
        }
        if (amount < 0) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "An AP cost cannot be negative.");
        }
        return amount;
    }

    static HeldAction heldOf(CairnState state, Combatant c) {
        HeldAction held = state.encounter() == null ? null : state.encounter().held().get(c.id());
        if (held == null) {
            throw new Refusal(RejectionCode.INVALID_STATE, c.name() + " holds no action.");
        }
        return held;
    }

    static String attribute(String name) {
        String a = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        if (!ATTRIBUTES.contains(a)) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Attribute must be STR, DEX or WIL.");
        }
        return a;
    }

    static String text(String text, String fallback) {
        return text == null || text.isBlank() ? fallback : text.trim();
    }

    /** "A Deprived PC cannot recover HP, Attributes, or item slots from Fatigue." */
    private static Combatant recovering(CairnState state, String id, Integer amount) {
        Combatant t = combatant(state, id);
        if (amount == null || amount < 0) {
            throw new Refusal(RejectionCode.INVALID_COMMAND, "Say how much is recovered (0 or more).");
        }
        if (t.has(Conditions.DEPRIVED)) {
            throw new Refusal(RejectionCode.INVALID_STATE, t.name() + " is deprived and cannot recover.");
        }
        return t;
    }

    static Combatant fromCard(CharacterCard card) {
        Map<String, Object> s = card.sheet();
        int str = num(s, "str", 10);
        int dex = num(s, "dex", 10);
        int wil = num(s, "wil", 10);
        int hp = num(s, "hp", 6);
        Map<String, Integer> values = new LinkedHashMap<>();
        values.put("str", str);
        values.put("strMax", str);
        values.put("dex", dex);
        values.put("dexMax", dex);
        values.put("wil", wil);
        values.put("wilMax", wil);
        values.put("hp", hp);
        values.put("hpMax", hp);
        values.put("armor", Math.min(3, num(s, "armor", 0)));
        values.put("slots", num(s, "slots", 10));
        values.put("items", num(s, "usedSlots", 0));
        values.put("fatigue", 0);
        values.put("manaDust", num(s, "manaDust", 0));
        List<Weapon> weapons = new ArrayList<>();
        if (s.get("weapons") instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof Map<?, ?> m && m.get("name") instanceof String name) {
                    Integer sides = CairnApRuleset.dieSides(m.get("die"));
                    weapons.add(new Weapon(name, sides == null ? 4 : sides));
                }
            }
        }
        return new Combatant(card.id(), card.name(), card.ownerUserId(), card.npc(),
                Boolean.TRUE.equals(s.get("detachment")), values, Map.of(), weapons);
    }

    private static int num(Map<String, Object> sheet, String key, int fallback) {
        return sheet.get(key) instanceof Number n ? n.intValue() : fallback;
    }

    // ---- evolve ----

    @Override
    public CairnState evolve(CairnState state, GameEvent event) {
        if (!(event instanceof CairnEvent e)) {
            return state;
        }
        return switch (e) {
            case CharactersPlaced p -> {
                CairnState s = state;
                for (Combatant c : p.combatants()) {
                    s = s.withCombatant(c);
                }
                yield s;
            }
            case InitiativeStarted i -> {
                CairnState s = state;
                for (Combatant c : i.placed()) {
                    s = s.withCombatant(c);
                }
                Map<String, Integer> scores = new HashMap<>();
                Map<String, Integer> ap = new HashMap<>();
                for (InitiativeRoll r : i.initiative()) {
                    scores.put(r.combatantId(), r.score());
                    ap.put(r.combatantId(), i.surprised().contains(r.combatantId()) ? Encounter.AP_SURPRISED : Encounter.AP_PER_TURN);
                }
                yield s.withEncounter(new Encounter(1, i.groups(), scores, ap, i.surprised(), List.of(), i.current(),
                        Map.of(), Map.of()));
            }
            case TurnEnded t -> {
                Encounter enc = state.encounter().withAp(t.combatantId(), Encounter.AP_PER_TURN);
                List<String> surprised = new ArrayList<>(enc.surprised());
                surprised.remove(t.combatantId());
                List<String> done = new ArrayList<>(enc.done());
                if (t.newRound()) {
                    done.clear();
                } else {
                    done.add(t.combatantId());
                }
                Encounter moved = new Encounter(t.round(), enc.groups(), enc.scores(), enc.ap(), surprised, done,
                        t.next(), enc.advantage(), enc.held());
                yield state.withEncounter(t.next() == null ? moved : moved.withHeld(t.next(), null));
            }
            case InitiativeEnded i -> state.withEncounter(null);
            case Moved m -> state.withEncounter(state.encounter().withAp(m.combatantId(), m.apLeft()));
            case AdvantageGained a -> state.withEncounter(state.encounter().withAp(a.combatantId(), a.apLeft())
                    .withAdvantage(a.combatantId(), a.pending()));
            case ActionHeld h -> state.withEncounter(state.encounter().withAp(h.combatantId(), h.apLeft())
                    .withHeld(h.combatantId(), new HeldAction(h.text(), h.cost(), h.actions())));
            case HeldReleased r -> state.withEncounter(state.encounter().withHeld(r.combatantId(), null));
            case ApSpent a -> state.withEncounter(state.encounter().withAp(a.combatantId(), a.apLeft()));
            case ActionCostSet a -> new CairnState(state.combatants(), state.encounter(), a.amount());
            case CheckRolled c -> acted(state, c.combatantId(), c.cost(), c.apLeft(), c.held(), true);
            case SaveRolled s -> state;
            case AttackRolled a -> acted(state, a.combatantId(), a.cost(), a.apLeft(), a.held(), true);
            case DamageTaken d -> state.apply(d.patch());
            case CriticalSave c -> state.apply(c.patch());
            case ScarSuffered s -> state.apply(s.patch());
            case ScarRecovered s -> state.apply(s.patch());
            case HpRestored h -> state.apply(h.patch());
            case AttributeRestored a -> state.apply(a.patch());
            case ConditionChanged c -> state.apply(c.patch());
            case FatigueAdded f -> state.apply(f.patch());
            case Rested r -> state.apply(r.patch());
            case SpellCast s -> acted(state.apply(s.patch()), s.combatantId(), s.cost(), s.apLeft(), s.held(), false);
            case MoraleChecked m -> state.apply(m.patch());
            case ReactionRolled r -> state;
            case FateRolled f -> state;
            case HirelingRolled h -> state;
        };
    }

    /** Pays for an action in the fight: AP, a held action used up, Gain Advantage spent on the roll. */
    private static CairnState acted(CairnState state, String id, int cost, int apLeft, boolean held, boolean usesAdvantage) {
        Encounter enc = state.encounter();
        if (enc == null || !enc.includes(id)) {
            return state;
        }
        if (cost > 0) {
            enc = enc.withAp(id, apLeft);
        }
        if (held) {
            // One of the held actions happened; the rest stay held until used or the holder's next turn.
            HeldAction was = enc.held().get(id);
            enc = enc.withHeld(id, was == null || was.actions() <= 1 ? null
                    : new HeldAction(was.text(), was.ap(), was.actions() - 1));
        }
        if (usesAdvantage) {
            enc = enc.withAdvantage(id, 0);
        }
        return state.withEncounter(enc);
    }
}
