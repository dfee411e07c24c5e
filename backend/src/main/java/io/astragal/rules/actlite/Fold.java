package io.astragal.rules.actlite;

import io.astragal.rules.actlite.ActliteEvent.ApLost;
import io.astragal.rules.actlite.ActliteEvent.ApRegained;
import io.astragal.rules.actlite.ActliteEvent.ApSpent;
import io.astragal.rules.actlite.ActliteEvent.AttackRolled;
import io.astragal.rules.actlite.ActliteEvent.CardDealt;
import io.astragal.rules.actlite.ActliteEvent.CharacterAdded;
import io.astragal.rules.actlite.ActliteEvent.CharacterRemoved;
import io.astragal.rules.actlite.ActliteEvent.CheckRolled;
import io.astragal.rules.actlite.ActliteEvent.ConditionChanged;
import io.astragal.rules.actlite.ActliteEvent.ContestRolled;
import io.astragal.rules.actlite.ActliteEvent.DamageApplied;
import io.astragal.rules.actlite.ActliteEvent.Healed;
import io.astragal.rules.actlite.ActliteEvent.HexActivated;
import io.astragal.rules.actlite.ActliteEvent.HexWritten;
import io.astragal.rules.actlite.ActliteEvent.InitiativeEnded;
import io.astragal.rules.actlite.ActliteEvent.InitiativeStarted;
import io.astragal.rules.actlite.ActliteEvent.Interrupted;
import io.astragal.rules.actlite.ActliteEvent.Passed;
import io.astragal.rules.actlite.ActliteEvent.Rested;
import io.astragal.rules.actlite.ActliteEvent.RoundAdvanced;
import io.astragal.rules.actlite.ActliteEvent.SpecialCardResolved;
import io.astragal.rules.actlite.ActliteEvent.TempApExpired;
import io.astragal.rules.actlite.ActliteEvent.TempApGranted;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** {@code evolve}: folds one event into the state. No dice, no decisions: the event says what happened. */
final class Fold {

    private Fold() {
    }

