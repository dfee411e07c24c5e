package io.astragal.realtime;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Principal;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.web.socket.WebSocketExtension;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.server.HandshakeFailureException;
import org.springframework.web.socket.server.RequestUpgradeStrategy;

/**
 * Upgrades a handshake that Spring has checked (origin, sub-protocol, the signed-in user) to an
 * {@link UpgradedWebSocket}: Astragal's own WebSocket connection on the socket Tomcat hands over.
 * No extension is offered, and no copy of the handshake's headers is kept.
 */
final class WebSocketUpgrade implements RequestUpgradeStrategy {

    private static final String[] VERSIONS = {"13"};
    /** RFC 6455, section 1.3: appended to the client's key before hashing it into the accept header. */
    private static final String KEY_SUFFIX = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

    private final RealtimeProperties properties;
    /** Times the send limit of a client whose socket is backed up, and the wait for its answer to a close. */
    private final TaskScheduler timer;

    WebSocketUpgrade(RealtimeProperties properties, TaskScheduler timer) {
        this.properties = properties;
        this.timer = timer;
    }

    @Override
    public String[] getSupportedVersions() {
        return VERSIONS.clone();
    }

    @Override
    public List<WebSocketExtension> getSupportedExtensions(ServerHttpRequest request) {
        return List.of();
    }

    @Override
    public void upgrade(ServerHttpRequest request, ServerHttpResponse response, String selectedProtocol,
                        List<WebSocketExtension> selectedExtensions, Principal user, WebSocketHandler wsHandler,
                        Map<String, Object> attributes) throws HandshakeFailureException {
        if (!(request instanceof ServletServerHttpRequest servletRequest)
                || !(response instanceof ServletServerHttpResponse servletResponse)) {
            throw new HandshakeFailureException("Not a servlet request: " + request.getURI());
        }
        HttpServletRequest in = servletRequest.getServletRequest();
        HttpServletResponse out = servletResponse.getServletResponse();
        String key = in.getHeader("Sec-WebSocket-Key");
        if (key == null || key.isBlank()) {
            throw new HandshakeFailureException("No Sec-WebSocket-Key in the handshake: " + request.getURI());
        }
        out.setHeader("Upgrade", "websocket");
        out.setHeader("Connection", "upgrade");
        out.setHeader("Sec-WebSocket-Accept", accept(key.trim()));
        if (selectedProtocol != null) {
            out.setHeader("Sec-WebSocket-Protocol", selectedProtocol);
        }
        UpgradedWebSocket connection;
        try {
            connection = in.upgrade(UpgradedWebSocket.class);
        } catch (IOException | ServletException e) {
            throw new HandshakeFailureException("The request could not be upgraded: " + request.getURI(), e);
        }
        connection.handshake(new UpgradedWebSocket.Handshake(wsHandler, request.getURI(), attributes, user,
                address(in.getLocalAddr(), in.getLocalPort()), address(in.getRemoteAddr(), in.getRemotePort()),
                selectedProtocol, properties.sendBufferSizeLimit(), properties.sendTimeLimitMillis(), timer));
    }

    private static InetSocketAddress address(String host, int port) {
        return InetSocketAddress.createUnresolved(host, port);
    }

    static String accept(String key) {
        try {
            byte[] sha1 = MessageDigest.getInstance("SHA-1").digest((key + KEY_SUFFIX).getBytes(StandardCharsets.ISO_8859_1));
            return Base64.getEncoder().encodeToString(sha1);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java runtime has SHA-1", e);
        }
    }
}
