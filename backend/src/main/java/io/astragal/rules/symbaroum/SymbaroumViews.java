package io.astragal.rules.symbaroum;

import static io.astragal.rules.symbaroum.SymbaroumReferee.COMBAT;
import static io.astragal.rules.symbaroum.SymbaroumReferee.DEAD;
import static io.astragal.rules.symbaroum.SymbaroumReferee.DYING;
import static io.astragal.rules.symbaroum.SymbaroumReferee.MOVEMENT;
import static io.astragal.rules.symbaroum.SymbaroumReferee.PRONE;

import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.CombatantView.Chip;
import io.astragal.rules.CombatantView.Track;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.OrderView;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import io.astragal.rules.symbaroum.SymbaroumState.Encounter;
import io.astragal.rules.symbaroum.SymbaroumState.Fighter;
import io.astragal.rules.symbaroum.SymbaroumState.FreeAttack;
import io.astragal.rules.symbaroum.SymbaroumState.PainChoice;
import io.astragal.rules.symbaroum.SymbaroumState.Weapon;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What each viewer sees of a symbaroum table, and which buttons it gets. */
final class SymbaroumViews {

    private SymbaroumViews() {
    }

    static TableView view(SymbaroumState state, Viewer viewer) {
        Encounter enc = state.encounter();
        List<Fighter> shown = enc == null ? state.combatants()
                : enc.order().stream().map(id -> state.find(id).orElseThrow()).toList();
        List<CombatantView> combatants = shown.stream().map(f -> combatant(f, viewer)).toList();
        OrderView order = enc == null ? null : new OrderView(enc.round(), enc.order().stream().map(id -> {
            Fighter f = state.find(id).orElseThrow();
            return new OrderView.Entry(id, hidden(f, viewer) ? null : f.get("quick"),
                    id.equals(enc.current()) ? enc.used() : List.of(), enc.done().contains(id));
        }).toList(), enc.current());
        return new TableView(InitiativeModel.ORDERED, combatants, order, actions(state, viewer));
    }

    static boolean mine(Fighter f, Viewer viewer) {
        return viewer.isGm() || viewer.userId().equals(f.ownerUserId());
    }

    private static boolean hidden(Fighter f, Viewer viewer) {
        return f.npc() && !viewer.isGm();
    }

    static String band(Fighter f) {
        int t = f.get("toughness");
        int max = f.get("toughnessMax");
        if (f.has(DEAD)) {
            return "dead";
        }
        if (t <= 0 || f.has(DYING)) {
            return "down";
        }
        return t * 2 <= max ? "bloodied" : t < max ? "hurt" : "full";
    }

