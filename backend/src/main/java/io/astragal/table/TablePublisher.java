package io.astragal.table;

import java.util.UUID;

/**
 * Delivers table messages to people. Called while the table's lock is held, so messages of one
 * table leave in seq order; implementations must not block on slow clients.
 */
public interface TablePublisher {

    /**
     * To every connection of one member: a {@link TableMessage} already written as JSON, so that
     * members who are sent the same message share one writing of it.
     */
    void toMember(UUID tableId, String userId, byte[] message);

    /** To one connection only (a reply, a snapshot, a page of history). */
    void toSession(UUID tableId, String userId, String sessionId, TableMessage message);

    /**
     * The table's log now ends at {@code seq}, appended here. Where other nodes serve the same
     * tables, they learn of it this way and tell their own connections ({@link TableEngine#followLog}).
     */
    default void logGrew(UUID tableId, long seq) {
    }
}
