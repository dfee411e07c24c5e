package io.astragal.account;

import java.io.Serializable;
import java.security.Principal;
import java.util.UUID;

/**
 * The signed-in user, as the security principal of an HTTP session and of the WebSocket session
 * opened with it. {@link #getName()} is the user's id, so {@code Principal.getName()} anywhere
 * (STOMP user destinations included) is a stable user id, never a renameable username.
 */
public record CurrentUser(UUID id, String username, String displayName) implements Principal, Serializable {

    @Override
    public String getName() {
        return id.toString();
    }
}
