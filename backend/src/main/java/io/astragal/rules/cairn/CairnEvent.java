package io.astragal.rules.cairn;

import io.astragal.dice.RollResult;
import io.astragal.rules.GameEvent;
import io.astragal.rules.Viewer;
import io.astragal.rules.cairn.CairnState.Combatant;
import io.astragal.rules.cairn.CairnState.Group;
import io.astragal.rules.cairn.CairnState.Patch;
import java.util.ArrayList;
import java.util.List;

/** Events of cairn-ap; every random outcome is inside them. */
sealed interface CairnEvent extends GameEvent {

    private static <T> List<T> list(List<T> l) {
        return l == null ? List.of() : List.copyOf(l);
    }

    private static List<RollResult> present(RollResult... rolls) {
        List<RollResult> out = new ArrayList<>();
        for (RollResult r : rolls) {
            if (r != null) {
                out.add(r);
            }
        }
        return List.copyOf(out);
    }

    /** What players read in place of a DC the Warden keeps from them. */
    String KEPT_DC = "a DC the Warden keeps";

    /** The Warden sees every DC; players see one the Warden did not keep. */
    private static boolean dcShownTo(Viewer viewer, Boolean dcHidden) {
        return viewer.isGm() || !Boolean.TRUE.equals(dcHidden);
    }

    /** A roll as the log shows it: nothing of an NPC's, whose total would give away its numbers. */
    private static String shown(RollResult roll, boolean npc) {
        return npc ? "" : " " + roll.notation() + " = " + roll.total();
    }

    private static String natural(boolean natural1, boolean natural20) {
        return natural20 ? " (natural 20!)" : natural1 ? " (natural 1!)" : "";
    }

    record CharactersPlaced(List<Combatant> combatants) implements CairnEvent {
        public CharactersPlaced {
            combatants = list(combatants);
        }

        @Override
        public String describe() {
            return "At the table: " + String.join(", ", combatants.stream().map(Combatant::name).toList()) + ".";
        }
    }

    /** One initiative roll: 1d20 + WIL. An NPC's score stays out of the log: it gives away its WIL. */
    record InitiativeRoll(String combatantId, String name, boolean npc, String group, RollResult roll, int score) {
    }

    record InitiativeStarted(List<InitiativeRoll> initiative, List<Group> groups, List<String> surprised, String current,
                             List<Combatant> placed) implements CairnEvent {
        public InitiativeStarted {
            initiative = list(initiative);
            groups = list(groups);
            surprised = list(surprised);
            placed = list(placed);
        }

        @Override
        public String describe() {
            return "Initiative: " + String.join("; ", initiative.stream()
                    .map(r -> r.name() + " (" + r.group() + ")" + (r.npc() ? "" : " " + r.score())).toList())
                    + ". " + initiative.stream().filter(r -> r.combatantId().equals(current)).findFirst()
                    .map(InitiativeRoll::name).orElse(current) + " acts first.";
        }

        @Override
        public List<RollResult> rolls() {
            return initiative.stream().filter(r -> !r.npc()).map(InitiativeRoll::roll).toList();
        }
    }

    /** {@code cancelledHeld} is the lapsed held action's text; an NPC's ({@code heldSecret}) is not told. */
    record TurnEnded(String combatantId, String name, String next, String nextName, int round, boolean newRound,
                     String cancelledHeld, boolean heldSecret) implements CairnEvent {
        @Override
        public String describe() {
            String text = name + " ends the turn and regains AP.";
            if (newRound) {
                text += " Round " + round + " begins.";
            }
            if (next != null) {
                text += " " + nextName + " acts next.";
            }
            if (cancelledHeld != null) {
                text += " " + nextName + "'s held action lapses" + (heldSecret ? "." : ": " + cancelledHeld + ".");
            }
            return text;
        }
    }

    record InitiativeEnded() implements CairnEvent {
        @Override
        public String describe() {
            return "The fight is over.";
        }
    }

