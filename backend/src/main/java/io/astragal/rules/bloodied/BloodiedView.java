package io.astragal.rules.bloodied;

import io.astragal.rules.ActionOption;
import io.astragal.rules.Decision;
import io.astragal.rules.Need;
import io.astragal.rules.Play;
import io.astragal.rules.CombatantView;
import io.astragal.rules.CombatantView.Chip;
import io.astragal.rules.CombatantView.Track;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.OrderView;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import io.astragal.rules.WireNames;
import io.astragal.rules.bloodied.BloodiedState.Entry;
import io.astragal.rules.bloodied.BloodiedState.Initiative;
import io.astragal.rules.bloodied.BloodiedState.Injury;
import io.astragal.rules.bloodied.BloodiedState.InjuryRow;
import io.astragal.rules.bloodied.BloodiedState.InjuryTable;
import io.astragal.rules.bloodied.Stats.Weapon;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** What one viewer sees of a bloodied-d20 table: NPC numbers (HP, scores, initiative) stay with the GM. */
final class BloodiedView {

    private BloodiedView() {
    }

    static TableView of(BloodiedState s, Viewer viewer) {
        Initiative ini = s.initiative();
        List<Fighter> shown = ini == null ? s.fighters() : ini.entries().stream()
                .map(e -> s.fighter(e.combatantId())).flatMap(Optional::stream).toList();
        return new TableView(InitiativeModel.ORDERED, shown.stream().map(f -> combatant(f, viewer)).toList(),
                ini == null ? null : order(s, ini, viewer), actions(s, viewer));
    }

    private static boolean controls(Viewer viewer, Fighter f) {
        return viewer.isGm() || viewer.userId().equals(f.ownerUserId());
    }

    private static boolean hidden(Viewer viewer, Fighter f) {
        return f.npc() && !viewer.isGm();
    }

    static String band(Fighter f) {
        if (f.dead()) {
            return "dead";
        }
        if (f.hp() <= 0) {
            return "down";
        }
        if (f.hp() >= f.stats().hpMax()) {
            return "full";
        }
        return f.bloodied() ? "bloodied" : "hurt";
    }

    private static CombatantView combatant(Fighter f, Viewer viewer) {
        boolean hidden = hidden(viewer, f);
        String band = band(f);
        List<Track> tracks = new ArrayList<>();
        if (hidden) {
            tracks.add(new Track("hp", "HP", null, null, band, band));
        } else {
            tracks.add(new Track("hp", "HP", f.hp(), f.stats().hpMax(), f.hp() + "/" + f.stats().hpMax(), band));
            if (f.stats().castingPool() > 0) {
                int left = f.poolLeft();
                tracks.add(new Track("pool", "Casting pool", left, f.stats().castingPool(), left + "d6",
                        left == f.stats().castingPool() ? "full" : left == 0 ? "down" : "hurt"));
            }
        }
        List<Chip> chips = new ArrayList<>();
        if (f.dead()) {
            chips.add(new Chip("dead", null));
        } else {
            if (f.bloodied()) {
                chips.add(new Chip("bloodied", null));
            }
            if (f.unconscious()) {
                chips.add(new Chip("unconscious", null));
            }
            if (f.bleeding()) {
                chips.add(new Chip("bleeding out", null));
            }
            if (f.fatePending()) {
                chips.add(new Chip("negative bloodied", null));
            }
        }
        for (Injury injury : f.injuries()) {
            chips.add(new Chip(injury.severity().name().toLowerCase(Locale.ROOT) + " injury", null));
        }
        f.conditions().forEach(c -> chips.add(new Chip(c, null)));
        return new CombatantView(f.id(), f.name(), f.ownerUserId(), f.npc(), controls(viewer, f), tracks, chips,
                hidden ? Map.of() : stats(f));
    }

    private static Map<String, Object> stats(Fighter f) {
        Stats st = f.stats();
        Map<String, Object> stats = new LinkedHashMap<>();
        BloodiedSheet.ABILITIES.forEach(a -> stats.put(a, st.scores().get(a)));
        BloodiedSheet.ABILITIES.forEach(a -> stats.put(a.toLowerCase(Locale.ROOT) + "Modifier", st.modifierOf(a)));
        stats.put("level", st.level());
        stats.put("defenseBonus", st.modifierOf("AGL") + st.shield());
        stats.put("armor", st.armor());
        stats.put("bloodiedAt", st.bloodied());
        stats.put("deathAt", -st.bloodied());
        stats.put("weapons", st.weapons().stream().map(w -> w.name() + " " + w.damage() + " (" + w.kind() + ", " + w.ability() + ")").toList());
        stats.put("injuries", f.injuries().stream().map(i -> i.id() + ": " + i.severity().name().toLowerCase(Locale.ROOT)
                + ", save every " + i.interval() + " (" + i.successes() + " passed, " + i.failures() + " failed)").toList());
        return stats;
    }

