package io.astragal.rules;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * The wire name of each command class of a ruleset, looked up in a map: a view names every action it
 * offers, for each member after each event, so a scan of the ruleset's command table per name showed
 * in the load benchmark's profile.
 */
public final class WireNames {

    private final Map<Class<?>, String> names;

    public WireNames(Map<String, Class<? extends GameCommand>> commandTypes) {
        this.names = commandTypes.entrySet().stream()
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getValue, Map.Entry::getKey));
    }

    /** The {@code type} a client sends for this command. */
    public String of(GameCommand command) {
        String name = names.get(command.getClass());
        if (name == null) {
            throw new IllegalArgumentException(command.getClass().getSimpleName() + " has no wire name");
        }
        return name;
    }
}