    record Moved(String combatantId, String name, int spaces, int cost, int apLeft) implements CairnEvent {
        @Override
        public String describe() {
            return name + " moves up to " + spaces + " spaces (" + cost + " AP, " + apLeft + " left).";
        }
    }

    record AdvantageGained(String combatantId, String name, int cost, int apLeft, int pending) implements CairnEvent {
        @Override
        public String describe() {
            return name + " gains Advantage for the next roll (now +" + pending + "; " + cost + " AP, " + apLeft + " left).";
        }
    }

    /**
     * An NPC's held action and its condition are the Warden's secret: the log only says one is held.
     * {@code actions} is how many actions it holds (an event stored before there could be more reads as 1).
     */
    record ActionHeld(String combatantId, String name, boolean npc, String text, int cost, int apLeft, int actions)
            implements CairnEvent {
        public ActionHeld {
            actions = Math.max(1, actions);
        }

        @Override
        public String describe() {
            // An NPC's count stays with the Warden too (its chip shows it to them).
            return name + " holds " + (actions == 1 || npc ? "an action" : actions + " actions") + (npc ? "" : ": " + text)
                    + " (" + cost + " AP, " + apLeft + " left).";
        }
    }

    record HeldReleased(String combatantId, String name, boolean npc, String text) implements CairnEvent {
        @Override
        public String describe() {
            return name + " lets the held action go" + (npc ? "." : ": " + text + ".");
        }
    }

    record ApSpent(String combatantId, String name, String text, int cost, int apLeft) implements CairnEvent {
        @Override
        public String describe() {
            return name + " spends " + cost + " AP: " + text + " (" + apLeft + " left).";
        }
    }

    record ActionCostSet(int amount) implements CairnEvent {
        @Override
        public String describe() {
            return "Attacks, checks and spells now cost " + amount + " AP unless the Warden says otherwise.";
        }
    }

    /**
     * {@code npc}/{@code targetNpc}: that side's roll is left out of the log (its total gives away the attribute).
     * {@code dcHidden}: true when the Warden keeps the DC from the players.
     */
    record CheckRolled(String combatantId, String name, boolean npc, String attribute, int modifier, RollResult roll,
                       Integer dc, String target, String targetName, boolean targetNpc, String targetAttribute,
                       RollResult targetRoll, boolean success, boolean natural1, boolean natural20, int cost, int apLeft,
                       boolean held, String text, Boolean dcHidden) implements CairnEvent {
        @Override
        public String describe() {
            return sentence(true);
        }

        @Override
        public String describeTo(Viewer viewer) {
            return sentence(dcShownTo(viewer, dcHidden));
        }

        private String sentence(boolean showDc) {
            String against = dc != null ? (showDc ? "DC " + dc : KEPT_DC)
                    : targetName + "'s " + targetAttribute.toUpperCase() + " save" + (targetNpc ? "" : " " + targetRoll.total());
            return name + (text == null || text.isBlank() ? " acts" : ": " + text) + " — " + attribute.toUpperCase()
                    + shown(roll, npc) + natural(natural1, natural20) + " vs " + against
                    + " — " + (success ? "success" : "failure") + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return present(npc ? null : roll, targetNpc ? null : targetRoll);
        }

        @Override
        public List<String> triggers() {
            return natural20 ? List.of("natural 20") : natural1 ? List.of("natural 1") : List.of();
        }
    }

    /** {@code dcHidden}: true when the Warden keeps the DC from the players. */
    record SaveRolled(String combatantId, String name, boolean npc, String attribute, int modifier, RollResult roll,
                      int dc, boolean success, boolean natural1, boolean natural20, String text, Boolean dcHidden)
            implements CairnEvent {
        @Override
        public String describe() {
            return sentence(true);
        }

        @Override
        public String describeTo(Viewer viewer) {
            return sentence(dcShownTo(viewer, dcHidden));
        }

        private String sentence(boolean showDc) {
            return name + " saves with " + attribute.toUpperCase() + (text == null || text.isBlank() ? "" : " (" + text + ")")
                    + ":" + shown(roll, npc) + natural(natural1, natural20) + " vs " + (showDc ? "DC " + dc : KEPT_DC) + " — "
                    + (success ? "saved" : "failed") + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return npc ? List.of() : List.of(roll);
        }

        @Override
        public List<String> triggers() {
            return natural20 ? List.of("natural 20") : natural1 ? List.of("natural 1") : List.of();
        }
    }

