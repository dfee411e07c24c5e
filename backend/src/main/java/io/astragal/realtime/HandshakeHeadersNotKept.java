package io.astragal.realtime;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.security.Principal;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.socket.WebSocketExtension;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.server.HandshakeFailureException;
import org.springframework.web.socket.server.standard.StandardWebSocketUpgradeStrategy;

/**
 * Upgrades a handshake that Spring has checked (origin, sub-protocol, the signed-in user) without
 * keeping a copy of its HTTP headers on the connection. Spring's session and Tomcat's handshake
 * request each copied every header (cookie, user agent, keys…) and held them as long as the
 * connection lived, which nothing here reads: 4.6 KB of a connection's 19.8
 * (docs/performance.md, step 38). Tomcat still reads the WebSocket headers it needs one by one
 * ({@code getHeader}); only their listing, from which both copies are made, is empty.
 */
final class HandshakeHeadersNotKept extends StandardWebSocketUpgradeStrategy {

    @Override
    public void upgrade(ServerHttpRequest request, ServerHttpResponse response, String selectedProtocol,
                        List<WebSocketExtension> selectedExtensions, Principal user, WebSocketHandler wsHandler,
                        Map<String, Object> attrs) throws HandshakeFailureException {
        if (request instanceof ServletServerHttpRequest servlet) {
            request = new ServletServerHttpRequest(new HeadersNotListed(servlet.getServletRequest()));
        }
        super.upgrade(request, response, selectedProtocol, selectedExtensions, user, wsHandler, attrs);
    }

    private static final class HeadersNotListed extends HttpServletRequestWrapper {

        HeadersNotListed(HttpServletRequest request) {
            super(request);
        }

        @Override
        public Enumeration<String> getHeaderNames() {
            return Collections.emptyEnumeration();
        }
    }
}