    private static CombatantView combatant(Fighter f, Viewer viewer) {
        boolean hidden = hidden(f, viewer);
        String band = band(f);
        Track toughness = hidden ? new Track("toughness", "Toughness", null, null, band, band)
                : new Track("toughness", "Toughness", f.get("toughness"), f.get("toughnessMax"),
                f.get("toughness") + "/" + f.get("toughnessMax"), band);
        List<Chip> chips = new ArrayList<>();
        f.conditions().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> chips.add(new Chip(e.getKey(), e.getValue() > 1 ? e.getValue() : null)));
        if (f.has(DYING) && f.get("deathMarks") > 0) {
            chips.add(new Chip("steps closer to death", f.get("deathMarks")));
        }
        Map<String, Object> stats = new LinkedHashMap<>();
        if (!hidden) {
            SymbaroumRuleset.ATTRIBUTES.forEach(a -> stats.put(a, f.get(a)));
            for (String k : List.of("painThreshold", "defense", "corruptionThreshold")) {
                stats.put(k, f.get(k));
            }
            stats.put("armor", f.armor());
            stats.put("weapons", f.weapons().stream().map(w -> w.name() + " " + w.damage()).toList());
            if (mine(f, viewer)) {
                stats.put("experience", f.get("experience"));
                Map<String, Object> abilities = new LinkedHashMap<>();
                f.abilities().entrySet().stream().sorted(Map.Entry.comparingByKey())
                        .forEach(e -> abilities.put(e.getKey(), SymbaroumRuleset.LEVELS.get(e.getValue() - 1)));
                stats.put("abilities", abilities);
            }
        }
        return new CombatantView(f.id(), f.name(), f.ownerUserId(), f.npc(), mine(f, viewer), List.of(toughness), chips, stats);
    }

    private static List<ActionOption> actions(SymbaroumState state, Viewer viewer) {
        List<ActionOption> out = new ArrayList<>();
        if (viewer.role() == Role.SPECTATOR) {
            return out;
        }
        Encounter enc = state.encounter();
        for (Fighter f : state.combatants()) {
            boolean offer = enc == null ? !viewer.isGm() && !f.npc() && mine(f, viewer)
                    : enc.order().contains(f.id()) && (viewer.isGm() ? f.id().equals(enc.current()) : mine(f, viewer));
            if (offer) {
                turnActions(state, f, enc, out);
            }
        }
        for (FreeAttack g : state.freeAttacks()) {
            Fighter a = state.find(g.attackerId()).orElseThrow();
            if (mine(a, viewer)) {
                Map<String, Object> args = new HashMap<>(Map.of("combatantId", a.id(), "free", true));
                if (g.targetId() != null) {
                    args.put("target", g.targetId());
                }
                out.add(option("symbaroum.attack", a.name() + ": Free Attack" + (g.reason().isEmpty() ? "" : " (" + g.reason() + ")"),
                        args, g.targetId() == null ? List.of("target") : List.of(), true, ""));
            }
        }
        for (PainChoice p : state.painChoices()) {
            if (viewer.isGm() || viewer.userId().equals(p.chooserUserId())) {
                String victim = state.find(p.victimId()).map(Fighter::name).orElse("?");
                out.add(option("symbaroum.choosePain", victim + " is knocked down", Map.of("combatantId", p.victimId(), "text", "knockDown"), List.of(), true, ""));
                out.add(option("symbaroum.choosePain", "Free Attack on " + victim, Map.of("combatantId", p.victimId(), "text", "freeAttack"), List.of(), true, ""));
            }
        }
        if (viewer.isGm()) {
            gmActions(state, out);
        }
        return out;
    }

    private static void turnActions(SymbaroumState state, Fighter f, Encounter enc, List<ActionOption> out) {
        Map<String, Object> who = Map.of("combatantId", f.id());
        String blocked = f.has(DEAD) ? f.name() + " is dead" : f.has(DYING) ? f.name() + " is dying and cannot help itself" : null;
        boolean turn = enc == null || f.id().equals(enc.current());
        String notTurn = enc == null || enc.current() == null ? "" : "Not your turn — " + state.find(enc.current()).map(Fighter::name).orElse("") + " acts now";
        List<String> used = enc == null || !turn ? List.of() : enc.used();
        String combatReason = blocked != null ? blocked : !turn ? notTurn : used.contains(COMBAT) ? "Combat Action already used" : "";
        String moveReason = blocked != null ? blocked : !turn ? notTurn
                : used.contains(MOVEMENT) && used.contains(COMBAT) ? "No action left for movement" : "";
        for (Weapon w : f.weapons()) {
            out.add(option("symbaroum.attack", f.name() + ": attack with " + w.name() + " (" + w.damage() + ")",
                    Map.of("combatantId", f.id(), "weapon", w.name()), List.of("target"), combatReason.isEmpty(), combatReason));
        }
        out.add(option("symbaroum.test", f.name() + ": success test", who, List.of("attribute", "modifier"), blocked == null, blocked == null ? "" : blocked));
        if (enc == null) {
            out.add(option("symbaroum.learnAbility", f.name() + ": learn or improve an ability", who, List.of("text"), true, ""));
            return;
        }
        out.add(option("symbaroum.move", f.name() + ": move", who, List.of(), moveReason.isEmpty(), moveReason));
        if (f.has(PRONE)) {
            out.add(option("symbaroum.standUp", f.name() + ": stand up (Quick test)", who, List.of(), moveReason.isEmpty(), moveReason));
        }
        out.add(option("symbaroum.firstAid", f.name() + ": first aid", who, List.of("target", "herbalCure", "medicus"), combatReason.isEmpty(), combatReason));
        boolean canWait = enc.round() == 1 && !enc.delayed().contains(f.id()) && !enc.done().contains(f.id()) && used.isEmpty() && blocked == null;
        out.add(option("symbaroum.delay", f.name() + ": wait, act later", who, List.of("target"), canWait,
                canWait ? "" : enc.round() > 1 ? "The order is established" : "Cannot wait now"));
        if (f.has(DYING)) {
            boolean can = turn && !enc.deathTested();
            out.add(option("symbaroum.deathTest", f.name() + ": Death Test", who, List.of(), can, can ? "" : turn ? "Already rolled this turn" : notTurn));
        }
        boolean canEnd = turn && !(f.has(DYING) && !enc.deathTested());
        out.add(option("symbaroum.endTurn", f.name() + ": end turn", who, List.of(), canEnd, canEnd ? "" : turn ? "Make the Death Test first" : notTurn));
    }

    private static void gmActions(SymbaroumState state, List<ActionOption> out) {
        if (state.encounter() == null) {
            out.add(gm("symbaroum.placeCharacters", "Place characters", List.of("characterIds")));
            out.add(gm("symbaroum.startInitiative", "Start the fight", List.of("characterIds")));
        } else {
            out.add(gm("symbaroum.endInitiative", "End the fight", List.of()));
        }
        out.add(gm("symbaroum.surprise", "Surprise test", List.of("attackers", "defenders")));
        out.add(gm("symbaroum.grantFreeAttack", "Grant a Free Attack", List.of("combatantId", "target", "text")));
        out.add(gm("symbaroum.applyDamage", "Damage Toughness", List.of("target", "amount")));
        out.add(gm("symbaroum.naturalHealing", "Natural healing (days)", List.of("target", "amount")));
        out.add(gm("symbaroum.addCondition", "Add a condition", List.of("target", "condition")));
        out.add(gm("symbaroum.removeCondition", "Remove a condition", List.of("target", "condition")));
        out.add(gm("symbaroum.awardExperience", "Award Experience", List.of("target", "amount")));
    }

    private static ActionOption gm(String command, String label, List<String> needs) {
        return new ActionOption(command, label, Map.of(), needs, null, true, "", true);
    }

    private static ActionOption option(String command, String label, Map<String, Object> args, List<String> needs,
                                       boolean enabled, String reason) {
        return new ActionOption(command, label, args, needs, null, enabled, reason, false);
    }
}