    /** One target's side of an attack: its save, and the damage die if hit. */
    record TargetResult(String targetId, String targetName, boolean npc, RollResult save, boolean hit, int damageDie) {
    }

    record AttackRolled(String combatantId, String name, boolean npc, String weapon, RollResult roll, boolean natural1,
                        boolean natural20, List<TargetResult> targets, int cost, int apLeft, boolean held)
            implements CairnEvent {
        public AttackRolled {
            targets = list(targets);
        }

        @Override
        public String describe() {
            return name + " attacks with " + weapon + (npc ? "" : ":" + shown(roll, false))
                    + natural(natural1, natural20) + " — " + String.join("; ", targets.stream()
                    .map(t -> t.targetName() + " saves" + (t.npc() ? "" : " " + t.save().total())
                            + (t.hit() ? ", hit (damage die " + t.damageDie() + ")" : ", miss"))
                    .toList()) + ".";
        }

        @Override
        public List<RollResult> rolls() {
            List<RollResult> all = new ArrayList<>();
            if (!npc) {
                all.add(roll);
            }
            targets.stream().filter(t -> !t.npc()).forEach(t -> all.add(t.save()));
            return all;
        }

        @Override
        public List<String> triggers() {
            return natural20 ? List.of("natural 20") : natural1 ? List.of("natural 1") : List.of();
        }
    }

    /** An NPC's HP, armor and STR stay out of the log; the damage dealt is told. */
    record DamageTaken(String targetId, String name, boolean npc, String source, int rolled, int armor, int damage,
                       int hpBefore, int hpAfter, int strLoss, Patch patch) implements CairnEvent {
        @Override
        public String describe() {
            if (npc) {
                return name + " takes " + damage + " damage from " + source + "." + (strLoss > 0 ? " The blow tears at its strength." : "");
            }
            String text = name + " takes " + damage + " damage from " + source + " (" + rolled + " − armor " + armor + "): HP "
                    + hpBefore + " → " + Math.max(0, hpAfter) + ".";
            return strLoss > 0 ? text + " " + strLoss + " spills over into STR." : text;
        }
    }

    record CriticalSave(String targetId, String name, boolean npc, RollResult roll, int str, int dc, boolean success,
                        String outcome, RollResult doomRoll, Patch patch) implements CairnEvent {
        @Override
        public String describe() {
            return name + " makes a STR save against critical damage:" + shown(roll, npc)
                    + " vs DC " + dc + " — " + (success ? "saved" : "failed") + ". " + outcome;
        }

        @Override
        public List<RollResult> rolls() {
            return npc ? List.of() : present(roll, doomRoll);
        }
    }

    record ScarSuffered(String targetId, String name, int entry, String title, String text, List<RollResult> dice,
                        String detail, Patch patch) implements CairnEvent {
        public ScarSuffered {
            dice = list(dice);
        }

        @Override
        public String describe() {
            return name + " suffers scar #" + entry + " " + title + ": " + detail;
        }

        @Override
        public List<RollResult> rolls() {
            return dice;
        }
    }

    record ScarRecovered(String targetId, String name, String condition, RollResult roll, String detail, Patch patch)
            implements CairnEvent {
        @Override
        public String describe() {
            return name + " recovers from " + condition + ": " + detail;
        }

        @Override
        public List<RollResult> rolls() {
            return present(roll);
        }
    }

    record HpRestored(String targetId, String name, boolean npc, int amount, Patch patch) implements CairnEvent {
        @Override
        public String describe() {
            return npc ? name + " recovers HP." : name + " recovers " + amount + " HP.";
        }
    }

    record AttributeRestored(String targetId, String name, boolean npc, String attribute, int amount, Patch patch)
            implements CairnEvent {
        @Override
        public String describe() {
            return npc ? name + " recovers " + attribute.toUpperCase() + "."
                    : name + " recovers " + amount + " " + attribute.toUpperCase() + ".";
        }
    }

