package io.astragal.rules.actlite;

import io.astragal.rules.ActionOption;
import io.astragal.rules.Need;
import io.astragal.rules.CombatantView;
import io.astragal.rules.DeckView;
import io.astragal.rules.Decision;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.OrderedMap;
import io.astragal.rules.Play;
import io.astragal.rules.Refusal;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.ViewMemory;
import io.astragal.rules.Viewer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * What one viewer sees: every character at the table, the deck (its size, never its order), and
 * the commands the viewer may send now. Players see an NPC's health only as a band and none of its
 * numbers.
 */
final class TableViews {

    /** Conditions that are simply on or off: shown without a count. */
    private static final Set<String> FLAGS = Set.of(Combatant.UNCONSCIOUS, Combatant.DYING, "dead");

    private TableViews() {
    }

    static TableView view(ActliteState state, Viewer viewer) {
        return view(state, viewer, new Seen());
    }

    /**
     * The combatants as the viewers of one state have seen them so far: a combatant looks the same
     * to everyone who sees it from outside, and to its owner as to the GM, so its view is built once
     * per way of seeing it and shared. So are its actions: the rules ask only whether the actor
     * controls the character, which its owner and the GM both do.
     */
    static final class Seen {
        private record Way(String combatantId, boolean hidden, boolean mine) {
        }

        /** A combatant's view and the combatant it shows: right for as long as the table seats that same record. */
        private record Shown(Combatant combatant, CombatantView view) {
        }

        /** The combatant views and offer parts of a table's fan-outs, kept from one to the next in its {@link ViewMemory}. */
        private static final class Showing {
            /** A table seats a handful; past this, combatants long gone are let go with the rest. */
            private static final int MOST = 64;
            private final Map<Way, Shown> byWay = new HashMap<>();
            /** Each character's {@link Fixed} offer parts, by id. */
            private final Map<String, Fixed> fixed = new HashMap<>();
        }

        private final Showing shown;
        private final Map<String, List<ActionOption>> actions = new HashMap<>();

        /** For one set of views. */
        Seen() {
            this.shown = new Showing();
        }

        /**
         * For a table's fan-out: a combatant that no command has changed since an earlier fan-out (the
         * same record in the state) keeps the view it had, the same record, which the table then need
         * not write again (docs/performance.md, step 35).
         */
        Seen(ViewMemory memory) {
            Showing kept = memory.kept() instanceof Showing s && s.byWay.size() <= Showing.MOST ? s : null;
            if (kept == null) {
                kept = new Showing();
                memory.keep(kept);
            }
            this.shown = kept;
        }

        CombatantView combatant(Combatant c, Viewer viewer) {
            Way way = new Way(c.id(), hidden(c, viewer), mine(viewer, c));
            Shown seen = shown.byWay.get(way);
            if (seen == null || seen.combatant() != c) {
                seen = new Shown(c, TableViews.combatant(c, viewer, seen));
                shown.byWay.put(way, seen);
            }
            return seen.view();
        }

        /** The character's offer parts that its sheet decides, made again only for another sheet. */
        private Fixed fixed(Combatant c) {
            Fixed known = shown.fixed.get(c.id());
            if (known == null || known.sheet() != c.sheet()) {
                known = Fixed.of(c);
                shown.fixed.put(c.id(), known);
            }
            return known;
        }
    }

    /**
     * The arguments and labels of a character's offers that only its id and sheet decide. Built for
     * every offer of every view, they were over 4 % of all the server allocated under load. Made once and
     * kept with the table's views, they are long-lived records that the collector promotes once, not
     * garbage made at every view (docs/performance.md, step 80); and offers alike share them, which
     * comparing the offers notices by identity.
     *
     * @param attacks each attack of each weapon, in the sheet's order
     */
    private record Fixed(Sheet sheet, Map<String, Object> character, Map<String, Object> move, String moveLabel,
                         Map<String, Object> check, List<Attack> attacks) {

        /** One attack of a weapon: its arguments, and its label without the cost ("Attack with Club"). */
        private record Attack(Sheet.Weapon weapon, Map<String, Object> args, String label) {
        }

        static Fixed of(Combatant c) {
            Sheet sheet = c.sheet();
            List<Attack> attacks = new ArrayList<>();
            for (Sheet.Weapon weapon : sheet.weapons()) {
                for (int i = 0; i < weapon.attacks().size(); i++) {
                    attacks.add(new Attack(weapon, args(c, "weapon", weapon.name(), "attack", i,
                            "hands", weapon.needsTwoHands() ? 2 : 1, "advantage", 0, "disadvantage", 0),
                            "Attack with " + weapon.name()
                                    + (weapon.attacks().size() > 1 ? ": " + weapon.attacks().get(i).label() : "")));
                }
            }
            return new Fixed(sheet, args(c), args(c, "action", "move", "costs", "1"),
                    "Move " + sheet.movementSpeed() + " spaces (1 AP)", args(c, "advantage", 0, "disadvantage", 0),
                    List.copyOf(attacks));
        }
    }

