package io.astragal.table;

import io.astragal.rules.Role;
import java.util.List;

/**
 * The whole table as one member sees it; the client keeps it up to date by applying patches.
 *
 * @param members everyone in the campaign
 * @param table   the ruleset's {@link io.astragal.rules.TableView} as a {@link SentTable}: combatants, initiative,
 *                actions this member may take and, once each, what those actions need
 * @param roster  the campaign characters this member may put into play: all of them for a GM, their own for a player
 * @param undo    for GMs: whether there is something to undo and what; null for everyone else
 */
record MemberView(String tableId, String rulesetId, String rulesetName, Me me, List<Me> members, Object table,
                  List<RosterEntry> roster, Undo undo) {

    /** A campaign character by name only: its sheet stays with the ruleset's view, which knows what is secret. */
    record RosterEntry(String id, String name, boolean npc, String ownerName) {
    }

    record Me(String userId, String displayName, Role role) {
    }

    record Undo(boolean available, Long seq, String summary) {
    }
}
