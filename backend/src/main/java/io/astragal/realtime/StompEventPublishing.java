package io.astragal.realtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.stereotype.Component;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.messaging.AbstractSubProtocolEvent;
import org.springframework.web.socket.messaging.SessionSubscribeEvent;
import org.springframework.web.socket.messaging.StompSubProtocolHandler;
import org.springframework.web.socket.messaging.SubProtocolWebSocketHandler;

/**
 * Publishes the events of Spring's STOMP handler (a connection's CONNECT, SUBSCRIBE, UNSUBSCRIBE)
 * so that a listener's failure stays with the listener.
 *
 * <p>Spring publishes a frame's event on the reading thread after handing the frame on. With frames
 * kept in order ({@code setPreserveReceiveOrder}), a frame that waited behind the connection's
 * previous one is given a header on the inbound thread when its turn comes, possibly at that very
 * moment. When a listener throws (Spring's own user registry does, for a SUBSCRIBE to a blank
 * destination), Spring logs the event with its message, and printing headers another thread is
 * adding to can throw a {@code ConcurrentModificationException}; that escapes, Spring logs "Failed to
 * send message to MessageChannel in session …:null" at ERROR and the client loses its connection.
 * Published through here, a listener's failure is caught and logged without printing the message.
 */
@Component
class StompEventPublishing implements SmartInitializingSingleton {

    private static final Logger log = LoggerFactory.getLogger(StompEventPublishing.class);

    private final WebSocketHandler webSocketHandler;
    private final ApplicationEventPublisher publisher;

    StompEventPublishing(@Qualifier("subProtocolWebSocketHandler") WebSocketHandler webSocketHandler,
                         ApplicationEventPublisher publisher) {
        this.webSocketHandler = webSocketHandler;
        this.publisher = publisher;
    }

    @Override
    public void afterSingletonsInstantiated() {
        if (webSocketHandler instanceof SubProtocolWebSocketHandler handler) {
            for (var each : handler.getProtocolHandlers()) {
                StompSubProtocolHandler stomp = each instanceof PollerFrames frames ? frames.stomp()
                        : each instanceof StompSubProtocolHandler plain ? plain : null;
                if (stomp != null) {
                    stomp.setApplicationEventPublisher(this::publish);
                }
            }
        }
    }

    void publish(Object event) {
        try {
            publisher.publishEvent(event);
        } catch (RuntimeException e) {
            String session = event instanceof AbstractSubProtocolEvent stomp ? sessionOf(stomp) : "?";
            if (event instanceof SessionSubscribeEvent && e instanceof IllegalArgumentException) {
                // A SUBSCRIBE to a blank destination: the user registry refuses it, as InboundFrameGuard does.
                log.debug("A listener refused a SUBSCRIBE of session {}: {}", session, e.getMessage());
            } else {
                log.warn("A listener of {} of session {} failed", event.getClass().getSimpleName(), session, e);
            }
        }
    }

    /** The session id, read alone: the headers must not be printed or copied here (see above). */
    private static String sessionOf(AbstractSubProtocolEvent event) {
        return String.valueOf(SimpMessageHeaderAccessor.getSessionId(event.getMessage().getHeaders()));
    }
}
