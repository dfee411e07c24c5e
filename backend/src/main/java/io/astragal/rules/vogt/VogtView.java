package io.astragal.rules.vogt;

import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.CombatantView.Chip;
import io.astragal.rules.CombatantView.Track;
import io.astragal.rules.DeclaredView;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import io.astragal.rules.vogt.VogtState.Action;
import io.astragal.rules.vogt.VogtState.Declaration;
import io.astragal.rules.vogt.VogtState.Initiative;
import io.astragal.rules.vogt.VogtState.Injury;
import io.astragal.rules.vogt.VogtState.Phase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** What one viewer sees of a vogt table: numbers of NPCs and undeclared actions stay hidden. */
final class VogtView {

    private VogtView() {
    }

    static TableView of(VogtState s, Viewer viewer) {
        Initiative ini = s.initiative();
        List<Combatant> shown = ini == null ? s.combatants() : ini.declarations().stream()
                .map(d -> s.combatant(d.combatantId())).flatMap(Optional::stream).toList();
        List<CombatantView> combatants = shown.stream().map(c -> combatant(c, viewer)).toList();
        return new TableView(InitiativeModel.DECLARED_DICE, combatants, ini == null ? null : initiative(s, ini, viewer),
                actions(s, viewer));
    }

    private static boolean controls(Viewer viewer, Combatant c) {
        return viewer.isGm() || viewer.userId().equals(c.ownerUserId());
    }

    static String band(Combatant c) {
        if (c.dead()) {
            return "dead";
        }
        if (c.hp() <= 0 || c.has(Status.UNCONSCIOUS)) {
            return "down";
        }
        if (c.hp() >= c.hpMax()) {
            return "full";
        }
        return c.hp() * 2 <= c.hpMax() ? "bloodied" : "hurt";
    }

    private static CombatantView combatant(Combatant c, Viewer viewer) {
        boolean hidden = c.npc() && !viewer.isGm();
        String band = band(c);
        List<Track> tracks = new ArrayList<>();
        if (hidden) {
            tracks.add(new Track("hp", "HP", null, null, band, band));
        } else {
            tracks.add(new Track("hp", "HP", c.hp(), c.hpMax(), c.hp() + "/" + c.hpMax(), band));
            if (c.stats().techniqueDice() > 0) {
                int left = c.techniqueLeft();
                tracks.add(new Track("technique", "Technique dice", left, c.stats().techniqueDice(),
                        left + c.stats().techniqueDie(), left == c.stats().techniqueDice() ? "full" : left == 0 ? "down" : "hurt"));
            }
        }
        List<Chip> chips = new ArrayList<>();
        c.effectiveStatuses().forEach(st -> chips.add(new Chip(st.key(), null)));
        if (c.exhaustion() > 0) {
            chips.add(new Chip("exhaustion", hidden ? null : c.exhaustion()));
        }
        for (Injury injury : c.injuries()) {
            if (injury != Injury.DEAD) {
                chips.add(new Chip(injury.name().toLowerCase(Locale.ROOT).replace('_', ' '), null));
            }
        }
        if (c.defending()) {
            chips.add(new Chip("defending", null));
        }
        if (c.running()) {
            chips.add(new Chip("running", null));
        }
        if (c.helpedBy() != null) {
            chips.add(new Chip("helped", null));
        }
        return new CombatantView(c.id(), c.name(), c.ownerUserId(), c.npc(), controls(viewer, c), tracks, chips,
                hidden ? Map.of() : stats(c));
    }

    private static Map<String, Object> stats(Combatant c) {
        Map<String, Object> stats = new LinkedHashMap<>();
        VogtSheet.ABILITIES.forEach(a -> stats.put(a, c.ability(a)));
        stats.put("ar", c.ar());
        stats.put("speed", c.stats().speed());
        stats.put("movement", c.movement());
        stats.put("hands", c.hands());
        stats.put("slots", c.slots());
        stats.put("quickSlots", c.quickSlots());
        stats.put("extraSlots", c.extraSlots());
        stats.put("weapons", c.stats().weapons().stream().map(w -> w.name() + " " + w.damage() + " " + w.type()).toList());
        stats.put("techniques", c.stats().techniques());
        stats.put("resistances", c.resistances());
        stats.put("vulnerabilities", c.vulnerabilities());
        stats.put("statusEffects", c.effectiveStatuses().stream().map(st -> st.key() + ": " + st.effect()).toList());
        return stats;
    }

