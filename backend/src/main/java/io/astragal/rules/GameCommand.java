package io.astragal.rules;

/** Marker for a ruleset's command records (intents: deal a card, spend AP, roll a check, ...). */
public interface GameCommand {
}
