package io.astragal.rules;

import java.util.List;
import java.util.Map;

/**
 * A combatant as one viewer sees it.
 *
 * @param id          the character id
 * @param name        display name
 * @param ownerUserId who controls it
 * @param npc         a GM character
 * @param mine        the viewer controls it (GMs control every character)
 * @param tracks      health and similar gauges, read at a glance
 * @param conditions  statuses as chips, with a count or level where the rules give one
 * @param stats       the numbers the viewer may see (attributes, defenses); empty for a hidden NPC
 */
public record CombatantView(String id, String name, String ownerUserId, boolean npc, boolean mine,
                            List<Track> tracks, List<Chip> conditions, Map<String, Object> stats) {

    public CombatantView {
        tracks = List.copyOf(tracks);
        conditions = List.copyOf(conditions);
        stats = OrderedMap.copyOf(stats); // keeps the ruleset's order
    }

    /**
     * A gauge such as health. For a viewer who may not know the numbers (a player looking at an
     * NPC), {@code value} and {@code max} are null and only {@code band} is given.
     *
     * @param key     stable key, e.g. {@code hp}, {@code crit}
     * @param label   what a person reads, e.g. "Crit", "HP"
     * @param value   current value, or null when hidden
     * @param max     maximum, or null when hidden or unbounded
     * @param display the value as the rules write it, e.g. "(3)9", or a band word when hidden
     * @param band    one of {@code full}, {@code hurt}, {@code bloodied}, {@code down}, {@code dead}
     */
    public record Track(String key, String label, Integer value, Integer max, String display, String band) {
    }

    /** A condition shown as a chip, e.g. "poison 2", "prone", "exhaustion 3". */
    public record Chip(String name, Integer value) {
    }
}
