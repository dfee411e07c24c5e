package io.astragal.rules.actlite;

import io.astragal.rules.DeckView.Card;
import io.astragal.rules.Decision;
import io.astragal.rules.GameCommand;
import io.astragal.rules.GameEvent;
import io.astragal.rules.Play;
import io.astragal.rules.Referee;
import io.astragal.rules.ViewMemory;
import io.astragal.rules.Viewer;
import io.astragal.rules.WireNames;
import io.astragal.rules.actlite.ActliteCommand.ActivateHex;
import io.astragal.rules.actlite.ActliteCommand.AddCharacter;
import io.astragal.rules.actlite.ActliteCommand.AddCondition;
import io.astragal.rules.actlite.ActliteCommand.ApplyDamage;
import io.astragal.rules.actlite.ActliteCommand.Attack;
import io.astragal.rules.actlite.ActliteCommand.Contest;
import io.astragal.rules.actlite.ActliteCommand.DealCard;
import io.astragal.rules.actlite.ActliteCommand.EndInitiative;
import io.astragal.rules.actlite.ActliteCommand.EndRound;
import io.astragal.rules.actlite.ActliteCommand.GrantTempAp;
import io.astragal.rules.actlite.ActliteCommand.Heal;
import io.astragal.rules.actlite.ActliteCommand.Interrupt;
import io.astragal.rules.actlite.ActliteCommand.LoseAp;
import io.astragal.rules.actlite.ActliteCommand.Pass;
import io.astragal.rules.actlite.ActliteCommand.RegainAp;
import io.astragal.rules.actlite.ActliteCommand.RemoveCharacter;
import io.astragal.rules.actlite.ActliteCommand.RemoveCondition;
import io.astragal.rules.actlite.ActliteCommand.Rest;
import io.astragal.rules.actlite.ActliteCommand.RollCheck;
import io.astragal.rules.actlite.ActliteCommand.SpendAp;
import io.astragal.rules.actlite.ActliteCommand.StartInitiative;
import io.astragal.rules.actlite.ActliteCommand.WriteHex;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The Actlite referee: decides commands, folds events, and shows each viewer what they may see. */
final class ActliteReferee implements Referee<ActliteState> {

    static final Map<String, Class<? extends GameCommand>> COMMANDS = Map.ofEntries(
            Map.entry("actlite.addCharacter", AddCharacter.class),
            Map.entry("actlite.removeCharacter", RemoveCharacter.class),
            Map.entry("actlite.startInitiative", StartInitiative.class),
            Map.entry("actlite.endInitiative", EndInitiative.class),
            Map.entry("actlite.dealCard", DealCard.class),
            Map.entry("actlite.spendAp", SpendAp.class),
            Map.entry("actlite.interrupt", Interrupt.class),
            Map.entry("actlite.pass", Pass.class),
            Map.entry("actlite.loseAp", LoseAp.class),
            Map.entry("actlite.regainAp", RegainAp.class),
            Map.entry("actlite.grantTempAp", GrantTempAp.class),
            Map.entry("actlite.rollCheck", RollCheck.class),
            Map.entry("actlite.contest", Contest.class),
            Map.entry("actlite.attack", Attack.class),
            Map.entry("actlite.applyDamage", ApplyDamage.class),
            Map.entry("actlite.heal", Heal.class),
            Map.entry("actlite.addCondition", AddCondition.class),
            Map.entry("actlite.removeCondition", RemoveCondition.class),
            Map.entry("actlite.endRound", EndRound.class),
            Map.entry("actlite.writeHex", WriteHex.class),
            Map.entry("actlite.activateHex", ActivateHex.class),
            Map.entry("actlite.rest", Rest.class));

