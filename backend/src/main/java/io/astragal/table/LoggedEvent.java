package io.astragal.table;

import java.time.Instant;

/** A table event as stored: its place in the table's sequence, who caused it, when, and under which command id. */
record LoggedEvent(long seq, String commandId, String actorId, String actorName, Instant at, TableEvent event) {
}
