package io.astragal.rules.cairn;

import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.Decision;
import io.astragal.rules.Need;
import io.astragal.rules.Play;
import io.astragal.rules.CombatantView.Chip;
import io.astragal.rules.CombatantView.Track;
import io.astragal.rules.GroupedView;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import io.astragal.rules.WireNames;
import io.astragal.rules.cairn.CairnCommand.Attack;
import io.astragal.rules.cairn.CairnCommand.CastSpell;
import io.astragal.rules.cairn.CairnCommand.Check;
import io.astragal.rules.cairn.CairnCommand.EndInitiative;
import io.astragal.rules.cairn.CairnCommand.EndTurn;
import io.astragal.rules.cairn.CairnCommand.GainAdvantage;
import io.astragal.rules.cairn.CairnCommand.HoldAction;
import io.astragal.rules.cairn.CairnCommand.Move;
import io.astragal.rules.cairn.CairnCommand.ReleaseHeld;
import io.astragal.rules.cairn.CairnCommand.Save;
import io.astragal.rules.cairn.CairnCommand.SpendAp;
import io.astragal.rules.cairn.CairnState.Combatant;
import io.astragal.rules.cairn.CairnState.Encounter;
import io.astragal.rules.cairn.CairnState.Group;
import io.astragal.rules.cairn.CairnState.Weapon;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What each viewer sees of a cairn-ap table, and which buttons it gets. */
final class CairnViews {

    /** The sides the Warden puts combatants on when starting a fight (empty ones sit it out). */
    static final List<String> SIDES = List.of("Party", "Foes", "Others");
    private static final List<String> ATTRIBUTE_KEYS = CairnReferee.ATTRIBUTES;
    /** Scars whose later part is rolled by recoverScar. */
    private static final List<String> RECOVERABLE = List.of(Conditions.WALLOPED, Conditions.BROKEN_LIMB,
            Conditions.DISEASED, Conditions.HAMSTRUNG, Conditions.MORTAL_WOUND);

    private CairnViews() {
    }

    static TableView view(CairnState state, Viewer viewer) {
        Encounter enc = state.encounter();
        List<Combatant> shown = new ArrayList<>();
        if (enc == null) {
            shown.addAll(state.combatants());
        } else {
            for (Group g : enc.groups()) {
                g.members().forEach(id -> state.find(id).ifPresent(shown::add));
            }
        }
        List<CombatantView> combatants = shown.stream().map(c -> combatant(state, c, viewer)).toList();
        return new TableView(InitiativeModel.GROUPED_AP, combatants, enc == null ? null : grouped(state, enc, viewer),
                actions(state, viewer));
    }

    static boolean mine(Combatant c, Viewer viewer) {
        return viewer.isGm() || viewer.userId().equals(c.ownerUserId());
    }

    /** Players see an NPC's health as a band only, and none of its numbers. */
    private static boolean hidden(Combatant c, Viewer viewer) {
        return c.npc() && !viewer.isGm();
    }

    static String band(Combatant c) {
        if (c.has(Conditions.DEAD) || c.has(Conditions.DESTROYED)) {
            return "dead";
        }
        int hp = c.get("hp");
        int max = c.get("hpMax");
        if (hp <= 0 || c.has(Conditions.DYING) || c.has(Conditions.MORTAL_WOUND)) {
            return "down";
        }
        if (hp * 2 <= max) {
            return "bloodied";
        }
        return hp < max ? "hurt" : "full";
    }