    private static OrderView order(BloodiedState s, Initiative ini, Viewer viewer) {
        List<OrderView.Entry> entries = new ArrayList<>();
        for (int i = 0; i < ini.entries().size(); i++) {
            Entry e = ini.entries().get(i);
            Fighter f = s.fighter(e.combatantId()).orElseThrow();
            boolean current = ini.active() && i == ini.currentIndex();
            boolean done = i < ini.currentIndex() || (i == ini.currentIndex() && !ini.active());
            entries.add(new OrderView.Entry(e.combatantId(), hidden(viewer, f) ? null : e.score(),
                    current ? ini.used() : List.of(), done));
        }
        return new OrderView(ini.round(), entries, ini.current().orElse(null));
    }

    // ---- actions -------------------------------------------------------------------------------

    private static final BloodiedReferee REFEREE = new BloodiedReferee();

    private static final List<String> SEVERITIES = List.of("Minor", "Major", "Deadly");

    private static List<ActionOption> actions(BloodiedState s, Viewer viewer) {
        List<ActionOption> options = new ArrayList<>();
        if (viewer.role() == Role.SPECTATOR) {
            return options;
        }
        for (Fighter f : s.fighters()) {
            if (controls(viewer, f)) {
                fighterActions(s, viewer, f, options);
            }
        }
        if (viewer.isGm()) {
            gmActions(s, viewer, options);
        }
        return options;
    }

    private static void gmActions(BloodiedState s, Viewer viewer, List<ActionOption> options) {
        Initiative ini = s.initiative();
        String nobody = s.fighters().isEmpty() ? "No one is at the table yet" : "";
        options.add(option("bloodied-d20.placeCharacter", "Put a character at the table", Map.of(),
                List.of(Need.of("characterId")), "", true));
        if (ini == null) {
            // the characters at the table come pre-selected; the GM may add any from the roster (they are placed too)
            List<String> ready = s.fighters().stream().filter(f -> !f.dead()).map(Fighter::id).toList();
            options.add(option("bloodied-d20.startInitiative", "Roll initiative (1d20 + INT modifier + level)",
                    Map.of("characterIds", ready), List.of(Need.of("characterIds", "Who fights", Need.Kind.CHARACTERS)), "", true));
        } else {
            options.add(probed(s, viewer, new BloodiedCommand.EndInitiative(), "End initiative", Map.of(), List.of(), true));
        }
        options.add(option("bloodied-d20.applyDamage", "Deal damage (no armor)", Map.of(),
                List.of(Need.of("targets"), Need.of("notation", "Damage (dice or a number)", Need.Kind.NOTATION)), nobody, true));
        options.add(option("bloodied-d20.heal", "Heal", Map.of(), List.of(Need.of("target"), Need.of("amount", "Hit points", Need.Kind.NUMBER)),
                nobody, true));
        String restReason = !nobody.isEmpty() ? nobody : ini == null ? "" : "Days of rest do not pass during initiative";
        options.add(option("bloodied-d20.recover", "A day of rest (1d4; bed rest 1d6; a healer doubles it)",
                Map.of("text", "normal", "healer", false),
                List.of(Need.of("targets", "Who rests", Need.Kind.COMBATANTS), Need.choice("text", "Rest", List.of("normal", "bed")),
                        Need.of("healer", "Under a healer's care", Need.Kind.FLAG)), restReason, true));
        options.add(option("bloodied-d20.fullRest", "Full rest (casting pools refill)", Map.of(),
                List.of(Need.of("targets", "Who rests", Need.Kind.COMBATANTS)), restReason, true));
        options.add(option("bloodied-d20.inflictInjury", "Serious injury (rolled on the table)", Map.of(),
                List.of(Need.of("target"), Need.of("text", "Cause", Need.Kind.TEXT)), nobody, true));
        injuryTableActions(s, options);
        options.add(option("bloodied-d20.addCondition", "Add a condition", Map.of(),
                List.of(Need.of("target"), Need.of("condition", "Condition", Need.Kind.TEXT)), nobody, true));
        List<String> present = s.fighters().stream().flatMap(f -> f.conditions().stream()).distinct().sorted().toList();
        options.add(option("bloodied-d20.removeCondition", "Remove a condition", Map.of(),
                List.of(Need.of("target"), Need.choice("condition", "Condition", present)),
                present.isEmpty() ? "No one has a condition the GM added" : "", true));
    }