    static final Map<String, Class<? extends GameEvent>> EVENTS = Map.ofEntries(
            Map.entry("actlite.characterAdded", ActliteEvent.CharacterAdded.class),
            Map.entry("actlite.characterRemoved", ActliteEvent.CharacterRemoved.class),
            Map.entry("actlite.initiativeStarted", ActliteEvent.InitiativeStarted.class),
            Map.entry("actlite.cardDealt", ActliteEvent.CardDealt.class),
            Map.entry("actlite.specialCardResolved", ActliteEvent.SpecialCardResolved.class),
            Map.entry("actlite.apSpent", ActliteEvent.ApSpent.class),
            Map.entry("actlite.interrupted", ActliteEvent.Interrupted.class),
            Map.entry("actlite.passed", ActliteEvent.Passed.class),
            Map.entry("actlite.apLost", ActliteEvent.ApLost.class),
            Map.entry("actlite.apRegained", ActliteEvent.ApRegained.class),
            Map.entry("actlite.tempApGranted", ActliteEvent.TempApGranted.class),
            Map.entry("actlite.tempApExpired", ActliteEvent.TempApExpired.class),
            Map.entry("actlite.checkRolled", ActliteEvent.CheckRolled.class),
            Map.entry("actlite.contestRolled", ActliteEvent.ContestRolled.class),
            Map.entry("actlite.attackRolled", ActliteEvent.AttackRolled.class),
            Map.entry("actlite.damageApplied", ActliteEvent.DamageApplied.class),
            Map.entry("actlite.healed", ActliteEvent.Healed.class),
            Map.entry("actlite.conditionChanged", ActliteEvent.ConditionChanged.class),
            Map.entry("actlite.roundAdvanced", ActliteEvent.RoundAdvanced.class),
            Map.entry("actlite.initiativeEnded", ActliteEvent.InitiativeEnded.class),
            Map.entry("actlite.hexWritten", ActliteEvent.HexWritten.class),
            Map.entry("actlite.hexActivated", ActliteEvent.HexActivated.class),
            Map.entry("actlite.rested", ActliteEvent.Rested.class));

    @Override
    public Class<ActliteState> stateType() {
        return ActliteState.class;
    }

    @Override
    public ActliteState initialState() {
        return ActliteState.empty();
    }

    @Override
    public Map<String, Class<? extends GameCommand>> commandTypes() {
        return COMMANDS;
    }

    @Override
    public Map<String, Class<? extends GameEvent>> eventTypes() {
        return EVENTS;
    }

    @Override
    public Decision decide(ActliteState state, GameCommand command, Play play) {
        return decideCommand(state, command, play);
    }

    private static final WireNames WIRE_NAMES = new WireNames(COMMANDS);

    /** The wire name of a command, e.g. {@code actlite.dealCard}. */
    static String wireName(ActliteCommand command) {
        return WIRE_NAMES.of(command);
    }

    static Decision decideCommand(ActliteState state, GameCommand command, Play play) {
        return decideCommand(state, command, play, true);
    }

    /**
     * As {@link #decideCommand(ActliteState, GameCommand, Play)}; {@code lookForTemp} false skips the
     * look for temp AP to expire, for a caller that knows no one in {@code state} holds any
     * ({@link #holdsTemp}): a view probes each of its offers against one state (docs/performance.md, step 91).
     */
    static Decision decideCommand(ActliteState state, GameCommand command, Play play, boolean lookForTemp) {
        return Referee.decideAs(ActliteCommand.class, command, play, actlite -> {
            List<GameEvent> expired = lookForTemp ? expiringTemp(state, actlite) : List.of();
            if (expired.isEmpty()) {
                // Almost always: no list to gather into (and every probe while no one holds temp AP).
                return decideOn(state, actlite, play);
            }
            List<GameEvent> events = new ArrayList<>(expired);
            ActliteState current = state;
            for (GameEvent event : events) {
                current = Fold.apply(current, (ActliteEvent) event);
            }
            events.addAll(decideOn(current, actlite, play));
            return events;
        });
    }

