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

    /**
     * What a view's probe decides with: the viewer acting, no characters and every die showing 1.
     * A probe only asks whether the referee would take a command now, and shows nothing it rolled.
     */
    public static Play probing(Viewer viewer) {
        return new Play(new Actor(viewer.userId(), viewer.userId(), viewer.role()), Map.of(), sides -> 1);
    }
}