    /**
     * The serious-injury table, editable row by row (the source's table is truncated): the labels
     * show the table as it stands, so the GM reads it where they change it.
     */
    private static void injuryTableActions(BloodiedState s, List<ActionOption> options) {
        InjuryTable table = s.injuryTable();
        options.add(option("bloodied-d20.setInjuryRow", "Serious-injury table " + table.summary() + ": set a row",
                Map.of(), List.of(Need.of("from", "From roll", Need.Kind.NUMBER), Need.of("to", "To roll", Need.Kind.NUMBER),
                        Need.choice("severity", "Severity", SEVERITIES), Need.of("interval", "Save every", Need.Kind.TEXT)),
                "", true));
        options.add(option("bloodied-d20.removeInjuryRow", "Serious-injury table: remove a row", Map.of(),
                List.of(Need.choice("row", "Row", table.rows().stream().map(InjuryRow::label).toList())),
                table.rows().size() > 1 ? "" : "The table keeps at least one row: set it instead", true));
        options.add(option("bloodied-d20.setInjuryDie", "Serious-injury table: roll another die", Map.of("die", table.die()),
                List.of(Need.of("die", "Sides of the die", Need.Kind.NUMBER)), "", true));
        InjuryTable source = BloodiedState.DEFAULT_INJURY_TABLE;
        options.add(option("bloodied-d20.setInjuryTable", "Serious-injury table: back to the source's one row ("
                        + source.rows().getFirst().label() + ", d" + source.die() + ")",
                Map.of("die", source.die(), "rows", source.rows()), List.of(),
                table.equals(source) ? "The table is the source's already" : "", true));
    }

    private static void fighterActions(BloodiedState s, Viewer viewer, Fighter f, List<ActionOption> options) {
        Initiative ini = s.initiative();
        Map<String, Object> self = Map.of("combatantId", f.id());
        boolean inInitiative = ini != null && ini.entries().stream().anyMatch(e -> e.combatantId().equals(f.id()));
        if (inInitiative) {
            boolean moved = ini.current().map(f.id()::equals).orElse(false) && ini.used().contains("move");
            options.add(probed(s, viewer, new BloodiedCommand.Move(f.id()),
                    f.name() + (moved ? ": move again (uses the action)" : ": move"), self, List.of(), false));
            attackActions(s, viewer, f, options);
            Optional<Fighter> bleeding = s.fighters().stream().filter(Fighter::bleeding).findFirst();
            String stop = probe(s, viewer, new BloodiedCommand.Stabilize(f.id(), bleeding.map(Fighter::id).orElse(f.id())));
            if (bleeding.isEmpty() && (stop.isEmpty() || stop.endsWith("is not bleeding."))) {
                stop = "No one is bleeding out";
            }
            options.add(option("bloodied-d20.stabilize", f.name() + ": stop someone's bleeding (action)", self,
                    List.of(Need.of("target", "Who", Need.Kind.COMBATANT)), stop, false));
        }
        if (f.stats().castingPool() > 0) {
            options.add(option("bloodied-d20.cast", f.name() + ": cast a spell (" + f.poolLeft() + "d6 in the pool)",
                    Map.of("combatantId", f.id(), "conditions", 0, "lowerTiers", true),
                    List.of(Need.of("text", "Spell", Need.Kind.TEXT), Need.of("tier", "Tier (0-4)", Need.Kind.NUMBER),
                            Need.of("amount", "Pool dice to roll", Need.Kind.NUMBER),
                            Need.of("conditions", "Conditions (at most one per Tier)", Need.Kind.NUMBER),
                            Need.of("lowerTiers", "Fall back to a lower Tier", Need.Kind.FLAG)),
                    probe(s, viewer, new BloodiedCommand.Cast(f.id(), "", 0, 1, 0, true)), false));
        }
        if (inInitiative) {
            options.add(probed(s, viewer, new BloodiedCommand.EndTurn(f.id()), f.name() + ": end turn", self, List.of(), false));
        }
        // the abilities are named (not every stats key is one), so the dice roller offers these checks
        List<String> checkAbilities = new ArrayList<>(BloodiedSheet.ABILITIES);
        checkAbilities.add(BloodiedReferee.NO_ABILITY);
        options.add(option("bloodied-d20.check", f.name() + ": check (1d20 + modifier, at or over the target)",
                Map.of("combatantId", f.id(), "amount", 0),
                List.of(new Need("attribute", "Ability", Need.Kind.ATTRIBUTE, checkAbilities), Need.of("amount", "Other modifiers", Need.Kind.NUMBER),
                        Need.of("targetNumber")), "", false));
        List<String> saveAbilities = new ArrayList<>();
        saveAbilities.add("BLD/LCK");
        saveAbilities.addAll(BloodiedSheet.ABILITIES);
        options.add(option("bloodied-d20.save", f.name() + ": save (1d20 at or under the score)", Map.of("combatantId", f.id(), "amount", 0),
                List.of(new Need("attribute", "Ability", Need.Kind.ATTRIBUTE, saveAbilities),
                        Need.of("amount", "Modifier to the score", Need.Kind.NUMBER)),
                "", false));
        for (Injury injury : f.injuries()) {
            options.add(probed(s, viewer, new BloodiedCommand.InjurySave(f.id(), injury.id()), f.name() + ": save against the "
                    + injury.severity().name().toLowerCase(Locale.ROOT) + " injury (" + injury.cause() + ")",
                    Map.of("combatantId", f.id(), "injuryId", injury.id()), List.of(), false));
        }
        if (f.fatePending()) {
            options.add(option("bloodied-d20.chooseFate", f.name() + ": take a serious injury instead of dying",
                    Map.of("combatantId", f.id(), "choice", "injury"), List.of(), "", false));
            options.add(option("bloodied-d20.chooseFate", f.name() + ": die",
                    Map.of("combatantId", f.id(), "choice", "death"), List.of(), "", false));
        }
    }