    private static CombatantView combatant(CairnState state, Combatant c, Viewer viewer) {
        boolean hidden = hidden(c, viewer);
        String band = band(c);
        List<Track> tracks = hidden
                ? List.of(new Track("hp", "HP", null, null, band, band))
                : List.of(new Track("hp", "HP", c.get("hp"), c.get("hpMax"), c.get("hp") + "/" + c.get("hpMax"), band),
                new Track("str", "STR", c.get("str"), c.get("strMax"), c.get("str") + "/" + c.get("strMax"), band));
        List<Chip> chips = new ArrayList<>();
        c.conditions().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> chips.add(new Chip(e.getKey(), e.getValue() > 1 ? e.getValue() : null)));
        Encounter enc = state.encounter();
        if (enc != null && enc.held().containsKey(c.id())) {
            // How many an NPC holds is part of the Warden's secret, like what and on what condition.
            int held = hidden ? 1 : enc.held().get(c.id()).actions();
            chips.add(new Chip(held == 1 ? "holding an action" : "holding " + held + " actions", null));
        }
        if (enc != null && enc.surprised().contains(c.id())) {
            chips.add(new Chip("surprised", null));
        }
        if (mine(c, viewer) && c.get("fatigue") > 0) {
            // Fatigue is a private sheet number, like slots and mana dust.
            chips.add(new Chip("fatigue", c.get("fatigue")));
        }
        Map<String, Object> stats = new LinkedHashMap<>();
        if (!hidden) {
            stats.put("str", c.get("str"));
            stats.put("dex", c.get("dex"));
            stats.put("wil", c.get("wil"));
            stats.put("armor", c.get("armor"));
            stats.put("move", c.moveSpaces());
            stats.put("weapons", c.weapons().stream().map(w -> w.name() + " d" + w.die()).toList());
            if (mine(c, viewer)) {
                // Private sheet fields: only the owner and the Warden.
                stats.put("slots", c.get("slots"));
                stats.put("freeSlots", c.freeSlots());
                stats.put("fatigue", c.get("fatigue"));
                stats.put("manaDust", c.get("manaDust"));
                if (enc != null) {
                    stats.put("advantage", enc.advantage().getOrDefault(c.id(), 0));
                    if (enc.held().containsKey(c.id())) {
                        stats.put("held", enc.held().get(c.id()).text());
                    }
                }
            }
        }
        return new CombatantView(c.id(), c.name(), c.ownerUserId(), c.npc(), mine(c, viewer), tracks, chips, stats);
    }

    private static GroupedView grouped(CairnState state, Encounter enc, Viewer viewer) {
        List<GroupedView.Group> groups = new ArrayList<>();
        String currentGroup = null;
        for (Group g : enc.groups()) {
            List<GroupedView.Member> members = new ArrayList<>();
            for (String id : g.members()) {
                boolean hidden = state.find(id).map(c -> hidden(c, viewer)).orElse(true);
                members.add(new GroupedView.Member(id, hidden ? null : enc.scores().get(id), enc.apOf(id),
                        Encounter.AP_PER_TURN, enc.done().contains(id)));
                if (id.equals(enc.current())) {
                    currentGroup = g.name();
                }
            }
            groups.add(new GroupedView.Group(g.name(), members));
        }
        return new GroupedView(enc.round(), groups, currentGroup, enc.current());
    }

    private static List<ActionOption> actions(CairnState state, Viewer viewer) {
        List<ActionOption> out = new ArrayList<>();
        if (viewer.role() == Role.SPECTATOR) {
            return out;
        }
        Encounter enc = state.encounter();
        for (Combatant c : ordered(state)) {
            // A player gets buttons for each of their characters; the Warden for whoever acts now and
            // for anyone holding an action (which may go off on another's turn).
            boolean offer = viewer.isGm()
                    ? enc != null && (c.id().equals(enc.current()) || enc.held().containsKey(c.id()))
                    : mine(c, viewer);
            if (offer && (enc == null || enc.includes(c.id()))) {
                characterActions(state, c, viewer, out);
            }
        }
        if (viewer.isGm()) {
            gmActions(state, viewer, out);
        }
        return out;
    }

    /** In the fight, its members in turn order; outside, everyone at the table. */
    private static List<Combatant> ordered(CairnState state) {
        Encounter enc = state.encounter();
        if (enc == null) {
            return state.combatants();
        }
        List<Combatant> out = new ArrayList<>();
        enc.groups().forEach(g -> g.members().forEach(id -> state.find(id).ifPresent(out::add)));
        return out;
    }

    private static void characterActions(CairnState state, Combatant c, Viewer viewer, List<ActionOption> out) {
        Encounter enc = state.encounter();
        String id = c.id();
        String who = c.name() + ": ";
        Map<String, Object> args = Map.of("combatantId", id);
        Integer cost = enc == null ? null : state.actionCost();
        String foe = plausibleTarget(state, c);
        if (enc != null) {
            out.add(probed(state, viewer, new Move(id), who + "move up to " + c.moveSpaces() + " spaces", args, List.of(), 1));
            out.add(probed(state, viewer, new GainAdvantage(id), who + "gain Advantage on the next roll", args, List.of(), 1));
        }
        for (Weapon w : weaponsOf(c)) {
            out.add(attackOption(state, viewer, c, foe, w, null, false, cost));
        }
        for (int i = 0; i < c.weapons().size(); i++) {
            for (int j = i + 1; j < c.weapons().size(); j++) {
                out.add(attackOption(state, viewer, c, foe, c.weapons().get(i), c.weapons().get(j), false, cost));
            }
        }
        out.add(probed(state, viewer, check(id, 20, null, false), who + "act against a DC",
                with(args, "attribute", "str"), withDc(viewer, attribute(), dc(), edge(), text("What you do")), cost));
        ActionOption contest = probed(state, viewer, check(id, null, foe, false), who + "act against someone (they save)",
                with(with(args, "attribute", "str"), "targetAttribute", "str"),
                List.of(attribute(), target(), Need.choice("targetAttribute", "They save with", ATTRIBUTE_KEYS), edge(),
                        text("What you do")), cost);
        out.add(foe != null ? contest : new ActionOption(contest.command(), contest.label(), contest.args(), contest.needs(),
                cost, false, "There is no one else at the table.", false));
        int slotDice = Math.min(1, c.freeSlots());
        int dustDice = slotDice == 0 ? Math.min(1, c.get("manaDust")) : 0;
        // With neither a free slot nor dust, probe with one slot die so the refusal says what is missing.
        int probeSlots = slotDice + dustDice == 0 ? 1 : slotDice;
        out.add(probed(state, viewer, new CastSpell(id, "a spell", probeSlots, dustDice, false), who + "cast a spell",
                with(with(args, "amount", slotDice), "manaDust", dustDice),
                List.of(text("Spell"), Need.of("amount", "Magic Dice from free slots", Need.Kind.NUMBER),
                        Need.of("manaDust", "Magic Dice from Mana Dust", Need.Kind.NUMBER)), cost));
        if (enc != null) {
            // "Held Action (X AP)": the Warden decides X (a player's hold costs the table's action cost
            // for each action held: "(2 Held Action)" is a parry and a counter).
            Need actions = Need.of("actions", "Actions held", Need.Kind.NUMBER);
            out.add(probed(state, viewer, new HoldAction(id, "an action", null), who + "hold an action",
                    with(viewer.isGm() ? with(args, "amount", state.actionCost()) : args, "actions", 1),
                    viewer.isGm() ? List.of(text("Action and its condition"), actions, Need.of("amount", "AP", Need.Kind.NUMBER))
                            : List.of(text("Action and its condition"), actions), cost));
            if (enc.held().containsKey(id)) {
                // "when the condition(s) are met, the Action happens": already paid, on anyone's turn.
                for (Weapon w : weaponsOf(c)) {
                    out.add(attackOption(state, viewer, c, foe, w, null, true, 0));
                }
                out.add(probed(state, viewer, check(id, 20, null, true), who + "the held action happens (against a DC)",
                        with(with(args, "attribute", "str"), "held", true),
                        withDc(viewer, attribute(), dc(), edge(), text("What you do")), 0));
                out.add(probed(state, viewer, new ReleaseHeld(id), who + "let the held action go", args, List.of(), null));
            }
        }
        out.add(probed(state, viewer, new Save(id, "str", 20, List.of(), List.of(), null), who + "save",
                with(args, "attribute", "dex"), withDc(viewer, attribute(), dc(), text("How you avoid it")), null));
        if (enc != null) {
            out.add(probed(state, viewer, new EndTurn(id), who + "end turn (regain AP)", args, List.of(), null));
        }
    }

    private static ActionOption attackOption(CairnState state, Viewer viewer, Combatant c, String foe, Weapon main,
                                             Weapon offhand, boolean held, Integer cost) {
        Map<String, Object> args = with(with(Map.of("combatantId", c.id()), "weapon", main.name()), "attribute", "str");
        args = with(with(args, "targetAttribute", "dex"), "edge", 0);
        String label = c.name() + ": " + (held ? "the held attack happens with " : "attack with ") + main.name() + " (d" + main.die() + ")";
        if (offhand != null) {
            args = with(args, "offhand", offhand.name());
            label = c.name() + ": attack with " + main.name() + " and " + offhand.name() + " (keep the higher die)";
        }
        if (held) {
            args = with(args, "held", true);
        }
        Attack probe = new Attack(c.id(), foe, main.name(), offhand == null ? null : offhand.name(), List.of(), null, null,
                List.of(), List.of(), List.of(), null, held, null);
        List<Need> needs = List.of(target(),
                Need.of("extraTargets", "Also caught in the blast (each saves)", Need.Kind.COMBATANTS),
                Need.choice("attribute", "Attack with", ATTRIBUTE_KEYS),
                Need.choice("targetAttribute", "Targets save with", ATTRIBUTE_KEYS), edge());
        if (foe == null) {
            return new ActionOption("cairn-ap.attack", label, args, needs, cost, false, "There is no one to attack.", false);
        }
        return probed(state, viewer, probe, label, args, needs, cost);
    }

    /** Someone the combatant could attack or act against, for probing: an opponent first, else anyone else. */
    private static String plausibleTarget(CairnState state, Combatant c) {
        Encounter enc = state.encounter();
        List<Combatant> others = ordered(state).stream().filter(o -> !o.id().equals(c.id())).toList();
        if (enc != null) {
            int side = enc.groupOf(c.id());
            for (Combatant o : others) {
                if (enc.groupOf(o.id()) != side) {
                    return o.id();
                }
            }
        }
        return others.isEmpty() ? null : others.getFirst().id();
    }

    private static Check check(String id, Integer dc, String target, boolean held) {
        return new Check(id, "str", dc, target, target == null ? null : "str", List.of(), List.of(), List.of(), List.of(),
                null, held, null, null);
    }

    private static List<Weapon> weaponsOf(Combatant c) {
        List<Weapon> all = new ArrayList<>(c.weapons());
        all.add(CairnActions.UNARMED);
        return all;
    }

    private static void gmActions(CairnState state, Viewer viewer, List<ActionOption> out) {
        Encounter enc = state.encounter();
        boolean nobody = state.combatants().isEmpty();
        String noOne = nobody ? "No one is at the table." : null;
        out.add(gm("cairn-ap.placeCharacters", "Place characters at the table", Map.of(),
                List.of(Need.of("characterIds", "Characters", Need.Kind.CHARACTERS)), null));
        if (enc == null) {
            out.add(gm("cairn-ap.startInitiative", "Start the fight (everyone rolls 1d20 + WIL)", Map.of("sides", SIDES),
                    List.of(new Need("groups", "Sides", Need.Kind.GROUPS, SIDES),
                            Need.of("surprised", "Surprised (2 AP on their first turn)", Need.Kind.COMBATANTS)),
                    nobody ? "Place characters at the table first." : null));
        } else {
            out.add(gmProbed(state, viewer, new EndInitiative(), "End the fight", Map.of(), List.of()));
            if (enc.current() != null) {
                Combatant current = state.find(enc.current()).orElseThrow();
                out.add(gmProbed(state, viewer, new SpendAp(current.id(), "an action", 1),
                        "Charge " + current.name() + " AP for an action", Map.of("combatantId", current.id()),
                        List.of(text("Action"), Need.of("amount", "AP", Need.Kind.NUMBER))));
            }
        }
        out.add(gm("cairn-ap.save", "Roll a save for a combatant", Map.of("attribute", "dex"),
                withDc(viewer, Need.of("combatantId", "Who saves", Need.Kind.COMBATANT), attribute(), dc(), text("Against what")),
                noOne));
        out.add(gm("cairn-ap.applyDamage", "Deal damage", Map.of("ignoreArmor", false),
                List.of(target(), Need.of("amount", "Damage", Need.Kind.NUMBER), Need.of("ignoreArmor", "Ignore armor", Need.Kind.FLAG),
                        text("Source")), noOne));
        out.add(gm("cairn-ap.restoreHp", "Restore HP", Map.of(), List.of(target(), Need.of("amount", "HP", Need.Kind.NUMBER)), noOne));
        out.add(gm("cairn-ap.restoreAttribute", "Restore an attribute", Map.of("attribute", "str"),
                List.of(target(), attribute(), Need.of("amount", "Points", Need.Kind.NUMBER)), noOne));
        out.add(gm("cairn-ap.addCondition", "Add a condition", Map.of("amount", 1),
                List.of(target(), text("condition", "Condition"), Need.of("amount", "Level", Need.Kind.NUMBER)), noOne));
        List<String> present = state.combatants().stream().flatMap(c -> c.conditions().keySet().stream()).distinct().sorted().toList();
        out.add(gm("cairn-ap.removeCondition", "Remove a condition", Map.of(),
                List.of(target(), Need.choice("condition", "Condition", present)), present.isEmpty() ? "No one has a condition." : null));
        List<String> scars = RECOVERABLE.stream().filter(r -> state.combatants().stream().anyMatch(c -> c.has(r))).toList();
        out.add(gm("cairn-ap.recoverScar", "A scar has healed: roll its recovery", Map.of(),
                List.of(target(), Need.choice("condition", "Scar", scars)), scars.isEmpty() ? "No one has a scar to recover from." : null));
        out.add(gm("cairn-ap.addFatigue", "Add Fatigue (deprivation)", Map.of("amount", 1),
                List.of(target(), Need.of("amount", "Fatigue", Need.Kind.NUMBER)), noOne));
        out.add(gm("cairn-ap.rest", "A full night's rest (clears Fatigue)", Map.of(), List.of(target()), noOne));
        boolean npcs = state.combatants().stream().anyMatch(Combatant::npc);
        String noNpc = npcs ? null : "Morale does not affect PCs, and no NPC is at the table.";
        out.add(gm("cairn-ap.moraleSave", "Morale save (WIL)", Map.of("dc", CairnReferee.AVERAGE_DC),
                List.of(target(), dc()), noNpc));
        out.add(gm("cairn-ap.moraleSave", "Morale save with the leader's WIL", Map.of("dc", CairnReferee.AVERAGE_DC),
                List.of(target(), Need.of("leader", "Leader", Need.Kind.COMBATANT), dc()), noNpc));
        out.add(gm("cairn-ap.rollReaction", "Reaction roll (2d6)", Map.of(), List.of(text("Whose reaction")), null));
        out.add(gm("cairn-ap.rollDieOfFate", "Die of fate (1d6)", Map.of(), List.of(text("What is uncertain")), null));
        out.add(gm("cairn-ap.rollHireling", "Roll a hireling (3d6 each, 1d6 HP)", Map.of(), List.of(text("Role")), null));
        out.add(gm("cairn-ap.setActionCost", "Default AP cost of attacks, checks and spells (now " + state.actionCost() + ")",
                Map.of("amount", state.actionCost()), List.of(Need.of("amount", "AP", Need.Kind.NUMBER)), null));
    }

    private static Need target() {
        return Need.of("target", "Target", Need.Kind.COMBATANT);
    }

    private static Need attribute() {
        return Need.choice("attribute", "Attribute", ATTRIBUTE_KEYS);
    }

    private static Need dc() {
        return Need.of("dc", "DC", Need.Kind.NUMBER);
    }

    /**
     * {@code needs}, and for the Warden, after the DC, whether to keep it from the players: "The
     * Warden decide the DC ... The Warden can disclose the DC if appropriate".
     */
    private static List<Need> withDc(Viewer viewer, Need... needs) {
        List<Need> out = new ArrayList<>(List.of(needs));
        if (viewer.isGm()) {
            out.add(out.indexOf(dc()) + 1, Need.of("hideDc", "Keep the DC from the players", Need.Kind.FLAG));
        }
        return List.copyOf(out);
    }

    private static Need edge() {
        return Need.of("edge", "Advantage on the d20 (negative: Disadvantage)", Need.Kind.NUMBER);
    }

    private static Need text(String label) {
        return text("text", label);
    }

    private static Need text(String name, String label) {
        return Need.of(name, label, Need.Kind.TEXT);
    }

    /**
     * An option whose availability is exactly what the referee decides now: the command, with
     * plausible picks for its needs, is decided against the current state (dice fixed at 1, never
     * the reason for a refusal) and a refusal becomes the reason.
     */
    private static ActionOption probed(CairnState state, Viewer viewer, CairnCommand probe, String label,
                                       Map<String, Object> args, List<Need> needs, Integer cost) {
        String reason = refusal(state, viewer, probe);
        return new ActionOption(WIRE_NAMES.of(probe), label, args, needs, cost, reason == null, reason == null ? "" : reason, false);
    }

    private static ActionOption gmProbed(CairnState state, Viewer viewer, CairnCommand probe, String label,
                                         Map<String, Object> args, List<Need> needs) {
        String reason = refusal(state, viewer, probe);
        return gm(WIRE_NAMES.of(probe), label, args, needs, reason);
    }

    private static String refusal(CairnState state, Viewer viewer, CairnCommand probe) {
        Play play = Play.probing(viewer);
        return REFEREE.decide(state, probe, play) instanceof Decision.Rejected r ? r.message() : null;
    }

    private static final CairnReferee REFEREE = new CairnReferee();

    private static final WireNames WIRE_NAMES = new WireNames(CairnReferee.COMMANDS);

    private static ActionOption gm(String command, String label, Map<String, Object> args, List<Need> needs, String reason) {
        return new ActionOption(command, label, args, needs, null, reason == null, reason == null ? "" : reason, true);
    }

    private static Map<String, Object> with(Map<String, Object> args, String key, Object value) {
        Map<String, Object> m = new LinkedHashMap<>(args);
        m.put(key, value);
        return m;
    }
}