    /** Declarations are secret until everyone has declared; only the declarer (its owner) sees its own. */
    private static DeclaredView initiative(VogtState s, Initiative ini, Viewer viewer) {
        boolean revealed = ini.phase() == Phase.ACTING;
        List<Declaration> listed = revealed ? ini.order() : ini.declarations();
        List<DeclaredView.Declaration> declarations = new ArrayList<>();
        for (Declaration d : listed) {
            Combatant c = s.combatant(d.combatantId()).orElseThrow();
            boolean own = viewer.userId().equals(c.ownerUserId());
            if (revealed || own) {
                String action = d.action() == null ? (c.canAct() && !revealed ? null : "Unconscious") : d.action().label();
                declarations.add(new DeclaredView.Declaration(c.id(), d.declared() || revealed, action, d.dice(), d.total(), d.done()));
            } else {
                declarations.add(new DeclaredView.Declaration(c.id(), d.declared() || !c.canAct(), null, null, null, false));
            }
        }
        List<String> order = ini.order().stream().map(Declaration::combatantId).toList();
        String current = revealed ? ini.current(s).map(Declaration::combatantId).orElse(null) : null;
        return new DeclaredView(ini.round(), revealed ? "acting" : "declaring", declarations, order, current);
    }

    // ---- actions -------------------------------------------------------------------------------

    private static List<ActionOption> actions(VogtState s, Viewer viewer) {
        List<ActionOption> options = new ArrayList<>();
        if (viewer.role() == Role.SPECTATOR) {
            return options;
        }
        Initiative ini = s.initiative();
        if (viewer.isGm()) {
            gmActions(s, ini, options);
        }
        for (Combatant c : s.combatants()) {
            if (!controls(viewer, c)) {
                continue;
            }
            Optional<Declaration> d = ini == null ? Optional.empty() : ini.declaration(c.id());
            if (d.isPresent() && ini.phase() == Phase.DECLARING) {
                declareActions(c, d.get(), options);
            } else if (d.isPresent()) {
                turnActions(s, ini, c, d.get(), options);
            }
            String deadReason = c.dead() ? c.name() + " is dead" : "";
            options.add(option("vogt.check", c.name() + ": ability check", Map.of("combatantId", c.id()),
                    List.of("attribute", "amount"), deadReason, false));
            options.add(option("vogt.contest", c.name() + ": contest", Map.of("combatantId", c.id()),
                    List.of("attribute", "amount", "target"), "", false));
        }
        return options;
    }

    private static void gmActions(VogtState s, Initiative ini, List<ActionOption> options) {
        options.add(option("vogt.placeCharacter", "Place a character", Map.of(), List.of("characterId"), "", true));
        if (ini == null) {
            options.add(option("vogt.startInitiative", "Start initiative", Map.of(), List.of("characterIds"), "", true));
        } else {
            options.add(option("vogt.endInitiative", "End initiative", Map.of(), List.of(), "", true));
            Optional<Declaration> current = ini.current(s);
            List<String> tie = current.map(d -> ini.unresolvedTie(d, s)).orElse(List.of());
            options.add(option("vogt.orderTied", "Order tied combatants", tie.isEmpty() ? Map.of() : Map.of("combatantIds", tie),
                    List.of("combatantIds"), tie.isEmpty() || ini.phase() != Phase.ACTING ? "No tie to order" : "", true));
        }
        String restReason = ini == null ? "" : "Nobody rests during initiative";
        options.add(option("vogt.siesta", "Siesta (regain half HP)", Map.of(), List.of("targets"), restReason, true));
        options.add(option("vogt.fullRest", "Full rest", Map.of(), List.of("targets"), restReason, true));
        options.add(option("vogt.applyDamage", "Deal damage", Map.of(), List.of("targets", "notation", "damageType"), "", true));
        options.add(option("vogt.heal", "Heal", Map.of(), List.of("target", "amount"), "", true));
        options.add(option("vogt.addStatus", "Add status", Map.of(), List.of("target", "condition"), "", true));
        options.add(option("vogt.removeStatus", "Remove status", Map.of(), List.of("target", "condition"), "", true));
        options.add(option("vogt.changeExhaustion", "Change exhaustion", Map.of(), List.of("target", "amount"), "", true));
        options.add(option("vogt.encumbranceSave", "Encumbrance save", Map.of(), List.of("target", "attribute", "amount"), "", true));
    }

