package io.astragal.rules.vogt;

import io.astragal.rules.ActionOption;
import io.astragal.rules.Decision;
import io.astragal.rules.Need;
import io.astragal.rules.Need.Kind;
import io.astragal.rules.Play;
import io.astragal.rules.CombatantView;
import io.astragal.rules.CombatantView.Chip;
import io.astragal.rules.CombatantView.Track;
import io.astragal.rules.DeclaredView;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import io.astragal.rules.WireNames;
import io.astragal.rules.vogt.VogtState.Declaration;
import io.astragal.rules.vogt.VogtState.Initiative;
import io.astragal.rules.vogt.VogtState.Injury;
import io.astragal.rules.vogt.VogtState.Phase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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

    /** Decides probes: the view offers an option enabled exactly when the referee would accept it. */
    private static final VogtReferee REFEREE = new VogtReferee();
    private static final List<String> EDGES = List.of("normal", "advantage", "disadvantage");
    /** Damage types the rule text names; a table adds those on its sheets. */
    private static final List<String> NAMED_DAMAGE_TYPES = List.of("blunt", "slash", "stab", "fire", "lightning");

    private static List<ActionOption> actions(VogtState s, Viewer viewer) {
        List<ActionOption> options = new ArrayList<>();
        if (viewer.role() == Role.SPECTATOR) {
            return options;
        }
        Initiative ini = s.initiative();
        for (Combatant c : s.combatants()) {
            if (!controls(viewer, c)) {
                continue;
            }
            Optional<Declaration> d = ini == null ? Optional.empty() : ini.declaration(c.id());
            if (d.isPresent() && ini.phase() == Phase.DECLARING) {
                declareActions(s, viewer, c, options);
            } else if (d.isPresent()) {
                turnActions(s, viewer, c, d.get(), options);
            }
            Map<String, Object> self = Map.of("combatantId", c.id(), "amount", 0, "edge", "normal");
            options.add(probe(s, viewer, new VogtCommand.Check(c.id(), "STR", 0, "normal"), c.name() + ": ability check",
                    self, List.of(ability("attribute", "Ability"), Need.of("amount", "Bonus", Kind.NUMBER),
                            Need.choice("edge", "Advantage", EDGES)), false));
            String other = other(s, c);
            options.add(probe(s, viewer, new VogtCommand.Contest(c.id(), "STR", 0, other, null, 0), c.name() + ": contest",
                    Map.of("combatantId", c.id(), "amount", 0, "targetBonus", 0),
                    List.of(ability("attribute", "Ability"), Need.of("amount", "Bonus", Kind.NUMBER),
                            Need.of("target", "Against", Kind.COMBATANT), ability("targetAttribute", "Their ability"),
                            Need.of("targetBonus", "Their bonus", Kind.NUMBER)), false));
        }
        if (viewer.isGm()) {
            gmActions(s, viewer, ini, options);
        }
        return options;
    }

    private static void gmActions(VogtState s, Viewer viewer, Initiative ini, List<ActionOption> options) {
        List<String> placed = s.combatants().stream().filter(c -> !c.dead()).map(Combatant::id).toList();
        options.add(option("vogt.placeCharacter", "Place a character", Map.of(),
                List.of(Need.of("characterId", "Character", Kind.CHARACTER)), "", true));
        // Who fights is the GM's pick from the roster; those already at the table come pre-selected.
        options.add(option("vogt.startInitiative", "Start initiative", placed.isEmpty() ? Map.of() : Map.of("characterIds", placed),
                List.of(Need.of("characterIds", "Characters", Kind.CHARACTERS)),
                ini == null ? "" : "Initiative is already running.", true));
        options.add(probe(s, viewer, new VogtCommand.EndInitiative(), "End initiative", Map.of(), List.of(), true));
        Optional<Declaration> current = ini == null ? Optional.empty() : ini.current(s);
        List<String> tie = current.map(d -> ini.unresolvedTie(d, s)).orElse(List.of());
        if (tie.isEmpty()) {
            options.add(option("vogt.orderTied", "Order tied combatants", Map.of(), List.of(), "No tie to order.", true));
        }
        for (String first : tie) {
            // "Any further ties are determined by the GM": one button per combatant who could go first.
            List<String> order = new ArrayList<>(List.of(first));
            tie.stream().filter(id -> !id.equals(first)).forEach(order::add);
            String names = String.join(", then ", order.stream().map(id -> nameOf(s, id)).toList());
            options.add(probe(s, viewer, new VogtCommand.OrderTied(order), "Tie: " + names, Map.of("combatantIds", order),
                    List.of(), true));
        }
        String nobody = s.combatants().isEmpty() ? "No one is at the table." : null;
        Need targets = Need.of("targets", "Targets", Kind.COMBATANTS);
        Need target = Need.of("target", "Target", Kind.COMBATANT);
        options.add(gmProbe(s, viewer, nobody, new VogtCommand.Siesta(placed), "Siesta (regain half HP)",
                Map.of("targets", placed), List.of(targets)));
        options.add(gmProbe(s, viewer, nobody, new VogtCommand.FullRest(placed), "Full rest",
                Map.of("targets", placed), List.of(targets)));
        String anyone = s.combatants().isEmpty() ? "" : s.combatants().getFirst().id();
        options.add(gmProbe(s, viewer, nobody, new VogtCommand.ApplyDamage(List.of(anyone), "1", "", false), "Deal damage",
                Map.of("ignoreArmor", false), List.of(targets, Need.of("notation", "Damage", Kind.NOTATION),
                        damageTypes(s), Need.of("ignoreArmor", "Ignore AR", Kind.FLAG))));
        String living = s.combatants().stream().filter(c -> !c.dead()).map(Combatant::id).findFirst().orElse(anyone);
        options.add(gmProbe(s, viewer, nobody, new VogtCommand.Heal(living, 1), "Heal", Map.of(),
                List.of(target, Need.of("amount", "Hit points", Kind.NUMBER))));
        List<String> statusNames = Arrays.stream(Status.values()).map(Status::key).toList();
        options.add(gmProbe(s, viewer, nobody, addable(s), "Add status", Map.of(),
                List.of(target, Need.choice("condition", "Status", statusNames))));
        List<String> removable = s.combatants().stream().flatMap(c -> c.statuses().stream()).distinct().map(Status::key).sorted().toList();
        options.add(gmProbe(s, viewer, removable.isEmpty() ? "Nobody has a status to remove." : nobody, removable(s),
                "Remove status", Map.of(), List.of(target, Need.choice("condition", "Status", removable))));
        options.add(gmProbe(s, viewer, nobody, new VogtCommand.ChangeExhaustion(living, 1), "Change exhaustion",
                Map.of("amount", 1), List.of(target, Need.of("amount", "Levels (negative recovers)", Kind.NUMBER))));
        String encumbered = s.combatants().stream().filter(c -> !c.dead() && c.extraSlots() > 0).map(Combatant::id)
                .findFirst().orElse(null);
        options.add(gmProbe(s, viewer, nobody != null ? nobody
                        : encumbered == null ? "Nobody carries more items than they have slots." : null,
                new VogtCommand.EncumbranceSave(encumbered, "STR", 1), "Encumbrance save", Map.of(),
                List.of(target, ability("attribute", "Ability"), Need.of("amount", "Number to reach", Kind.NUMBER))));
        options.add(option("vogt.configure", "Settings", Map.of(
                        "strengthModifier", s.settings().strengthModifier().name().toLowerCase(Locale.ROOT),
                        "armorReducesDamage", s.settings().armorReducesDamage()),
                List.of(Need.choice("strengthModifier", "STR modifier on weapon damage", List.of("median", "roll")),
                        Need.of("armorReducesDamage", "AR reduces damage", Kind.FLAG)), "", true));
    }

    /** A status the first combatant lacks, so the probe tests everything but the pick. */
    private static VogtCommand addable(VogtState s) {
        for (Combatant c : s.combatants()) {
            for (Status st : Status.values()) {
                if (!c.has(st)) {
                    return new VogtCommand.AddStatus(c.id(), st.key());
                }
            }
        }
        return new VogtCommand.AddStatus("", "");
    }

    private static VogtCommand removable(VogtState s) {
        return s.combatants().stream().filter(c -> !c.statuses().isEmpty()).findFirst()
                .map(c -> new VogtCommand.RemoveStatus(c.id(), c.statuses().getFirst().key()))
                .orElse(new VogtCommand.RemoveStatus("", ""));
    }

    private static void declareActions(VogtState s, Viewer viewer, Combatant c, List<ActionOption> options) {
        actionChoices(s, viewer, c, "declare ", (action, weapon, amount) ->
                new VogtCommand.Declare(c.id(), action, weapon, amount), options);
    }

    private interface Choosing {
        VogtCommand command(String action, String weapon, Integer amount);
    }

    /** One option per action a combatant could declare (or reevaluate to), with its die. */
    private static void actionChoices(VogtState s, Viewer viewer, Combatant c, String verb, Choosing choosing,
                                      List<ActionOption> options) {
        String prefix = c.name() + ": " + verb;
        for (Stats.Weapon w : c.stats().weapons()) {
            options.add(probe(s, viewer, choosing.command("attack", w.name(), null),
                    prefix + "Attack with " + w.name() + " (" + w.damage() + ")",
                    Map.of("combatantId", c.id(), "action", "attack", "weapon", w.name()), List.of(), false));
        }
        if (c.stats().weapons().isEmpty()) {
            options.add(probe(s, viewer, choosing.command("attack", null, null), prefix + "Attack",
                    Map.of("combatantId", c.id(), "action", "attack"), List.of(), false));
        }
        options.add(probe(s, viewer, choosing.command("technique", null, 1),
                prefix + "Use Technique (" + c.techniqueLeft() + c.stats().techniqueDie() + " left)",
                Map.of("combatantId", c.id(), "action", "technique", "amount", 1),
                List.of(Need.of("amount", "Technique dice", Kind.NUMBER)), false));
        options.add(probe(s, viewer, choosing.command("defend", null, null), prefix + "Defend (1d4)",
                Map.of("combatantId", c.id(), "action", "defend"), List.of(), false));
        options.add(probe(s, viewer, choosing.command("help", null, null), prefix + "Help (1d6)",
                Map.of("combatantId", c.id(), "action", "help"), List.of(), false));
        options.add(probe(s, viewer, choosing.command("run", null, null), prefix + "Run (1d6)",
                Map.of("combatantId", c.id(), "action", "run"), List.of(), false));
    }

    private static void turnActions(VogtState s, Viewer viewer, Combatant c, Declaration d, List<ActionOption> options) {
        String id = c.id();
        Map<String, Object> self = Map.of("combatantId", id);
        String other = other(s, c);
        // Only the declared action: any other is taken by reevaluating (offered below), so listing
        // the others as well would only show buttons that can never be pressed.
        if (d.action() != null) {
            Need targets = Need.of("targets", "Targets", Kind.COMBATANTS);
            List<String> techniques = c.stats().techniques();
            String technique = techniques.isEmpty() ? "" : techniques.getFirst();
            Need which = Need.choice("text", "Technique", techniques);
            switch (d.action()) {
                case ATTACK -> options.add(probe(s, viewer, new VogtCommand.Attack(id, List.of(other)),
                        c.name() + ": Attack" + (d.weapon() == null ? "" : " with " + d.weapon()), self, List.of(targets), false));
                case TECHNIQUE -> {
                    String dice = " (" + d.techniqueDice() + (d.techniqueDice() == 1 ? " die)" : " dice)");
                    options.add(probe(s, viewer, new VogtCommand.UseTechnique(id, technique, List.of(), "", ""),
                            c.name() + ": Use Technique" + dice, self, List.of(which), false));
                    options.add(probe(s, viewer, new VogtCommand.UseTechnique(id, technique, List.of(other), "1", ""),
                            c.name() + ": Use Technique with damage" + dice, self,
                            List.of(which, targets, Need.of("notation", "Damage", Kind.NOTATION), damageTypes(s)), false));
                }
                case DEFEND -> options.add(probe(s, viewer, new VogtCommand.Defend(id), c.name() + ": Defend", self,
                        List.of(), false));
                case HELP -> options.add(probe(s, viewer, new VogtCommand.Help(id, other), c.name() + ": Help", self,
                        List.of(Need.of("target", "Whom", Kind.COMBATANT)), false));
                case RUN -> options.add(probe(s, viewer, new VogtCommand.Run(id), c.name() + ": Run", self, List.of(), false));
            }
        }
        actionChoices(s, viewer, c, "reevaluate to ", (action, weapon, amount) ->
                new VogtCommand.Reevaluate(id, action, weapon, amount), options);
        int left = Math.max(0, c.movement() - d.moved());
        options.add(probe(s, viewer, new VogtCommand.Move(id, 1), c.name() + ": move (" + left + " left)",
                Map.of("combatantId", id, "amount", left), List.of(Need.of("amount", "Squares", Kind.NUMBER)), false));
        options.add(probe(s, viewer, new VogtCommand.EndTurn(id), c.name() + ": end turn", self, List.of(), false));
    }

    /** Another combatant to probe with, or the combatant itself when it is alone (then the referee says why not). */
    private static String other(VogtState s, Combatant c) {
        return s.combatants().stream().map(Combatant::id).filter(id -> !id.equals(c.id())).findFirst().orElse(c.id());
    }

    private static String nameOf(VogtState s, String id) {
        return s.combatant(id).map(Combatant::name).orElse(id);
    }

    /** The four abilities, named (an ability is a die, not a number, and not every stats key is one), so the dice roller offers checks and contests. */
    private static Need ability(String name, String label) {
        return new Need(name, label, Kind.ATTRIBUTE, VogtSheet.ABILITIES);
    }

    /** The types the rule text names plus any on the table's sheets; "none" for untyped damage. */
    private static Need damageTypes(VogtState s) {
        Set<String> types = new LinkedHashSet<>();
        types.add(VogtReferee.UNTYPED);
        types.addAll(NAMED_DAMAGE_TYPES);
        for (Combatant c : s.combatants()) {
            c.stats().weapons().forEach(w -> types.add(w.type()));
            types.addAll(c.resistances());
            types.addAll(c.vulnerabilities());
        }
        types.remove("");
        return Need.choice("damageType", "Damage type", List.copyOf(types));
    }

    /**
     * An option whose availability is exactly what the referee decides now for a representative
     * pick: the command is decided against the current state (dice fixed at 1, never used for a
     * refusal) and a refusal becomes the reason.
     */
    private static ActionOption probe(VogtState s, Viewer viewer, VogtCommand command, String label,
                                      Map<String, Object> args, List<Need> needs, boolean gmOnly) {
        Play play = Play.probing(viewer);
        String reason = REFEREE.decide(s, command, play) instanceof Decision.Rejected rejected ? rejected.message() : "";
        return option(WIRE_NAMES.of(command), label, args, needs, reason, gmOnly);
    }

    /** A GM option that needs a combatant: disabled with {@code blocked} when there is none to pick. */
    private static ActionOption gmProbe(VogtState s, Viewer viewer, String blocked, VogtCommand command, String label,
                                        Map<String, Object> args, List<Need> needs) {
        return blocked != null ? option(WIRE_NAMES.of(command), label, args, needs, blocked, true)
                : probe(s, viewer, command, label, args, needs, true);
    }

    private static final WireNames WIRE_NAMES = new WireNames(VogtCommand.TYPES);

    private static ActionOption option(String command, String label, Map<String, Object> args, List<Need> needs,
                                       String reason, boolean gmOnly) {
        return new ActionOption(command, label, args, needs, null, reason.isEmpty(), reason, gmOnly);
    }
}
