package io.astragal.rules.bloodied;

import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.CombatantView.Chip;
import io.astragal.rules.CombatantView.Track;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.OrderView;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import io.astragal.rules.bloodied.BloodiedState.Entry;
import io.astragal.rules.bloodied.BloodiedState.Initiative;
import io.astragal.rules.bloodied.BloodiedState.Injury;
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

    private static List<ActionOption> actions(BloodiedState s, Viewer viewer) {
        List<ActionOption> options = new ArrayList<>();
        if (viewer.role() == Role.SPECTATOR) {
            return options;
        }
        Initiative ini = s.initiative();
        if (viewer.isGm()) {
            options.add(option("bloodied-d20.placeCharacter", "Place a character", Map.of(), List.of("characterId"), "", true));
            if (ini == null) {
                options.add(option("bloodied-d20.startInitiative", "Roll initiative", Map.of(), List.of("characterIds"), "", true));
            } else {
                options.add(option("bloodied-d20.endInitiative", "End initiative", Map.of(), List.of(), "", true));
            }
            String restReason = ini == null ? "" : "Days of rest do not pass during initiative";
            options.add(option("bloodied-d20.recover", "A day of rest (1d4, bed 1d6)", Map.of(), List.of("targets", "text"), restReason, true));
            options.add(option("bloodied-d20.fullRest", "Full rest (casting pools)", Map.of(), List.of("targets"), restReason, true));
            options.add(option("bloodied-d20.applyDamage", "Deal damage", Map.of(), List.of("targets", "notation"), "", true));
            options.add(option("bloodied-d20.heal", "Heal", Map.of(), List.of("target", "amount"), "", true));
            options.add(option("bloodied-d20.inflictInjury", "Serious injury", Map.of(), List.of("target", "text"), "", true));
            options.add(option("bloodied-d20.setInjuryTable", "Edit the serious-injury table",
                    Map.of("die", s.injuryTable().die()), List.of("rows"), "", true));
            options.add(option("bloodied-d20.addCondition", "Add condition", Map.of(), List.of("target", "condition"), "", true));
            options.add(option("bloodied-d20.removeCondition", "Remove condition", Map.of(), List.of("target", "condition"), "", true));
        }
        for (Fighter f : s.fighters()) {
            if (controls(viewer, f)) {
                fighterActions(s, ini, f, options);
            }
        }
        return options;
    }

    private static void fighterActions(BloodiedState s, Initiative ini, Fighter f, List<ActionOption> options) {
        Map<String, Object> self = Map.of("combatantId", f.id());
        boolean inInitiative = ini != null && ini.entries().stream().anyMatch(e -> e.combatantId().equals(f.id()));
        String down = f.dead() ? f.name() + " is dead" : f.unconscious() ? f.name() + " is unconscious" : "";
        if (inInitiative) {
            boolean turn = ini.current().map(f.id()::equals).orElse(false);
            String turnReason = turn ? "" : "Not " + f.name() + "'s turn";
            String actReason = !turnReason.isEmpty() ? turnReason : !down.isEmpty() ? down
                    : ini.used().contains("action") ? f.name() + " has used their action" : "";
            String moveReason = !turnReason.isEmpty() ? turnReason : !down.isEmpty() ? down
                    : ini.used().contains("move") && ini.used().contains("action") ? f.name() + " has used their movement and action" : "";
            String moveLabel = turn && ini.used().contains("move") ? ": move again (uses the action)" : ": move";
            options.add(option("bloodied-d20.move", f.name() + moveLabel, self, List.of(), moveReason, false));
            for (Weapon w : f.stats().weapons()) {
                List<String> needs = w.kind().equals("ranged") ? List.of("target", "amount", "range", "melee") : List.of("target", "amount");
                options.add(option("bloodied-d20.attack", f.name() + ": attack with " + w.name(),
                        Map.of("combatantId", f.id(), "weapon", w.name()), needs, actReason, false));
            }
            options.add(option("bloodied-d20.stabilize", f.name() + ": stop a character's bleeding", self, List.of("target"), actReason, false));
            if (f.stats().castingPool() > 0) {
                options.add(castOption(f, actReason));
            }
            options.add(option("bloodied-d20.endTurn", f.name() + ": end turn", self, List.of(), turnReason, false));
        } else if (f.stats().castingPool() > 0) {
            options.add(castOption(f, down));
        }
        options.add(option("bloodied-d20.check", f.name() + ": check", self, List.of("attribute", "amount", "targetNumber"), "", false));
        options.add(option("bloodied-d20.save", f.name() + ": save", self, List.of("attribute", "amount"), "", false));
        for (Injury injury : f.injuries()) {
            options.add(option("bloodied-d20.injurySave", f.name() + ": save against the "
                    + injury.severity().name().toLowerCase(Locale.ROOT) + " injury",
                    Map.of("combatantId", f.id(), "injuryId", injury.id()), List.of(), f.dead() ? f.name() + " is dead" : "", false));
        }
        if (f.fatePending()) {
            options.add(option("bloodied-d20.chooseFate", f.name() + ": take a serious injury instead of dying",
                    Map.of("combatantId", f.id(), "choice", "injury"), List.of(), "", false));
            options.add(option("bloodied-d20.chooseFate", f.name() + ": die",
                    Map.of("combatantId", f.id(), "choice", "death"), List.of(), "", false));
        }
    }

    private static ActionOption castOption(Fighter f, String reason) {
        String why = !reason.isEmpty() ? reason : f.poolLeft() == 0 ? "The casting pool is empty until a full rest" : "";
        return option("bloodied-d20.cast", f.name() + ": cast (" + f.poolLeft() + "d6 in the pool)", Map.of("combatantId", f.id()),
                List.of("text", "tier", "amount", "conditions"), why, false);
    }

    private static ActionOption option(String command, String label, Map<String, Object> args, List<String> needs,
                                       String reason, boolean gmOnly) {
        return new ActionOption(command, label, args, needs, null, reason.isEmpty(), reason, gmOnly);
    }
}