    static TableView view(ActliteState state, Viewer viewer, Seen seen) {
        List<Combatant> seated = state.seated();
        CombatantView[] combatants = new CombatantView[seated.size()];
        for (int i = 0; i < combatants.length; i++) {
            combatants[i] = seen.combatant(seated.get(i), viewer);
        }
        DeckView deck = state.initiative() == null ? null : deck(state.initiative(), state, viewer);
        List<ActionOption> actions = List.of();
        if (viewer.role() != Role.SPECTATOR) {
            // One actor for all of this viewer's probes, as the probes ask only who acts; and whether
            // anyone's temp AP can expire, asked once rather than at each probe.
            Probing probing = new Probing(Play.probing(viewer), ActliteReferee.holdsTemp(state));
            // About a dozen offers per character and twenty for the GM: grown at most once (TableView copies it).
            actions = new ArrayList<>(viewer.isGm() ? 12 * seated.size() + 20 : 16);
            for (Combatant c : seated) {
                if (mine(viewer, c)) {
                    actions.addAll(seen.actions.computeIfAbsent(c.id(), id -> characterActions(state, c, seen.fixed(c), probing)));
                }
            }
            if (viewer.isGm()) {
                actions.addAll(gmActions(state, probing));
            }
        }
        return new TableView(InitiativeModel.CARD_DECK, List.of(combatants), deck, actions);
    }

    private static boolean mine(Viewer viewer, Combatant combatant) {
        return viewer.role() != Role.SPECTATOR
                && (viewer.isGm() || viewer.userId().equals(combatant.ownerUserId()));
    }

    /** Players see an NPC's health only as a band and none of its numbers. */
    private static boolean hidden(Combatant c, Viewer viewer) {
        return c.npc() && !viewer.isGm();
    }

