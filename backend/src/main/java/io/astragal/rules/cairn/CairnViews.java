package io.astragal.rules.cairn;

import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.CombatantView.Chip;
import io.astragal.rules.CombatantView.Track;
import io.astragal.rules.GroupedView;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import io.astragal.rules.cairn.CairnState.Combatant;
import io.astragal.rules.cairn.CairnState.Encounter;
import io.astragal.rules.cairn.CairnState.Group;
import io.astragal.rules.cairn.CairnState.Weapon;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What each viewer sees of a cairn-ap table, and which buttons it gets. */
final class CairnViews {

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
            chips.add(new Chip("holding an action", null));
        }
        if (!hidden && c.get("fatigue") > 0) {
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
        if (enc == null) {
            for (Combatant c : state.combatants()) {
                if (!c.npc() && mine(c, viewer) && !viewer.isGm()) {
                    characterActions(state, c, null, out);
                }
            }
        } else {
            for (Group g : enc.groups()) {
                for (String id : g.members()) {
                    Combatant c = state.find(id).orElseThrow();
                    // The Warden gets buttons for whoever acts now; a player for each of their characters.
                    boolean offer = viewer.isGm() ? id.equals(enc.current()) : mine(c, viewer);
                    if (offer) {
                        characterActions(state, c, enc, out);
                    }
                }
            }
        }
        if (viewer.isGm()) {
            gmActions(state, out);
        }
        return out;
    }

    private static void characterActions(CairnState state, Combatant c, Encounter enc, List<ActionOption> out) {
        Map<String, Object> who = Map.of("combatantId", c.id());
        String blocked = c.incapacity().map(why -> c.name() + " is " + why).orElse(null);
        if (enc == null) {
            boolean ok = blocked == null;
            String why = ok ? "" : blocked;
            out.add(option("cairn-ap.check", c.name() + ": act against a DC", who, List.of("attribute", "dc"), null, ok, why));
            out.add(option("cairn-ap.save", c.name() + ": save", who, List.of("attribute", "dc"), null, true, ""));
            for (Weapon w : weaponsOf(c)) {
                out.add(option("cairn-ap.attack", c.name() + ": attack with " + w.name() + " (d" + w.die() + ")",
                        with(who, "weapon", w.name()), List.of("target"), null, ok, why));
            }
            out.add(option("cairn-ap.castSpell", c.name() + ": cast a spell", who, List.of("text", "amount", "manaDust"), null, ok, why));
            return;
        }
        if (!enc.includes(c.id())) {
            return;
        }
        int ap = enc.apOf(c.id());
        boolean turn = c.id().equals(enc.current());
        String notTurn = "Not your turn" + (enc.current() == null ? "" : " — " + state.find(enc.current()).map(Combatant::name).orElse("") + " acts now");
        int cost = state.actionCost();
        out.add(costed("cairn-ap.move", c.name() + ": move " + c.moveSpaces() + " spaces", who, List.of(), 1, ap, turn, notTurn, blocked));
        out.add(costed("cairn-ap.gainAdvantage", c.name() + ": gain Advantage", who, List.of(), 1, ap, turn, notTurn, blocked));
        for (Weapon w : weaponsOf(c)) {
            out.add(costed("cairn-ap.attack", c.name() + ": attack with " + w.name() + " (d" + w.die() + ")",
                    with(who, "weapon", w.name()), List.of("target"), cost, ap, turn, notTurn, blocked));
        }
        out.add(costed("cairn-ap.check", c.name() + ": act against a DC", who, List.of("attribute", "dc"), cost, ap, turn, notTurn, blocked));
        out.add(costed("cairn-ap.castSpell", c.name() + ": cast a spell", who, List.of("text", "amount", "manaDust"), cost, ap, turn, notTurn, blocked));
        boolean holding = enc.held().containsKey(c.id());
        out.add(holding
                ? option("cairn-ap.holdAction", c.name() + ": hold an action", who, List.of("text"), cost, false, "Already holding an action")
                : costed("cairn-ap.holdAction", c.name() + ": hold an action", who, List.of("text"), cost, ap, turn, notTurn, blocked));
        if (holding) {
            for (Weapon w : weaponsOf(c)) {
                out.add(option("cairn-ap.attack", c.name() + ": held attack with " + w.name(),
                        with(with(who, "weapon", w.name()), "held", true), List.of("target"), 0, blocked == null, blocked == null ? "" : blocked));
            }
            out.add(option("cairn-ap.releaseHeld", c.name() + ": let the held action go", who, List.of(), 0, true, ""));
        }
        out.add(option("cairn-ap.save", c.name() + ": save", who, List.of("attribute", "dc"), null, true, ""));
        out.add(option("cairn-ap.endTurn", c.name() + ": end turn", who, List.of(), null, turn, turn ? "" : notTurn));
    }

    private static List<Weapon> weaponsOf(Combatant c) {
        List<Weapon> all = new ArrayList<>(c.weapons());
        all.add(CairnActions.UNARMED);
        return all;
    }

    private static ActionOption costed(String command, String label, Map<String, Object> args, List<String> needs, int cost,
                                       int ap, boolean turn, String notTurn, String blocked) {
        String reason = blocked != null ? blocked : !turn ? notTurn
                : ap < cost ? "Needs " + cost + " AP, you have " + ap : "";
        return option(command, label, args, needs, cost, reason.isEmpty(), reason);
    }

    private static void gmActions(CairnState state, List<ActionOption> out) {
        Map<String, Object> none = Map.of();
        if (state.encounter() == null) {
            out.add(gm("cairn-ap.placeCharacters", "Place characters", List.of("characterIds")));
            out.add(gm("cairn-ap.startInitiative", "Start the fight", List.of("groups", "surprised")));
        } else {
            out.add(gm("cairn-ap.endInitiative", "End the fight", List.of()));
            String current = state.encounter().current();
            if (current != null) {
                out.add(new ActionOption("cairn-ap.spendAp", "Charge AP for an action", Map.of("combatantId", current),
                        List.of("text", "amount"), null, true, "", true));
            }
        }
        out.add(gm("cairn-ap.applyDamage", "Deal damage", List.of("target", "amount")));
        out.add(gm("cairn-ap.restoreHp", "Restore HP", List.of("target", "amount")));
        out.add(gm("cairn-ap.restoreAttribute", "Restore an attribute", List.of("target", "attribute", "amount")));
        out.add(gm("cairn-ap.addCondition", "Add a condition", List.of("target", "condition")));
        out.add(gm("cairn-ap.removeCondition", "Remove a condition", List.of("target", "condition")));
        out.add(gm("cairn-ap.recoverScar", "Scar healed: roll its recovery", List.of("target", "condition")));
        out.add(gm("cairn-ap.addFatigue", "Add Fatigue (deprivation)", List.of("target", "amount")));
        out.add(gm("cairn-ap.rest", "Full night's rest", List.of("target")));
        out.add(gm("cairn-ap.moraleSave", "Morale save", List.of("target")));
        out.add(gm("cairn-ap.rollReaction", "Reaction roll (2d6)", List.of("text")));
        out.add(gm("cairn-ap.rollDieOfFate", "Die of fate (1d6)", List.of("text")));
        out.add(gm("cairn-ap.rollHireling", "Roll a hireling", List.of("text")));
        out.add(new ActionOption("cairn-ap.setActionCost", "Default action cost (now " + state.actionCost() + " AP)", none,
                List.of("amount"), null, true, "", true));
    }

    private static ActionOption gm(String command, String label, List<String> needs) {
        return new ActionOption(command, label, Map.of(), needs, null, true, "", true);
    }

    private static ActionOption option(String command, String label, Map<String, Object> args, List<String> needs,
                                       Integer cost, boolean enabled, String reason) {
        return new ActionOption(command, label, args, needs, cost, enabled, reason, false);
    }

    private static Map<String, Object> with(Map<String, Object> args, String key, Object value) {
        Map<String, Object> m = new HashMap<>(args);
        m.put(key, value);
        return m;
    }
}