    record ConditionChanged(String targetId, String name, String condition, Integer value, Patch patch)
            implements CairnEvent {
        @Override
        public String describe() {
            return value == null ? name + " is no longer " + condition + "."
                    : name + " is " + condition + (value > 1 ? " " + value : "") + ".";
        }
    }

    record FatigueAdded(String targetId, String name, int amount, int itemsDropped, Patch patch) implements CairnEvent {
        @Override
        public String describe() {
            String text = name + " adds " + amount + " Fatigue to the inventory.";
            return itemsDropped > 0 ? text + " No free slot: " + itemsDropped + " item(s) must be dropped." : text;
        }
    }

    record Rested(String targetId, String name, int fatigueCleared, Patch patch) implements CairnEvent {
        @Override
        public String describe() {
            return name + " recuperates and clears " + fatigueCleared + " Fatigue.";
        }
    }

    record SpellCast(String combatantId, String name, String spell, RollResult slotDice, RollResult dustDice, int sum,
                     int fatigue, int matches, Integer mishap, String mishapTitle, String mishapText,
                     List<RollResult> mishapDice, String mishapDetail, boolean failed, int cost, int apLeft,
                     boolean held, int itemsDropped, Patch patch) implements CairnEvent {
        public SpellCast {
            mishapDice = list(mishapDice);
        }

        @Override
        public String describe() {
            String text = name + " casts " + spell + " with " + (slotDice.dice().size() + dustDice.dice().size())
                    + " Magic Dice: sum " + sum + ", " + fatigue + " Fatigue.";
            if (mishap != null) {
                text += " Mishap #" + mishap + " " + mishapTitle + ": " + mishapText
                        + (mishapDetail.isEmpty() ? "" : " (" + mishapDetail + ")");
            }
            if (failed) {
                text += " The spell fails.";
            }
            if (itemsDropped > 0) {
                text += " No free slot: " + itemsDropped + " item(s) must be dropped.";
            }
            return text;
        }

        @Override
        public List<RollResult> rolls() {
            List<RollResult> all = new ArrayList<>(present(slotDice, dustDice));
            all.addAll(mishapDice);
            return all;
        }

        @Override
        public List<String> triggers() {
            return matches >= 3 ? List.of("on matching (" + matches + ")") : matches == 2 ? List.of("on matching") : List.of();
        }
    }

    record MoraleChecked(String targetId, String name, String leaderName, int wil, RollResult roll, int dc,
                         boolean success, Patch patch) implements CairnEvent {
        @Override
        public String describe() {
            // Morale is for NPCs only, whose WIL is the Warden's: the log tells the outcome alone.
            return name + " checks morale" + (leaderName == null ? "" : " with " + leaderName + "'s WIL") + " against DC "
                    + dc + " — " + (success ? "stands firm" : "flees") + ".";
        }
    }

    record ReactionRolled(String text, RollResult roll, String result) implements CairnEvent {
        @Override
        public String describe() {
            return "Reaction" + (text == null || text.isBlank() ? "" : " of " + text) + ": 2d6 = " + roll.total() + " — " + result + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(roll);
        }
    }

    record FateRolled(String text, RollResult roll, boolean favoursPcs) implements CairnEvent {
        @Override
        public String describe() {
            return "Die of fate" + (text == null || text.isBlank() ? "" : " (" + text + ")") + ": " + roll.total() + " — "
                    + (favoursPcs ? "fortune favours the PCs." : "bad luck for the PCs.");
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(roll);
        }
    }

    record HirelingRolled(String text, RollResult str, RollResult dex, RollResult wil, RollResult hp) implements CairnEvent {
        @Override
        public String describe() {
            return "Hireling" + (text == null || text.isBlank() ? "" : " (" + text + ")") + ": STR " + str.total() + ", DEX "
                    + dex.total() + ", WIL " + wil.total() + ", HP " + hp.total() + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(str, dex, wil, hp);
        }
    }
}