    /**
     * {@code before}: how this viewer saw the combatant last, if they did. Its stats are kept when
     * the combatant changed but nothing they are made of did (its sheet, and its hexes for those who
     * control it): made anew at every change, the stats' entries and weapon lines were a quarter of
     * what a young collection copied under load (docs/performance.md, step 108).
     */
    private static CombatantView combatant(Combatant c, Viewer viewer, Seen.Shown before) {
        boolean hidden = hidden(c, viewer);
        String band = c.band();
        String written = c.current().text();
        List<CombatantView.Track> tracks = hidden
                ? List.of(new CombatantView.Track("crit", "Crit", null, null, band, band),
                        new CombatantView.Track("health", "Health", null, null, band, band))
                : List.of(new CombatantView.Track("crit", "Crit", c.crit(), c.sheet().critMax(), written, band),
                        new CombatantView.Track("health", "Health", c.health(), c.sheet().healthMax(), written, band));
        List<CombatantView.Chip> chips = c.conditions().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> new CombatantView.Chip(e.getKey(), FLAGS.contains(e.getKey()) ? null : e.getValue()))
                .toList();
        boolean mine = mine(viewer, c);
        Map<String, Object> stats = hidden ? Map.of()
                : before != null && sameStats(before.combatant(), c, mine) ? before.view().stats() : stats(c, mine);
        return new CombatantView(c.id(), c.name(), c.ownerUserId(), c.npc(), mine, tracks, chips, stats);
    }

    /** Whether {@link #stats} gives the same for both: the sheet decides them, and for their controller the hexes too. */
    private static boolean sameStats(Combatant before, Combatant now, boolean mine) {
        return before.sheet() == now.sheet()
                && (!mine || before.hexesWritten() == now.hexesWritten() && before.hexes().equals(now.hexes()));
    }

    private static Map<String, Object> stats(Combatant c, boolean mine) {
        Map<String, Object> stats = new LinkedHashMap<>();
        Sheet sheet = c.sheet();
        for (String attribute : Sheet.DEFENSIVE) {
            Integer score = sheet.attributes().get(attribute);
            stats.put(attribute, score == null ? "none" : score);
            if (score != null) {
                stats.put("passive" + attribute, sheet.passive(attribute));
            }
        }
        sheet.attributes().forEach((name, score) -> {
            if (!Sheet.DEFENSIVE.contains(name)) {
                stats.put(name, score);
            }
        });
        stats.put("movementSpeed", sheet.movementSpeed());
        stats.put("armor", sheet.armor());
        stats.put("apCards", sheet.apCards());
        stats.put("weapons", sheet.weapons().stream().map(TableViews::weaponLine).toList());
        stats.put("skills", sheet.skills());
        if (mine) {
            stats.put("hexes", c.hexes().stream().map(TableViews::hexLine).toList());
            stats.put("hexesWritten", c.hexesWritten());
            stats.put("hexCapacity", Math.max(0, c.hexCapacity()));
        }
        return stats;
    }

    /** "Club (pole, one-handed; speed 1->2; to-hit +0; 1d4 B, on 6: inflict [stun])" */
    private static String weaponLine(Sheet.Weapon w) {
        StringBuilder line = new StringBuilder(w.name()).append(" (");
        if (!w.tags().isEmpty()) {
            line.append(String.join(", ", w.tags())).append("; ");
        }
        line.append("speed ").append(CostSequence.format(w.speed()))
                .append("; to-hit ").append(w.toHit() >= 0 ? "+" : "").append(w.toHit());
        if (w.strRequirement() != null) {
            line.append("; STR ").append(w.strRequirement());
        }
        for (Sheet.Attack a : w.attacks()) {
            line.append("; ").append(a.label()).append(a.on6().isEmpty() ? "" : ", on 6: " + a.on6());
        }
        return line.append(")").toString();
    }

    private static String hexLine(Combatant.Hex hex) {
        return hex.text() + (hex.modifiers().isEmpty() ? "" : " + " + String.join(" + ", hex.modifiers()));
    }

    private static DeckView deck(Initiative initiative, ActliteState state, Viewer viewer) {
        Map<String, DeckView.Hand> hands = new LinkedHashMap<>();
        for (String id : initiative.participants()) {
            List<DeckView.Card> hand = initiative.hand(id);
            hands.put(id, new DeckView.Hand(hand.size(), mine(viewer, state.combatant(id)) ? hand : null));
        }
        return new DeckView(initiative.round(), initiative.deck().size(), initiative.lastDealt(), hands,
                initiative.discard(), initiative.lost(), initiative.awaiting());
    }

    private static List<ActionOption> characterActions(ActliteState state, Combatant c, Fixed fixed, Probing probing) {
        List<ActionOption> options = new ArrayList<>(16);
        Initiative initiative = state.initiative();
        for (Fixed.Attack attack : fixed.attacks()) {
            options.add(attackOption(initiative, c, attack));
        }
        if (initiative != null) {
            options.add(probe(state, probing, new ActliteCommand.SpendAp(c.id(), "move", "1", List.of()),
                    fixed.moveLabel(), fixed.move(), NO_NEEDS, 1, false));
            options.add(probe(state, probing, new ActliteCommand.SpendAp(c.id(), "act", "1", List.of()),
                    "Spend AP on an action", fixed.character(), ACTION_COSTS, null, false));
            options.add(probe(state, probing, new ActliteCommand.Interrupt(c.id(), null),
                    "Interrupt (1 AP)", fixed.character(), NO_NEEDS, 1, false));
            options.add(probe(state, probing, new ActliteCommand.Pass(c.id()), "Pass", fixed.character(), NO_NEEDS, null, false));
        }
        if (c.sheet().attributes().containsKey("WIL")) {
            options.add(probe(state, probing, new ActliteCommand.WriteHex(c.id(), "hex", List.of(), List.of()),
                    initiative == null ? "Write a hex" : "Write a hex (3 AP + 1 per modifier)", fixed.character(),
                    TEXT_MODIFIERS, initiative == null ? null : 3, false));
        }
        for (Combatant.Hex hex : c.hexes()) {
            options.add(probe(state, probing, new ActliteCommand.ActivateHex(c.id(), hex.id(), false, List.of()),
                    "Activate " + hexLine(hex) + (initiative == null ? "" : " (1 AP)"),
                    args(c, "hexId", hex.id()), NO_NEEDS, initiative == null ? null : 1, false));
        }
        options.add(option("actlite.rollCheck", "Roll a check", fixed.check(), CHECK, null, null, false));
        options.add(option("actlite.rollCheck", "Roll against a passive score", fixed.check(), AGAINST, null, null, false));
        options.add(option("actlite.contest", "Contest", fixed.check(), AGAINST, null, null, false));
        return options;
    }

    /** "Attack with Club (2 AP)": the cost is this round's next cost of that weapon. */
    private static ActionOption attackOption(Initiative initiative, Combatant c, Fixed.Attack attack) {
        if (initiative == null) {
            String reason = c.unconscious() ? c.name() + " is unconscious and cannot act." : null;
            return option("actlite.attack", attack.label(), attack.args(), ATTACK, null, reason, false);
        }
        Sheet.Weapon weapon = attack.weapon();
        String key = Rulings.attackKey(weapon.name());
        int cost = CostSequence.next(weapon.speed(), initiative.usesOf(c.id(), key));
        String reason = null;
        try {
            Rulings.charge(initiative, c, key, weapon.speed(), List.of());
        } catch (Refusal refusal) {
            reason = refusal.rejection().message();
        }
        return option("actlite.attack", attack.label() + " (" + cost + " AP)", attack.args(), ATTACK, cost, reason, false);
    }

    private static List<ActionOption> gmActions(ActliteState state, Probing probing) {
        List<ActionOption> options = new ArrayList<>(24);
        Initiative initiative = state.initiative();
        String nobody = state.seating().isEmpty() ? "No one is at the table." : null;
        String noInitiative = initiative == null ? "Initiative has not started." : null;
        options.add(option("actlite.addCharacter", "Place a character at the table", Map.of(), CHARACTER_ID, null, null, true));
        options.add(option("actlite.removeCharacter", "Remove a character", Map.of(), TARGET, null, nobody, true));
        // Who takes part is the GM's pick (the seated characters come pre-selected); only a running
        // initiative stands in the way.
        Map<String, Object> seated = OrderedMap.of("characterIds", state.seating());
        options.add(initiative == null
                ? option("actlite.startInitiative", "Start initiative", seated, CHARACTER_IDS, null, null, true)
                : probe(state, probing, new ActliteCommand.StartInitiative(state.seating()), "Start initiative",
                        seated, CHARACTER_IDS, null, true));
        options.add(probe(state, probing, new ActliteCommand.DealCard(), "Deal next card", Map.of(), NO_NEEDS, null, true));
        options.add(probe(state, probing, new ActliteCommand.EndRound(false), "End round", NOT_FORCED, NO_NEEDS, null, true));
        if (initiative != null && initiative.deck().isEmpty() && !initiative.awaiting().isEmpty()) {
            options.add(probe(state, probing, new ActliteCommand.EndRound(true), "End round without waiting", FORCED,
                    NO_NEEDS, null, true));
        }
        options.add(probe(state, probing, new ActliteCommand.EndInitiative(), "End initiative", Map.of(), NO_NEEDS, null, true));
        options.add(option("actlite.applyDamage", "Apply damage", NOT_CRIT, TARGET_AMOUNT, null, nobody, true));
        options.add(option("actlite.applyDamage", "Apply crit damage", CRIT, TARGET_AMOUNT, null, nobody, true));
        options.add(option("actlite.heal", "Heal", NOT_CRIT, TARGET_AMOUNT, null, nobody, true));
        options.add(option("actlite.heal", "Heal crit", CRIT, TARGET_AMOUNT, null, nobody, true));
        options.add(option("actlite.addCondition", "Add a condition", Map.of(), TARGET_CONDITION_AMOUNT, null, nobody, true));
        options.add(option("actlite.removeCondition", "Remove a condition", Map.of(), TARGET_CONDITION, null, nobody, true));
        options.add(option("actlite.loseAp", "Lose AP", Map.of(), TARGET_AMOUNT, null, noInitiative, true));
        options.add(option("actlite.regainAp", "Regain lost AP", NOT_TO_HAND, TARGET_AMOUNT, null, noInitiative, true));
        options.add(option("actlite.grantTempAp", "Grant temp AP", Map.of(), TARGET_AMOUNT, null, noInitiative, true));
        options.add(probe(state, probing, new ActliteCommand.Rest(state.seating(), false), "Rest",
                OrderedMap.of("characterIds", state.seating(), "sleep", false), NO_NEEDS, null, true));
        options.add(probe(state, probing, new ActliteCommand.Rest(state.seating(), true), "Sleep",
                OrderedMap.of("characterIds", state.seating(), "sleep", true), NO_NEEDS, null, true));
        return options;
    }

    /**
     * An option whose availability is exactly what the referee would decide now: the command is
     * decided against the current state (dice fixed at 1, never used for a refusal) and a refusal
     * becomes the reason.
     */
    private static ActionOption probe(ActliteState state, Probing probing, ActliteCommand command, String label,
                                      Map<String, Object> args, List<Need> needs, Integer cost, boolean gmOnly) {
        String reason = ActliteReferee.decideCommand(state, command, probing.play(), probing.tempHeld())
                instanceof Decision.Rejected rejected
                ? rejected.message() : null;
        return option(ActliteReferee.wireName(command), label, args, needs, cost, reason, gmOnly);
    }

    /** What one viewer's probes of one state decide with. */
    private record Probing(Play play, boolean tempHeld) {
    }

    private static ActionOption option(String command, String label, Map<String, Object> args, List<Need> needs,
                                       Integer cost, String reason, boolean gmOnly) {
        return new ActionOption(command, label, args, needs, cost, reason == null, reason == null ? "" : reason, gmOnly);
    }

    /** One need per argument name, the same instance in every list of needs: a view numbering its needs finds each by identity. */
    private static final Map<String, Need> NEED_BY_NAME = new ConcurrentHashMap<>();

    // The needs of the options offered here: each list made once, so every view holds the same instances.
    private static final List<Need> NO_NEEDS = List.of();
    private static final List<Need> ACTION_COSTS = needs("action", "costs");
    private static final List<Need> TEXT_MODIFIERS = needs("text", "modifiers");
    private static final List<Need> CHECK = needs("attribute", "dc", "advantage", "disadvantage");
    private static final List<Need> AGAINST = needs("attribute", "target", "targetAttribute", "advantage", "disadvantage");
    private static final List<Need> ATTACK = needs("target", "advantage", "disadvantage");
    private static final List<Need> CHARACTER_ID = needs("characterId");
    private static final List<Need> CHARACTER_IDS = needs("characterIds");
    private static final List<Need> TARGET = needs("target");
    private static final List<Need> TARGET_AMOUNT = needs("target", "amount");
    private static final List<Need> TARGET_CONDITION = needs("target", "condition");
    private static final List<Need> TARGET_CONDITION_AMOUNT = needs("target", "condition", "amount");

    // Fixed arguments, as the ordered maps an option holds (any other map it would copy).
    private static final Map<String, Object> CRIT = OrderedMap.of("crit", true);
    private static final Map<String, Object> NOT_CRIT = OrderedMap.of("crit", false);
    private static final Map<String, Object> FORCED = OrderedMap.of("force", true);
    private static final Map<String, Object> NOT_FORCED = OrderedMap.of("force", false);
    private static final Map<String, Object> NOT_TO_HAND = OrderedMap.of("toHand", false);

    private static List<Need> needs(String... names) {
        return Stream.of(names).map(TableViews::need).toList();
    }

    private static Need need(String name) {
        return NEED_BY_NAME.computeIfAbsent(name, TableViews::newNeed);
    }

    /** Actlite's own arguments; the rest are the shared vocabulary. */
    private static Need newNeed(String name) {
        return switch (name) {
            case "attribute" -> new Need(name, "Attribute", Need.Kind.ATTRIBUTE, Sheet.DEFENSIVE);
            case "targetAttribute" -> new Need(name, "Against", Need.Kind.ATTRIBUTE, Sheet.DEFENSIVE);
            case "advantage", "disadvantage" -> Need.of(name, name.equals("advantage") ? "Advantage" : "Disadvantage",
                    Need.Kind.NUMBER);
            case "action" -> Need.of(name, "Action", Need.Kind.TEXT);
            case "costs" -> Need.of(name, "AP costs, e.g. 1,2", Need.Kind.TEXT);
            default -> Need.of(name);
        };
    }

    private static Map<String, Object> args(Combatant c, Object... pairs) {
        Object[] all = new Object[pairs.length + 2];
        all[0] = "characterId";
        all[1] = c.id();
        System.arraycopy(pairs, 0, all, 2, pairs.length);
        return OrderedMap.of(all);
    }
}
