package io.astragal.realtime;

import java.nio.charset.StandardCharsets;
import java.security.Principal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageChannel;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.stomp.StompCommand;
import org.springframework.messaging.simp.stomp.StompHeaderAccessor;
import org.springframework.messaging.support.ChannelInterceptor;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.messaging.support.MessageHeaderAccessor;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.authorization.AuthorizationResult;
import org.springframework.security.core.Authentication;

/**
 * The first check of every frame a client sends, before Spring Security's. It refuses what the
 * server will not take (a frame of the wrong kind or missing its headers, an unreadable
 * {@code content-length}, a CONNECT without the CSRF token, a destination the
 * {@link WebSocketSecurityConfiguration} rules deny) with a STOMP ERROR frame, after which Spring
 * closes the connection, as STOMP requires.
 *
 * <p>Why not leave the refusal to Spring Security: frames are handled in order
 * ({@code setPreserveReceiveOrder}), and on that path an exception from a channel interceptor never
 * reaches the client (spring-framework #33937): the frame was dropped in silence and Spring logged an
 * ERROR with a stack trace for each one, an easy way for a client to flood the log.
 */
final class InboundFrameGuard implements ChannelInterceptor {

    private static final Logger log = LoggerFactory.getLogger(InboundFrameGuard.class);

    private final AuthorizationManager<Message<?>> rules;
    private final ChannelInterceptor csrf;
    private final MessageChannel toClients;

    InboundFrameGuard(AuthorizationManager<Message<?>> rules, ChannelInterceptor csrf, MessageChannel toClients) {
        this.rules = rules;
        this.csrf = csrf;
        this.toClients = toClients;
    }

    @Override
    public Message<?> preSend(Message<?> message, MessageChannel channel) {
        StompHeaderAccessor stomp = MessageHeaderAccessor.getAccessor(message, StompHeaderAccessor.class);
        if (stomp == null || stomp.getCommand() == null || stomp.getSessionId() == null) {
            return message; // not a client's STOMP frame, or a heartbeat
        }
        String refusal = refusal(stomp, message, channel);
        if (refusal == null) {
            return message;
        }
        log.debug("Refused a {} frame of session {}: {}", stomp.getCommand(), stomp.getSessionId(), refusal);
        StompHeaderAccessor error = StompHeaderAccessor.create(StompCommand.ERROR);
        error.setMessage(refusal);
        error.setSessionId(stomp.getSessionId());
        if (stomp.getReceipt() != null) {
            error.setReceiptId(stomp.getReceipt());
        }
        toClients.send(MessageBuilder.createMessage(refusal.getBytes(StandardCharsets.UTF_8), error.getMessageHeaders()));
        return null;
    }

    /** Why the frame is refused, or null to let it through. */
    private String refusal(StompHeaderAccessor stomp, Message<?> message, MessageChannel channel) {
        StompCommand command = stomp.getCommand();
        String destination = stomp.getDestination();
        String shape = switch (command) {
            case CONNECT, STOMP -> csrfRefusal(message, channel);
            case DISCONNECT -> null;
            case SEND -> destination == null ? "A SEND frame needs a destination header." : contentLengthRefusal(stomp);
            case SUBSCRIBE -> destination == null || stomp.getSubscriptionId() == null
                    ? "A SUBSCRIBE frame needs an id and a destination header." : null;
            case UNSUBSCRIBE -> stomp.getSubscriptionId() == null ? "An UNSUBSCRIBE frame needs an id header." : null;
            case ACK, NACK, BEGIN, COMMIT, ABORT -> "Astragal does not take " + command
                    + " frames: there are no acknowledgements or transactions (docs/protocol.md).";
            case CONNECTED, MESSAGE, RECEIPT, ERROR -> command + " is a frame only a server sends.";
        };
        if (shape == null && destination != null && destination.chars().anyMatch(c -> c <= ' ' || c == 0x7F)) {
            shape = "A destination may not contain spaces or control characters.";
        }
        if (shape != null || command == StompCommand.CONNECT || command == StompCommand.STOMP) {
            return shape;
        }
        return granted(message) ? null
                : "Not allowed: " + command + (destination == null ? "" : " to " + abbreviate(destination))
                + ". See docs/protocol.md for the destinations a client may use.";
    }

    private String csrfRefusal(Message<?> message, MessageChannel channel) {
        try {
            csrf.preSend(message, channel);
            return null;
        } catch (RuntimeException e) {
            return "The CONNECT frame needs the session's CSRF token in the X-XSRF-TOKEN header (docs/protocol.md).";
        }
    }

    private static String contentLengthRefusal(StompHeaderAccessor stomp) {
        String length = stomp.getFirstNativeHeader(StompHeaderAccessor.STOMP_CONTENT_LENGTH_HEADER);
        if (length == null || length.matches("\\d{1,9}")) {
            return null;
        }
        return "The content-length header must be the body's length in bytes.";
    }

    private boolean granted(Message<?> message) {
        Principal user = SimpMessageHeaderAccessor.getUser(message.getHeaders());
        try {
            AuthorizationResult result = rules.authorize(() -> user instanceof Authentication a ? a : null, message);
            return result != null && result.isGranted();
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= 120 ? text : text.substring(0, 117) + "...";
    }
}