    /** One attack per weapon, and one per pair of melee weapons ("-5 penalty on each attack"). */
    private static void attackActions(BloodiedState s, Viewer viewer, Fighter f, List<ActionOption> options) {
        // a foe the attack could be aimed at, so the option is enabled exactly when some pick would be accepted
        Optional<Fighter> foe = s.fighters().stream().filter(o -> !o.id().equals(f.id()) && !o.dead()).findFirst();
        List<Weapon> weapons = f.stats().weapons();
        for (Weapon w : weapons) {
            List<Need> needs = new ArrayList<>(List.of(Need.of("target"), Need.of("amount", "Other attack modifiers", Need.Kind.NUMBER),
                    Need.of("armorModifier", "Armor modifier (damage type)", Need.Kind.NUMBER)));
            Map<String, Object> args = new LinkedHashMap<>(Map.of("combatantId", f.id(), "weapon", w.name(), "amount", 0, "armorModifier", 0));
            String label = f.name() + ": attack with " + w.name() + " (" + w.damage() + ")";
            if (w.kind().equals("ranged")) {
                needs.add(Need.of("range", "Range in feet (effective " + w.effectiveRange() + ", max " + w.maxRange() + ")",
                        Need.Kind.NUMBER));
                needs.add(Need.of("melee", "Shooting into a melee: everyone in it, the target too", Need.Kind.COMBATANTS));
                args.put("range", w.effectiveRange());
            }
            options.add(option("bloodied-d20.attack", label, args, needs, attackReason(s, viewer, f, foe, w.name(), null), false));
        }
        for (int i = 0; i < weapons.size(); i++) {
            for (int j = i + 1; j < weapons.size(); j++) {
                Weapon first = weapons.get(i);
                Weapon second = weapons.get(j);
                if (first.kind().equals("ranged") || second.kind().equals("ranged")) {
                    continue;
                }
                options.add(option("bloodied-d20.attack", f.name() + ": attack with " + first.name() + " and " + second.name()
                                + " (-5 each)",
                        Map.of("combatantId", f.id(), "weapon", first.name(), "secondWeapon", second.name(), "amount", 0,
                                "armorModifier", 0),
                        List.of(Need.of("target"), Need.of("amount", "Other attack modifiers", Need.Kind.NUMBER),
                                Need.of("armorModifier", "Armor modifier (damage type)", Need.Kind.NUMBER)),
                        attackReason(s, viewer, f, foe, first.name(), second.name()), false));
            }
        }
    }

    private static String attackReason(BloodiedState s, Viewer viewer, Fighter f, Optional<Fighter> foe, String weapon, String second) {
        String reason = probe(s, viewer, new BloodiedCommand.Attack(f.id(), foe.map(Fighter::id).orElse(f.id()), weapon, 0, null,
                null, second, 0));
        return foe.isEmpty() && (reason.isEmpty() || reason.endsWith("cannot attack themselves.")) ? "No one to attack" : reason;
    }

    /**
     * Why the referee would refuse {@code command} now ("" when it would accept): it is decided
     * against the current state with every die showing 1, and never applied.
     */
    private static String probe(BloodiedState s, Viewer viewer, BloodiedCommand command) {
        Play play = Play.probing(viewer);
        return REFEREE.decide(s, command, play) instanceof Decision.Rejected rejected ? rejected.message() : "";
    }

    private static final WireNames WIRE_NAMES = new WireNames(BloodiedCommand.TYPES);

    private static ActionOption probed(BloodiedState s, Viewer viewer, BloodiedCommand command, String label,
                                       Map<String, Object> args, List<Need> needs, boolean gmOnly) {
        return option(WIRE_NAMES.of(command), label, args, needs, probe(s, viewer, command), gmOnly);
    }

    private static ActionOption option(String command, String label, Map<String, Object> args, List<Need> needs,
                                       String reason, boolean gmOnly) {
        return new ActionOption(command, label, args, needs, null, reason.isEmpty(), reason, gmOnly);
    }
}