    private static List<GameEvent> decideOn(ActliteState state, ActliteCommand command, Play play) {
        return switch (command) {
            case AddCharacter c -> TableRules.addCharacter(state, c, play);
            case RemoveCharacter c -> TableRules.removeCharacter(state, c, play);
            case StartInitiative c -> TableRules.startInitiative(state, c, play);
            case EndInitiative c -> TableRules.endInitiative(state, play);
            case DealCard c -> TableRules.dealCard(state, play);
            case SpendAp c -> TableRules.spendAp(state, c, play);
            case Interrupt c -> TableRules.interrupt(state, c, play);
            case Pass c -> TableRules.pass(state, c, play);
            case LoseAp c -> TableRules.loseAp(state, c, play);
            case RegainAp c -> TableRules.regainAp(state, c, play);
            case GrantTempAp c -> TableRules.grantTempAp(state, c, play);
            case EndRound c -> TableRules.endRound(state, c, play);
            case RollCheck c -> CombatRules.rollCheck(state, c, play);
            case Contest c -> CombatRules.contest(state, c, play);
            case Attack c -> CombatRules.attack(state, c, play);
            case ApplyDamage c -> CombatRules.applyDamage(state, c, play);
            case Heal c -> CombatRules.heal(state, c, play);
            case AddCondition c -> CombatRules.addCondition(state, c, play);
            case RemoveCondition c -> CombatRules.removeCondition(state, c, play);
            case WriteHex c -> HexRules.writeHex(state, c, play);
            case ActivateHex c -> HexRules.activateHex(state, c, play);
            case Rest c -> HexRules.rest(state, c, play);
        };
    }

    /** Whether any participant holds a temp AP card, which the next command but its holder's spending loses. */
    static boolean holdsTemp(ActliteState state) {
        Initiative initiative = state.initiative();
        if (initiative == null) {
            return false;
        }
        List<String> participants = initiative.participants();
        for (int p = 0; p < participants.size(); p++) {
            List<Card> hand = initiative.hand(participants.get(p));
            for (int i = 0; i < hand.size(); i++) {
                if (hand.get(i).kind().equals(Initiative.TEMP)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * "'Temp AP' must be spent immediately when it is received or it is lost": any command other than
     * its holder spending AP (an action, an attack, a hex, an interrupt) loses it first.
     */
    private static List<GameEvent> expiringTemp(ActliteState state, ActliteCommand command) {
        Initiative initiative = state.initiative();
        if (initiative == null) {
            return List.of();
        }
        String spender = command instanceof ActliteCommand.Spending spending ? spending.characterId() : null;
        // Every command asks this (a probe only while someone holds temp AP), and almost always nothing
        // expires: indexed loops and no list until something does (no iterator or list per ask).
        List<GameEvent> expired = List.of();
        List<String> participants = initiative.participants();
        for (int p = 0; p < participants.size(); p++) {
            String id = participants.get(p);
            if (id.equals(spender)) {
                continue;
            }
            List<Card> hand = initiative.hand(id);
            List<Card> temp = null;
            for (int i = 0; i < hand.size(); i++) {
                Card card = hand.get(i);
                if (card.kind().equals(Initiative.TEMP)) {
                    if (temp == null) {
                        temp = new ArrayList<>();
                    }
                    temp.add(card);
                }
            }
            if (temp != null) {
                if (expired.isEmpty()) {
                    expired = new ArrayList<>();
                }
                expired.add(new ActliteEvent.TempApExpired(id, state.combatant(id).name(), List.copyOf(temp)));
            }
        }
        return expired;
    }

    @Override
    public ActliteState evolve(ActliteState state, GameEvent event) {
        if (!(event instanceof ActliteEvent actlite)) {
            throw new IllegalArgumentException("Not an Actlite event: " + event.getClass().getName());
        }
        return Fold.apply(state, actlite);
    }

    @Override
    public Object view(ActliteState state, Viewer viewer) {
        return TableViews.view(state, viewer);
    }

    @Override
    public Function<Viewer, Object> views(ActliteState state) {
        TableViews.Seen seen = new TableViews.Seen();
        return viewer -> TableViews.view(state, viewer, seen);
    }

    @Override
    public Function<Viewer, Object> views(ActliteState state, ViewMemory memory) {
        TableViews.Seen seen = new TableViews.Seen(memory);
        return viewer -> TableViews.view(state, viewer, seen);
    }
}
