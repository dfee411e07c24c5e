package io.astragal.table;

/** Who sent a request, and on which connection. */
public record Caller(String userId, String sessionId) {
}