    private static void declareActions(Combatant c, Declaration d, List<ActionOption> options) {
        String reason = !c.canAct() ? c.name() + " cannot act: initiative 10d10"
                : d.declared() ? c.name() + " has already declared" : "";
        actionChoices(c, "vogt.declare", c.name() + ": declare ", reason, options);
    }

    /** One option per action a combatant could declare (or reevaluate to), with its die. */
    private static void actionChoices(Combatant c, String command, String prefix, String reason, List<ActionOption> options) {
        for (Stats.Weapon w : c.stats().weapons()) {
            options.add(option(command, prefix + "Attack with " + w.name() + " (" + w.damage() + ")",
                    Map.of("combatantId", c.id(), "action", "attack", "weapon", w.name()), List.of(), reason, false));
        }
        if (c.stats().weapons().isEmpty()) {
            options.add(option(command, prefix + "Attack", Map.of("combatantId", c.id(), "action", "attack"), List.of(),
                    reason.isEmpty() ? "No weapon on the sheet" : reason, false));
        }
        String techniqueReason = reason.isEmpty() && c.techniqueLeft() == 0 ? "No unexpended technique dice" : reason;
        options.add(option(command, prefix + "Use Technique (" + c.techniqueLeft() + c.stats().techniqueDie() + " left)",
                Map.of("combatantId", c.id(), "action", "technique"), List.of("amount"), techniqueReason, false));
        options.add(option(command, prefix + "Defend (1d4)", Map.of("combatantId", c.id(), "action", "defend"), List.of(), reason, false));
        options.add(option(command, prefix + "Help (1d6)", Map.of("combatantId", c.id(), "action", "help"), List.of(), reason, false));
        options.add(option(command, prefix + "Run (1d6)", Map.of("combatantId", c.id(), "action", "run"), List.of(), reason, false));
    }

    private static void turnActions(VogtState s, Initiative ini, Combatant c, Declaration d, List<ActionOption> options) {
        Optional<Declaration> current = ini.current(s);
        boolean mine = current.isPresent() && current.get().combatantId().equals(c.id());
        String turnReason = !mine ? "Not " + c.name() + "'s turn"
                : !ini.unresolvedTie(d, s).isEmpty() ? "Waiting for the GM to order the tie" : "";
        String actReason = !turnReason.isEmpty() ? turnReason
                : !c.canAct() ? c.name() + " cannot take actions"
                : d.acted() ? c.name() + " has already taken their action" : "";
        Map<String, Object> self = Map.of("combatantId", c.id());
        if (d.action() != null) {
            Action declared = d.action();
            for (Action action : Action.values()) {
                String reason = !actReason.isEmpty() ? actReason
                        : action == declared ? "" : c.name() + " declared " + declared.label() + "; reevaluate to change";
                options.add(switch (action) {
                    case ATTACK -> option("vogt.attack", c.name() + ": Attack" + (d.weapon() == null ? "" : " with " + d.weapon()),
                            self, List.of("targets"), reason, false);
                    case TECHNIQUE -> option("vogt.useTechnique", c.name() + ": Use Technique (" + d.techniqueDice() + " dice)",
                            self, List.of("text", "targets", "notation", "damageType"), reason, false);
                    case DEFEND -> option("vogt.defend", c.name() + ": Defend", self, List.of(), reason, false);
                    case HELP -> option("vogt.help", c.name() + ": Help", self, List.of("target"), reason, false);
                    case RUN -> option("vogt.run", c.name() + ": Run", self, List.of(), reason, false);
                });
            }
        }
        actionChoices(c, "vogt.reevaluate", c.name() + ": reevaluate to ", actReason, options);
        int left = c.movement() - d.moved();
        String moveReason = !turnReason.isEmpty() ? turnReason : left <= 0 ? "No movement left" : "";
        options.add(option("vogt.move", c.name() + ": move (" + Math.max(0, left) + " left)", self, List.of("amount"), moveReason, false));
        options.add(option("vogt.endTurn", c.name() + ": end turn", self, List.of(), turnReason, false));
    }

    private static ActionOption option(String command, String label, Map<String, Object> args, List<String> needs,
                                       String reason, boolean gmOnly) {
        return new ActionOption(command, label, args, needs, null, reason.isEmpty(), reason, gmOnly);
    }
}
