package io.astragal.realtime;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.messaging.Message;
import org.springframework.messaging.simp.stomp.StompHeaderAccessor;
import org.springframework.messaging.support.MessageHeaderAccessor;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.messaging.StompSubProtocolErrorHandler;

/**
 * STOMP frames a client got wrong (not STOMP at all, broken headers, frames before CONNECT): Spring
 * answers each with an ERROR frame and closes the connection, and also logs each at ERROR level,
 * with a stack trace. That is the client's mistake, not the server's, and one client could fill the
 * log with it; so those particular log events are dropped here and every such frame is logged at
 * debug level instead. Every other error Spring logs is left alone.
 */
@Component
class ClientFrameErrors extends StompSubProtocolErrorHandler {

    private static final Logger log = LoggerFactory.getLogger(ClientFrameErrors.class);
    static final String STOMP_HANDLER = "org.springframework.web.socket.messaging.StompSubProtocolHandler";

    private final TurboFilter filter = new TurboFilter() {
        @Override
        public FilterReply decide(Marker marker, ch.qos.logback.classic.Logger logger, Level level, String format,
                                  Object[] params, Throwable t) {
            return level == Level.ERROR && format != null && STOMP_HANDLER.equals(logger.getName()) && clientCaused(format)
                    ? FilterReply.DENY : FilterReply.NEUTRAL;
        }
    };

    /** The ERROR events Spring logs for frames a client got wrong. */
    static boolean clientCaused(String message) {
        return message.startsWith("Failed to parse ")
                || message.startsWith("Failed to send message to MessageChannel in session ") && message.contains(":Unknown session");
    }

    @PostConstruct
    void quietSpringAboutClientMistakes() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            filter.setName("astragal-client-stomp-errors");
            filter.start();
            context.addTurboFilter(filter);
        }
    }

    @PreDestroy
    void restore() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            context.getTurboFilterList().remove(filter);
        }
    }

    @Override
    public Message<byte[]> handleClientMessageProcessingError(Message<byte[]> clientMessage, Throwable ex) {
        StompHeaderAccessor stomp = clientMessage == null ? null
                : MessageHeaderAccessor.getAccessor(clientMessage, StompHeaderAccessor.class);
        String session = stomp == null ? "" : " of session " + stomp.getSessionId();
        if (NestedExceptionUtils.getMostSpecificCause(ex).getMessage() == null) {
            // Not a refusal, which always says why: something failed with no message; Spring logs only that message.
            log.warn("A STOMP frame{} failed", session, ex);
        } else {
            log.debug("Refused a STOMP frame{}: {}", session, ex.toString());
        }
        return super.handleClientMessageProcessingError(clientMessage, ex);
    }
}
