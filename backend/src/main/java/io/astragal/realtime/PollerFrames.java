package io.astragal.realtime;

import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageChannel;
import org.springframework.messaging.MessageHandler;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.SimpMessageType;
import org.springframework.messaging.simp.broker.OrderedMessageChannelDecorator;
import org.springframework.messaging.support.AbstractMessageChannel;
import org.springframework.messaging.support.AbstractSubscribableChannel;
import org.springframework.messaging.support.ChannelInterceptor;
import org.springframework.messaging.support.ExecutorSubscribableChannel;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.messaging.StompSubProtocolHandler;
import org.springframework.web.socket.messaging.SubProtocolHandler;

/**
 * Spring's STOMP handler, with the frames read on Tomcat's poller ({@link PollerReads}) sorted by
 * what their checks may wait for. A SEND (a command) and a heart-beat are checked from memory, so
 * they go on from the poller. Any other frame goes on from a thread of its own: a SUBSCRIBE's check
 * of the table's members may read them from the database, and a poller that waited for it would
 * hold up every connection's reads (for seconds while the database is away).
 *
 * <p>Order is kept by Spring: a connection's frames are handled one after another
 * ({@code setPreserveReceiveOrder}), the next released when the one before is handled, so the frames
 * behind a handed-over one wait for it wherever it runs.
 */
final class PollerFrames implements SubProtocolHandler {

    private static final Logger log = LoggerFactory.getLogger(PollerFrames.class);

    private final StompSubProtocolHandler stomp;
    private final Executor elsewhere;
    /** The inbound channel Spring hands every call, and this handler's wrapper of it. */
    private volatile HandOff handOff;

    PollerFrames(StompSubProtocolHandler stomp, Executor elsewhere) {
        this.stomp = stomp;
        this.elsewhere = elsewhere;
    }

    StompSubProtocolHandler stomp() {
        return stomp;
    }

    @Override
    public List<String> getSupportedProtocols() {
        return stomp.getSupportedProtocols();
    }

    @Override
    public void handleMessageFromClient(WebSocketSession session, WebSocketMessage<?> message, MessageChannel inbound)
            throws Exception {
        stomp.handleMessageFromClient(session, message, handOff(inbound));
    }

    @Override
    public void handleMessageToClient(WebSocketSession session, Message<?> message) throws Exception {
        stomp.handleMessageToClient(session, message);
    }

    @Override
    public String resolveSessionId(Message<?> message) {
        return stomp.resolveSessionId(message);
    }

    @Override
    public void afterSessionStarted(WebSocketSession session, MessageChannel inbound) throws Exception {
        stomp.afterSessionStarted(session, inbound);
    }

    @Override
    public void afterSessionEnded(WebSocketSession session, CloseStatus closeStatus, MessageChannel inbound)
            throws Exception {
        stomp.afterSessionEnded(session, closeStatus, handOff(inbound));
    }

    private MessageChannel handOff(MessageChannel inbound) {
        HandOff known = handOff;
        if (known == null || known.inbound() != inbound) {
            known = new HandOff(inbound, elsewhere);
            handOff = known;
        }
        return known;
    }

    /** Whether a frame's checks only look at memory: a SEND or a heart-beat. */
    static boolean checkedFromMemory(Message<?> frame) {
        SimpMessageType type = SimpMessageHeaderAccessor.getMessageType(frame.getHeaders());
        return type == SimpMessageType.MESSAGE || type == SimpMessageType.HEARTBEAT;
    }

    /**
     * The inbound channel, reached from a poller only by frames checked from memory. Spring's STOMP
     * handler and its per-connection ordering look at the channel they are given: whether its
     * interceptors make frames immutable in the end (else it makes them immutable at once, and the
     * ordering cannot mark them), and how many handlers it has (a connection's next frame is released
     * once all of them have handled one). Every frame sent here reaches the inbound channel, so this
     * channel answers with the inbound channel's interceptors and handlers; it has none of its own.
     */
    static final class HandOff extends ExecutorSubscribableChannel {

        private final MessageChannel inbound;
        private final Executor elsewhere;

        HandOff(MessageChannel inbound, Executor elsewhere) {
            this.inbound = inbound;
            this.elsewhere = elsewhere;
        }

        MessageChannel inbound() {
            return inbound;
        }

        @Override
        public List<ChannelInterceptor> getInterceptors() {
            return inbound instanceof AbstractMessageChannel channel ? channel.getInterceptors() : List.of();
        }

        @Override
        public Set<MessageHandler> getSubscribers() {
            return inbound instanceof AbstractSubscribableChannel channel ? channel.getSubscribers() : Set.of();
        }

        @Override
        public boolean sendInternal(Message<?> frame, long timeout) {
            if (!PollerReads.onPoller() || checkedFromMemory(frame)) {
                return inbound.send(frame, timeout);
            }
            elsewhere.execute(() -> sendReleasingNext(frame));
            return true;
        }

        /**
         * Sends the frame. One that is not sent (an interceptor refused it) or fails is never handled,
         * so the connection's next frame is released here, as Spring would have had the send not been
         * handed over.
         */
        private void sendReleasingNext(Message<?> frame) {
            boolean sent = false;
            try {
                sent = inbound.send(frame);
            } catch (RuntimeException e) {
                log.error("A client's {} frame could not be handled", SimpMessageHeaderAccessor.getMessageType(frame.getHeaders()), e);
            }
            if (!sent) {
                Runnable next = OrderedMessageChannelDecorator.getNextMessageTask(frame);
                if (next != null) {
                    next.run();
                }
            }
        }
    }
}