    static ActliteState apply(ActliteState state, ActliteEvent event) {
        return switch (event) {
            case CharacterAdded e -> state.with(e.combatant());
            case CharacterRemoved e -> state.without(e.characterId());
            case InitiativeStarted e -> steps(state.withInitiative(Initiative.start(e.participants(), e.deck())), e.steps());
            case CardDealt e -> deck(state, d -> {
                d.deck.removeFirst();
                d.hand(e.card().owner()).add(e.card());
                d.lastDealt = e.card();
                d.acting.clear();
                d.acting.add(e.card().owner());
            });
            case SpecialCardResolved e -> deck(state, d -> {
                d.deck.removeFirst();
                d.discard.add(e.card());
                d.lastDealt = e.card();
                d.acting.clear();
            });
            case ApSpent e -> deck(state, d -> {
                d.spend(e.characterId(), e.cards());
                d.used(e.characterId(), Rulings.actionKey(e.action()));
            });
            case Interrupted e -> deck(state, d -> {
                d.spend(e.characterId(), List.of(e.card()));
                d.actingToo(e.characterId());
            });
            case Passed e -> deck(state, d -> {
                d.acting.remove(e.characterId());
                if (d.deck.isEmpty() && !d.passed.contains(e.characterId())) {
                    d.passed.add(e.characterId());
                }
            });
            case ApLost e -> deck(state, d -> {
                d.hand(e.characterId()).removeAll(e.cards());
                d.deck.removeAll(e.cards());
                d.discard.removeAll(e.cards());
                d.lost.addAll(e.cards());
            });
            case ApRegained e -> deck(state, d -> {
                d.lost.removeAll(e.cards());
                if (e.toHand()) {
                    d.hand(e.characterId()).addAll(e.cards());
                    d.passed.remove(e.characterId());
                } else {
                    d.discard.addAll(e.cards());
                }
            });
            case TempApGranted e -> deck(state, d -> {
                d.hand(e.characterId()).addAll(0, e.cards());
                d.tempSerial += e.cards().size();
                d.actingToo(e.characterId());
                d.passed.remove(e.characterId());
            });
            case TempApExpired e -> deck(state, d -> d.hand(e.characterId()).removeAll(e.cards()));
            case CheckRolled e -> state;
            case ContestRolled e -> state;
            case AttackRolled e -> {
                ActliteState paid = e.cards().isEmpty() ? state : deck(state, d -> {
                    d.spend(e.characterId(), e.cards());
                    d.used(e.characterId(), Rulings.attackKey(e.weapon()));
                });
                yield e.targetAfter() == null ? paid
                        : paid.with(paid.combatant(e.targetId()).withHealth(e.targetAfter()));
            }
            case DamageApplied e -> state.with(state.combatant(e.characterId()).withHealth(e.after()));
            case Healed e -> state.with(state.combatant(e.characterId()).withHealth(e.after()));
            case ConditionChanged e -> state.with(state.combatant(e.characterId()).withCondition(e.condition(), e.count()));
            case RoundAdvanced e -> steps(deck(state, d -> {
                d.round = e.round();
                d.hands.values().forEach(List::clear);
                d.lost.removeAll(e.regained());
                d.discard.clear();
                d.deck.clear();
                d.deck.addAll(e.deck());
                d.lastDealt = null;
                d.acting.clear();
                d.passed.clear();
                d.spentThisRound.clear();
                d.uses.clear();
            }), e.steps());
            case InitiativeEnded e -> state.withInitiative(null);
            case HexWritten e -> {
                ActliteState paid = e.cards().isEmpty() ? state : deck(state, d -> {
                    d.spend(e.characterId(), e.cards());
                    d.used(e.characterId(), Rulings.WRITE_HEX);
                });
                Combatant writer = paid.combatant(e.characterId());
                List<Combatant.Hex> hexes = new ArrayList<>(writer.hexes());
                if (e.destroyed() != null) {
                    hexes.remove(e.destroyed());
                }
                hexes.add(e.hex());
                yield paid.with(writer.withHexes(hexes, writer.hexesWritten() + 1, writer.hexSerial() + 1));
            }
            case HexActivated e -> {
                ActliteState paid = e.cards().isEmpty() ? state : deck(state, d -> {
                    d.spend(e.characterId(), e.cards());
                    d.used(e.characterId(), Rulings.ACTIVATE_HEX);
                });
                Combatant writer = paid.combatant(e.characterId());
                List<Combatant.Hex> hexes = new ArrayList<>(writer.hexes());
                hexes.remove(e.hex());
                yield paid.with(writer.withHexes(hexes, writer.hexesWritten(), writer.hexSerial()));
            }
            case Rested e -> {
                Combatant rester = state.combatant(e.characterId());
                List<Combatant.Hex> hexes = new ArrayList<>(rester.hexes());
                hexes.removeAll(e.expired());
                yield state.with(rester.withHexes(hexes, 0, rester.hexSerial()));
            }
        };
    }

    private static ActliteState deck(ActliteState state, Consumer<Initiative.Draft> change) {
        Initiative.Draft draft = state.initiative().draft();
        change.accept(draft);
        return state.withInitiative(draft.build());
    }

    /** Beginning-of-round steps: effects set health, statuses set the condition's count. */
    private static ActliteState steps(ActliteState state, List<RoundStep> steps) {
        ActliteState result = state;
        for (RoundStep step : steps) {
            Combatant c = result.combatant(step.characterId());
            switch (step.phase()) {
                case RoundStep.EFFECTS -> result = result.with(c.withHealth(step.after()));
                case RoundStep.STATUSES -> result = result.with(c.withCondition(step.subject(), step.remaining()));
                default -> {
                    // Skills steps are reminders for the table; they change nothing.
                }
            }
        }
        return result;
    }
}
