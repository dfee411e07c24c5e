package io.astragal.rules.symbaroum;

import static io.astragal.rules.symbaroum.SymbaroumReferee.COMBAT;
import static io.astragal.rules.symbaroum.SymbaroumReferee.DEAD;
import static io.astragal.rules.symbaroum.SymbaroumReferee.DYING;
import static io.astragal.rules.symbaroum.SymbaroumReferee.FLANKED;
import static io.astragal.rules.symbaroum.SymbaroumReferee.MOVEMENT;
import static io.astragal.rules.symbaroum.SymbaroumReferee.PRONE;
import static io.astragal.rules.symbaroum.SymbaroumReferee.SHEATHED;

import io.astragal.rules.ActionOption;
import io.astragal.rules.Decision;
import io.astragal.rules.Need;
import io.astragal.rules.Need.Kind;
import io.astragal.rules.Play;
import io.astragal.rules.CombatantView;
import io.astragal.rules.CombatantView.Chip;
import io.astragal.rules.CombatantView.Track;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.OrderView;
import io.astragal.rules.Refusal;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import io.astragal.rules.WireNames;
import io.astragal.rules.symbaroum.SymbaroumCommand.DeathTest;
import io.astragal.rules.symbaroum.SymbaroumCommand.DrawWeapon;
import io.astragal.rules.symbaroum.SymbaroumCommand.EndInitiative;
import io.astragal.rules.symbaroum.SymbaroumCommand.EndTurn;
import io.astragal.rules.symbaroum.SymbaroumCommand.StandUp;
import io.astragal.rules.symbaroum.SymbaroumState.Encounter;
import io.astragal.rules.symbaroum.SymbaroumState.Fighter;
import io.astragal.rules.symbaroum.SymbaroumState.FreeAttack;
import io.astragal.rules.symbaroum.SymbaroumState.PainChoice;
import io.astragal.rules.symbaroum.SymbaroumState.Weapon;
import java.util.ArrayList;
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
                turnActions(state, viewer, f, enc, out);
            }
        }
        for (FreeAttack g : state.freeAttacks()) {
            Fighter a = state.find(g.attackerId()).orElseThrow();
            if (mine(a, viewer) && !a.weapons().isEmpty()) {
                Map<String, Object> args = new LinkedHashMap<>(Map.of("combatantId", a.id(), "free", true,
                        "weapon", a.weapons().getFirst().name(), "advantage", false, "blind", NONE));
                List<Need> needs = new ArrayList<>();
                if (g.targetId() != null) {
                    args.put("target", g.targetId());
                } else {
                    needs.add(Need.of("target", "Target", Kind.COMBATANT));
                }
                if (a.weapons().size() > 1) {
                    needs.add(Need.choice("weapon", "Weapon", a.weapons().stream().map(Weapon::name).toList()));
                }
                needs.add(ADVANTAGE);
                String on = g.targetId() == null ? "" : " on " + state.find(g.targetId()).map(Fighter::name).orElse("?");
                String reason = refusal(() -> {
                    SymbaroumReferee.acting(state, a.id(), Play.probing(viewer));
                    if (a.weapons().size() == 1) {
                        SymbaroumReferee.drawn(a, a.weapons().getFirst());
                    }
                });
                out.add(option("symbaroum.attack", a.name() + ": Free Attack" + on + (g.reason().isEmpty() ? "" : " (" + g.reason() + ")"),
                        args, needs, reason));
            }
        }
        for (PainChoice p : state.painChoices()) {
            if (viewer.isGm() || viewer.userId().equals(p.chooserUserId())) {
                String victim = state.find(p.victimId()).map(Fighter::name).orElse("?");
                String attacker = state.find(p.attackerId()).map(Fighter::name).orElse("?");
                out.add(option("symbaroum.choosePain", "Pain: " + victim + " is knocked down",
                        Map.of("combatantId", p.victimId(), "text", "knockDown"), List.of(), null));
                out.add(option("symbaroum.choosePain", "Pain: " + attacker + " gets a Free Attack on " + victim,
                        Map.of("combatantId", p.victimId(), "text", "freeAttack"), List.of(), null));
            }
        }
        if (viewer.isGm()) {
            gmActions(state, viewer, out);
        }
        return out;
    }

    static final String NONE = "none";
    private static final Need ADVANTAGE = Need.of("advantage", "Advantage (from behind, from above, flanking)", Kind.FLAG);
    private static final SymbaroumReferee REFEREE = new SymbaroumReferee();

    private static void turnActions(SymbaroumState state, Viewer viewer, Fighter f, Encounter enc, List<ActionOption> out) {
        Map<String, Object> who = Map.of("combatantId", f.id());
        Play play = Play.probing(viewer);
        // Reasons come from the referee's own guards, so a button is disabled exactly when the command would be refused.
        String combatReason = refusal(() -> SymbaroumReferee.spend(state, SymbaroumReferee.acting(state, f.id(), play), COMBAT));
        String moveReason = refusal(() -> SymbaroumReferee.spend(state, SymbaroumReferee.acting(state, f.id(), play), MOVEMENT));
        String actReason = refusal(() -> SymbaroumReferee.acting(state, f.id(), play));
        for (Weapon w : f.weapons()) {
            out.add(option("symbaroum.attack", f.name() + ": attack with " + w.name() + " (" + w.damage() + ")",
                    Map.of("combatantId", f.id(), "weapon", w.name(), "free", false, "advantage", false, "blind", NONE),
                    List.of(Need.of("target", "Target", Kind.COMBATANT), ADVANTAGE,
                            Need.choice("blind", "Blind fighting: who is affected", List.of(NONE, "attacker", "target"))),
                    combatReason != null ? combatReason : refusal(() -> SymbaroumReferee.drawn(f, w))));
        }
        if (f.has(SHEATHED)) {
            out.add(probe(state, viewer, new DrawWeapon(f.id()), f.name() + ": draw a weapon (Movement Action)", who));
        }
        List<Need> testTail = new ArrayList<>(List.of(ADVANTAGE,
                Need.choice("blind", "Blind fighting: who is affected", List.of(NONE, "self", "enemy"))));
        if (enc != null) {
            testTail.add(Need.choice("action", "Takes the turn's", List.of(NONE, COMBAT, MOVEMENT)));
        }
        testTail.add(Need.of("text", "What for", Kind.TEXT));
        Map<String, Object> testArgs = Map.of("combatantId", f.id(), "modifier", 0, "advantage", false, "blind", NONE,
                "action", NONE, "text", "");
        List<Need> plain = new ArrayList<>(List.of(Need.choice("attribute", "Attribute", SymbaroumRuleset.ATTRIBUTES),
                Need.of("modifier", "Difficulty (+5 very easy … −5 very hard)", Kind.NUMBER)));
        plain.addAll(testTail);
        out.add(option("symbaroum.test", f.name() + ": success test", testArgs, plain, actReason));
        List<Need> opposed = new ArrayList<>(List.of(Need.choice("attribute", "Attribute", SymbaroumRuleset.ATTRIBUTES),
                Need.of("target", "Opposed by", Kind.COMBATANT),
                Need.choice("targetAttribute", "Their attribute", SymbaroumRuleset.ATTRIBUTES)));
        opposed.addAll(testTail);
        out.add(option("symbaroum.test", f.name() + ": opposed test [attribute←their attribute]", testArgs, opposed, actReason));
        if (f.has(DYING)) {
            out.add(probe(state, viewer, new DeathTest(f.id()), f.name() + ": Death Test", who));
        }
        if (enc == null) {
            out.add(option("symbaroum.learnAbility", f.name() + ": learn or improve an ability", who,
                    List.of(Need.of("text", "Ability", Kind.TEXT)), null));
            return;
        }
        out.add(option("symbaroum.move", f.name() + ": move", Map.of("combatantId", f.id(), "text", ""),
                List.of(Need.of("text", "Where to", Kind.TEXT),
                        Need.of("withdrawFrom", "Withdraw from melee with (each gets a Free Attack)", Kind.COMBATANTS),
                        Need.of("passing", "Run past (each gets a Free Attack)", Kind.COMBATANTS)),
                moveReason));
        if (f.has(PRONE)) {
            out.add(probe(state, viewer, new StandUp(f.id()), f.name() + ": stand up (Quick test)", who));
        }
        boolean medicus = f.abilities().keySet().stream().anyMatch(k -> k.equalsIgnoreCase("medicus"));
        out.add(option("symbaroum.firstAid", f.name() + ": first aid",
                Map.of("combatantId", f.id(), "herbalCure", !medicus, "medicus", medicus),
                List.of(Need.of("target", "Patient", Kind.COMBATANT), Need.of("herbalCure", "Herbal cure", Kind.FLAG),
                        Need.of("medicus", "Medicus", Kind.FLAG)),
                combatReason));
        out.add(option("symbaroum.delay", f.name() + ": wait, act later", who, List.of(Need.of("target", "Act after", Kind.COMBATANT)),
                refusal(() -> SymbaroumReferee.mayWait(enc, SymbaroumReferee.acting(state, f.id(), play)))));
        out.add(probe(state, viewer, new EndTurn(f.id()), f.name() + ": end turn", who));
    }

    private static void gmActions(SymbaroumState state, Viewer viewer, List<ActionOption> out) {
        Encounter enc = state.encounter();
        String nobody = state.combatants().isEmpty() ? "No one is at the table yet." : null;
        Need target = Need.of("target", "Character", Kind.COMBATANT);
        if (enc == null) {
            out.add(gm("symbaroum.placeCharacters", "Place characters at the table", Map.of(),
                    List.of(Need.of("characterIds", "Characters", Kind.CHARACTERS)), null));
            // The characters already at the table come pre-selected; the GM's pick replaces them.
            out.add(gm("symbaroum.startInitiative", "Start the fight", Map.of("characterIds", state.combatants().stream().map(Fighter::id).toList()),
                    List.of(Need.of("characterIds", "Combatants", Kind.CHARACTERS)), null));
        } else {
            out.add(probeGm(state, viewer, new EndInitiative(), "End the fight"));
        }
        String surprise = nobody != null ? nobody : state.combatants().size() < 2 ? "Surprise needs two sides."
                : enc != null && enc.round() > 1 ? "Surprise comes at the start of combat; this fight is past its first round." : null;
        out.add(gm("symbaroum.surprise", "Surprise test [Discreet←Vigilant]", Map.of(),
                List.of(new Need("sides", "Sides", Kind.GROUPS, List.of("Attackers", "Defenders"))), surprise));
        out.add(gm("symbaroum.grantFreeAttack", "Grant a Free Attack", Map.of("text", "", "longWeapon", false),
                List.of(Need.of("combatantId", "Attacker", Kind.COMBATANT), Need.of("target", "Target", Kind.COMBATANT),
                        Need.of("text", "Why", Kind.TEXT), Need.of("longWeapon", "Long weapon (first turn of melee)", Kind.FLAG)),
                nobody));
        out.add(gm("symbaroum.applyDamage", "Damage Toughness", Map.of("text", ""),
                List.of(target, Need.of("amount", "Damage", Kind.NUMBER), Need.of("text", "Cause", Kind.TEXT)), nobody));
        out.add(gm("symbaroum.naturalHealing", "Natural healing", Map.of(),
                List.of(target, Need.of("amount", "Days of rest", Kind.NUMBER)), nobody));
        out.add(gm("symbaroum.addCondition", "Add a condition", Map.of(),
                List.of(target, Need.choice("condition", "Condition", List.of(PRONE, FLANKED, SHEATHED))), nobody));
        List<String> present = state.combatants().stream().flatMap(f -> f.conditions().keySet().stream()).distinct().sorted().toList();
        out.add(gm("symbaroum.removeCondition", "Remove a condition", Map.of(),
                List.of(target, Need.choice("condition", "Condition", present)),
                nobody != null ? nobody : present.isEmpty() ? "No one has a condition." : null));
        out.add(gm("symbaroum.awardExperience", "Award Experience", Map.of(),
                List.of(target, Need.of("amount", "Experience", Kind.NUMBER)), nobody));
    }

    /** The referee's refusal of what {@code check} does, or null when it would pass. */
    private static String refusal(Runnable check) {
        try {
            check.run();
            return null;
        } catch (Refusal refusal) {
            return refusal.getMessage();
        }
    }

    /** An option without picks, enabled exactly when the referee would accept it now (dice fixed at 1; nothing is kept). */
    private static ActionOption probe(SymbaroumState state, Viewer viewer, SymbaroumCommand command, String label,
                                      Map<String, Object> args) {
        return option(WIRE_NAMES.of(command), label, args, List.of(), rejection(state, viewer, command));
    }

    private static ActionOption probeGm(SymbaroumState state, Viewer viewer, SymbaroumCommand command, String label) {
        return gm(WIRE_NAMES.of(command), label, Map.of(), List.of(), rejection(state, viewer, command));
    }

    private static String rejection(SymbaroumState state, Viewer viewer, SymbaroumCommand command) {
        return REFEREE.decide(state, command, Play.probing(viewer)) instanceof Decision.Rejected r ? r.message() : null;
    }

    private static final WireNames WIRE_NAMES = new WireNames(SymbaroumReferee.COMMANDS);

    private static ActionOption gm(String command, String label, Map<String, Object> args, List<Need> needs, String reason) {
        return new ActionOption(command, label, args, needs, null, reason == null, reason == null ? "" : reason, true);
    }

    private static ActionOption option(String command, String label, Map<String, Object> args, List<Need> needs, String reason) {
        return new ActionOption(command, label, args, needs, null, reason == null, reason == null ? "" : reason, false);
    }
}
