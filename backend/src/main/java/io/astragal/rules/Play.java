package io.astragal.rules;

import io.astragal.dice.DiceSource;
import java.util.Map;

/**
 * What a referee may consult while deciding a command.
 *
 * @param actor      who sent the command
 * @param characters the campaign's characters by id, with sheets already validated by the ruleset
 * @param dice       the only source of randomness
 */
public record Play(Actor actor, Map<String, CharacterCard> characters, DiceSource dice) {

    public Play {
        characters = Map.copyOf(characters);
    }
}
