package io.astragal.rules.actlite;

import io.astragal.dice.RollResult;
import io.astragal.rules.DeckView.Card;
import io.astragal.rules.GameEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What happened at an Actlite table. Every random outcome (dice faces, the shuffled deck) is
 * inside the event. Log sentences ({@link #describe()}) never give the deck order or an NPC's
 * numbers; the records themselves hold both, so the table sends players the sentence, not the record.
 */
sealed interface ActliteEvent extends GameEvent {

    /** A character is placed at the table; everything the rules need is copied from its sheet. */
    record CharacterAdded(Combatant combatant) implements ActliteEvent {
        public String describe() {
            return combatant.name() + " is placed at the table.";
        }
    }

    record CharacterRemoved(String characterId, String name) implements ActliteEvent {
        public String describe() {
            return name + " leaves the table.";
        }
    }

    /**
     * @param participants combatant ids
     * @param names        their names, same order
     * @param deck         the shuffled deck, top first
     * @param steps        the beginning of round 1
     */
    record InitiativeStarted(List<String> participants, List<String> names, List<Card> deck, List<RoundStep> steps)
            implements ActliteEvent {
        public String describe() {
            return "Initiative starts with " + String.join(", ", names) + ": " + deck.size()
                    + " cards shuffled into the deck." + RoundStep.describeAll(steps);
        }
    }

    /** The top card went to its owner's hand; the owner may act. */
    record CardDealt(Card card, String ownerName) implements ActliteEvent {
        public String describe() {
            return "The GM deals " + ownerName + " a card (" + card.label() + ").";
        }
    }

    /** The top card was a special card: the GM follows its text and it goes to the discard. */
    record SpecialCardResolved(Card card, String ownerName) implements ActliteEvent {
        public String describe() {
            return "The GM draws " + ownerName + "'s special card and follows it: " + card.label() + ".";
        }
    }

    /**
     * @param action what the AP paid for, e.g. "move"
     * @param use    1 for the first time this round, 2 for the second...
     * @param note   what the action does, e.g. "up to 4 spaces", or empty
     */
    record ApSpent(String characterId, String name, String action, int use, List<Card> cards, String note)
            implements ActliteEvent {
        public String describe() {
            return name + " spends " + ap(cards) + " to " + action + (note.isEmpty() ? "" : " (" + note + ")")
                    + (use > 1 ? ", use " + use + " this round" : "") + ".";
        }
    }

    /** "Interrupt": spend 1 AP, act immediately. */
    record Interrupted(String characterId, String name, Card card) implements ActliteEvent {
        public String describe() {
            return name + " interrupts, spending 1 AP to act now.";
        }
    }

    record Passed(String characterId, String name) implements ActliteEvent {
        public String describe() {
            return name + " passes.";
        }
    }

    /** Cards set aside, taken from the hand first, then the deck, then the discard. */
    record ApLost(String characterId, String name, List<Card> cards) implements ActliteEvent {
        public String describe() {
            return name + " loses " + ap(cards) + ".";
        }
    }

    /** Lost cards back in play: into the hand, or into the discard for the next round's deck. */
    record ApRegained(String characterId, String name, List<Card> cards, boolean toHand) implements ActliteEvent {
        public String describe() {
            return name + " regains " + ap(cards) + (toHand ? " into their hand." : "; it returns with the next round's deck.");
        }
    }

    record TempApGranted(String characterId, String name, List<Card> cards) implements ActliteEvent {
        public String describe() {
            return name + " gains " + cards.size() + " temp AP and must spend it at once.";
        }
    }

    /** "Temp AP must be spent immediately when it is received or it is lost." */
    record TempApExpired(String characterId, String name, List<Card> cards) implements ActliteEvent {
        public String describe() {
            return name + "'s " + cards.size() + " unspent temp AP is lost.";
        }
    }

    /**
     * @param dc             the DC given, or null for a check against a target
     * @param targetId       the target whose passive score was the DC, or null
     * @param targetName     or null
     * @param targetAttribute or null
     * @param hiddenDc       the target is an NPC: the sentence names the passive score, not its value
     */
    record CheckRolled(String characterId, String name, String attribute, Integer dc, String targetId,
                       String targetName, String targetAttribute, boolean hiddenDc, CheckRoll check)
            implements ActliteEvent {
        public String describe() {
            String against;
            if (targetId == null) {
                against = "DC " + dc;
            } else if (check.automatic()) {
                against = targetName + " (no " + targetAttribute + " score: automatic success)";
            } else {
                against = targetName + "'s passive " + targetAttribute + (hiddenDc ? "" : " " + check.dc());
            }
            return name + " rolls " + attribute + ": " + rolled(check) + " vs " + against + " — "
                    + (check.success() ? "success" : "failure") + fired(check.triggers()) + ".";
        }

        public List<RollResult> rolls() {
            return List.of(check.roll());
        }

        public List<String> triggers() {
            return check.triggers();
        }
    }

    /**
     * @param winnerId   the winner's id, or null for a tie
     * @param automatic  the opponent lacks the attribute, so the character wins
     */
    record ContestRolled(String characterId, String name, String attribute, CheckRoll check, String targetId,
                         String targetName, String targetAttribute, CheckRoll targetCheck, String winnerId,
                         boolean automatic) implements ActliteEvent {
        public String describe() {
            String start = name + " (" + attribute + ") contests " + targetName + " (" + targetAttribute + "): "
                    + rolled(check);
            if (automatic) {
                return start + "; " + targetName + " has no " + targetAttribute + " score — " + name + " wins"
                        + fired(check.triggers()) + ".";
            }
            String outcome = winnerId == null ? "a tie"
                    : (winnerId.equals(characterId) ? name : targetName) + " wins";
            return start + " vs " + rolled(targetCheck) + " — " + outcome + fired(triggers()) + ".";
        }

        public List<RollResult> rolls() {
            return automatic ? List.of(check.roll()) : List.of(check.roll(), targetCheck.roll());
        }

        public List<String> triggers() {
            return check.success() ? check.triggers() : targetCheck.triggers();
        }
    }

    /**
     * One attack: the AP paid (none outside initiative), the check, and on a hit the damage and what
     * fired "on 6".
     *
     * @param attack         index into the weapon's attacks
     * @param attackLabel    e.g. "1d4 B"
     * @param hands          1 or 2
     * @param use            the n-th attack with this weapon this round (0 outside initiative)
     * @param disadvantages  why the attack had extra disadvantage, e.g. "two-handed weapon in one hand"
     * @param defense        "passive AGI", "armor", or "no AGI score" for an automatic hit
     * @param damage         the damage roll on a hit, or null
     * @param crit           the damage is crit damage
     * @param targetAfter    the target's health after the hit, or null on a miss
     * @param targetNpc      the sentence gives neither the DC nor the health of an NPC target
     * @param effects        the weapon's on-6 effect, once per six kept, only on a hit
     */
    record AttackRolled(String characterId, String name, String weapon, int attack, String attackLabel,
                        String targetId, String targetName, int hands, List<Card> cards, int use,
                        List<String> disadvantages, CheckRoll check, String defense, RollResult damage, boolean crit, Combatant.Health targetAfter, boolean targetNpc,
                        List<String> effects) implements ActliteEvent {
        public String describe() {
            StringBuilder line = new StringBuilder(name).append(" attacks ").append(targetName).append(" with ")
                    .append(weapon).append(" (").append(attackLabel).append(")");
            if (!cards.isEmpty()) {
                line.append(" for ").append(ap(cards));
            }
            if (!disadvantages.isEmpty()) {
                line.append(", with disadvantage: ").append(String.join(", ", disadvantages));
            }
            line.append(": ").append(rolled(check)).append(" vs ");
            if (check.automatic()) {
                line.append(defense).append(" (automatic hit)");
            } else {
                line.append(defense).append(targetNpc ? "" : " " + check.dc());
            }
            if (!check.success()) {
                return line.append(" — miss.").toString();
            }
            line.append(" — hit for ").append(crit ? "(" + damage.total() + ") crit" : damage.total())
                    .append(" damage");
            if (!targetNpc) {
                line.append(", ").append(targetName).append(" at ").append(targetAfter.text());
            }
            effects.forEach(e -> line.append("; on 6: ").append(e));
            return line.append(".").toString();
        }

        public List<RollResult> rolls() {
            return damage == null ? List.of(check.roll()) : List.of(check.roll(), damage);
        }

        public List<String> triggers() {
            List<String> all = new ArrayList<>(check.triggers());
            effects.forEach(e -> all.add("on 6: " + e));
            return List.copyOf(all);
        }
    }

    /**
     * @param after  health after the damage
     * @param npc    the sentence leaves out an NPC's health
     */
    record DamageApplied(String characterId, String name, int amount, boolean crit, Combatant.Health after,
                         boolean npc) implements ActliteEvent {
        public String describe() {
            return name + " takes " + (crit ? "(" + amount + ") crit" : amount) + " damage"
                    + (npc ? "" : ", now " + after.text()) + ".";
        }
    }

    record Healed(String characterId, String name, int amount, boolean crit, Combatant.Health after, boolean npc)
            implements ActliteEvent {
        public String describe() {
            return name + " heals " + amount + (crit ? " crit" : "") + " health" + (npc ? "" : ", now " + after.text()) + ".";
        }
    }

    /**
     * @param count  the condition's count afterwards; 0 means it is gone
     * @param change how the count changed
     */
    record ConditionChanged(String characterId, String name, String condition, int count, int change)
            implements ActliteEvent {
        public String describe() {
            if (count == 0) {
                return name + " is no longer [" + condition + "].";
            }
            return name + (change > 0 ? " gains " : " loses ") + Math.abs(change) + " [" + condition + "], now "
                    + count + ".";
        }
    }

    /**
     * The end of a round and the beginning of the next.
     *
     * @param round    the round that begins
     * @param gathered cards still in hands, gathered with the discard
     * @param regained lost cards back for those who spent no AP last round
     * @param steps    effects, then statuses, then skills
     * @param deck     the new deck, shuffled, top first
     */
    record RoundAdvanced(int round, List<Card> gathered, List<Card> regained, List<String> regainedNames,
                         List<RoundStep> steps, List<Card> deck) implements ActliteEvent {
        public String describe() {
            String regain = regainedNames.isEmpty() ? ""
                    : " Spent no AP last round and regains 1 AP: " + String.join(", ", regainedNames) + ".";
            return "Round " + round + " begins: " + deck.size() + " cards shuffled into the deck." + regain
                    + RoundStep.describeAll(steps);
        }
    }

    /** Lost cards return: initiative is over. */
    record InitiativeEnded(int round) implements ActliteEvent {
        public String describe() {
            return "Initiative ends after round " + round + "; lost AP returns.";
        }
    }

    /**
     * @param cards     AP paid (none outside initiative)
     * @param destroyed the oldest hex, destroyed because the character already maintained all they can, or null
     */
    record HexWritten(String characterId, String name, Combatant.Hex hex, List<Card> cards, Combatant.Hex destroyed)
            implements ActliteEvent {
        public String describe() {
            String modifiers = hex.modifiers().isEmpty() ? "" : " with " + String.join(", ", hex.modifiers());
            String paid = cards.isEmpty() ? "" : " for " + ap(cards);
            String oldest = destroyed == null ? ""
                    : " The oldest hex, " + destroyed.text() + ", is destroyed — and so activated.";
            return name + " writes a hex: " + hex.text() + modifiers + paid + "." + oldest;
        }
    }

    /** "When a hex is destroyed it is activated. When it is activated, it is destroyed." */
    record HexActivated(String characterId, String name, Combatant.Hex hex, List<Card> cards) implements ActliteEvent {
        public String describe() {
            return name + " activates the hex " + hex.text() + (cards.isEmpty() ? "" : " for " + ap(cards))
                    + "; it is destroyed.";
        }
    }

    /**
     * @param expired hexes no longer usable after sleep; empty after a rest without sleep
     */
    record Rested(String characterId, String name, boolean sleep, List<Combatant.Hex> expired) implements ActliteEvent {
        public String describe() {
            return name + (sleep ? " sleeps" : " rests") + ": hex writing capacity is reset"
                    + (expired.isEmpty() ? "" : "; " + expired.size() + " written hexes fade") + ".";
        }
    }

    private static String ap(List<Card> cards) {
        return cards.size() + " AP";
    }

    private static String rolled(CheckRoll check) {
        return check.roll().notation() + " = " + check.total();
    }

    private static String fired(List<String> triggers) {
        return triggers.isEmpty() ? "" : "; " + triggers.stream().collect(Collectors.joining(", "));
    }
}
