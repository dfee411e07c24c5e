package io.astragal.realtime;

import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageChannel;
import org.springframework.messaging.MessageHandler;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.SimpMessageType;
import org.springframework.messaging.simp.broker.OrderedMessageChannelDecorator;
import org.springframework.messaging.simp.stomp.BufferingStompDecoder;
import org.springframework.messaging.support.AbstractMessageChannel;
import org.springframework.messaging.support.AbstractSubscribableChannel;
import org.springframework.messaging.support.ChannelInterceptor;
import org.springframework.messaging.support.ExecutorSubscribableChannel;
import org.springframework.messaging.support.MessageHeaderAccessor;
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
 * <p>A connection's frames are handled one after another ({@code setPreserveReceiveOrder}), the next
 * released when the one before is handled, so the frames behind a handed-over one wait for it
 * wherever it runs. The order is kept here ({@link InOrder}) and the frames decoded by a
 * {@link FrameDecoder}, in place of Spring's per-connection queues (docs/performance.md, step 92).
 */
final class PollerFrames implements SubProtocolHandler {

    private static final Logger log = LoggerFactory.getLogger(PollerFrames.class);

    private final StompSubProtocolHandler stomp;
    /** Spring's handler's decoder of each connection, by session id. */
    private final Map<String, BufferingStompDecoder> decoders;
    private final Executor elsewhere;
    /** The inbound channel Spring hands every call, and this handler's wrapper of it. */
    private volatile HandOff handOff;
    /** Each connection's frames in order, by session id, when Spring's inbound channel releases them in turn. */
    private final Map<String, InOrder> connections = new ConcurrentHashMap<>();

    PollerFrames(StompSubProtocolHandler stomp, Executor elsewhere) {
        this.stomp = stomp;
        this.decoders = decodersOf(stomp);
        this.elsewhere = elsewhere;
        // The order is kept here; Spring's inbound channel still runs each frame's release task.
        stomp.setPreserveReceiveOrder(false);
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
        InOrder connection = connections.get(session.getId());
        stomp.handleMessageFromClient(session, message, connection != null ? connection : handOff(inbound));
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
        decoders.computeIfPresent(session.getId(), (id, spring) -> new FrameDecoder(spring));
        if (OrderedMessageChannelDecorator.supportsOrderedMessages(inbound)) {
            connections.put(session.getId(), new InOrder(handOff(inbound)));
        }
    }

    @Override
    public void afterSessionEnded(WebSocketSession session, CloseStatus closeStatus, MessageChannel inbound)
            throws Exception {
        connections.remove(session.getId());
        stomp.afterSessionEnded(session, closeStatus, handOff(inbound));
    }

    private HandOff handOff(MessageChannel inbound) {
        HandOff known = handOff;
        if (known == null || known.inbound() != inbound) {
            known = new HandOff(inbound, elsewhere);
            handOff = known;
        }
        return known;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, BufferingStompDecoder> decodersOf(StompSubProtocolHandler stomp) {
        try {
            Field field = StompSubProtocolHandler.class.getDeclaredField("decoders");
            field.setAccessible(true);
            return (Map<String, BufferingStompDecoder>) field.get(stomp);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Spring's STOMP handler no longer keeps its decoders as it did", e);
        }
    }

    /** Whether a frame's checks only look at memory: a SEND or a heart-beat. */
    static boolean checkedFromMemory(Message<?> frame) {
        SimpMessageType type = SimpMessageHeaderAccessor.getMessageType(frame.getHeaders());
        return type == SimpMessageType.MESSAGE || type == SimpMessageType.HEARTBEAT;
    }

    /**
     * The inbound channel, reached from a poller only by frames checked from memory. Spring's STOMP
     * handler and each connection's ordering ({@link InOrder}) look at the channel they are given: whether its
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

    /**
     * A connection's frames, handed on one at a time: the next once every handler of Spring's inbound
     * channel has handled the one before, which the channel tells by running the task the frame
     * carries ({@link OrderedMessageChannelDecorator#getNextMessageTask}). Spring's
     * {@code setPreserveReceiveOrder} does the same with a decorator whose linked queue, after each
     * frame, is left pointing at a new node: an old object referencing a young one, which every young
     * collection must find by scanning the connection's card. Here the frames wait in an array whose
     * slot is cleared once its frame is handled, so an idle connection points at none.
     */
    static final class InOrder extends ExecutorSubscribableChannel {

        /** The header Spring's inbound channel reads a frame's release task from. */
        static final String RELEASE_HEADER = "simpNextMessageTask";

        private final HandOff next;
        private final int handlers;
        /** The frame being handled first, then those behind it. Guarded by this. */
        private final ArrayDeque<Message<?>> frames = new ArrayDeque<>(2);
        /** Whether a frame is being handled. Guarded by this. */
        private boolean busy;

        InOrder(HandOff next) {
            this.next = next;
            this.handlers = next.getSubscribers().size();
        }

        @Override
        public List<ChannelInterceptor> getInterceptors() {
            return next.getInterceptors();
        }

        @Override
        public Set<MessageHandler> getSubscribers() {
            return next.getSubscribers();
        }

        @Override
        public boolean sendInternal(Message<?> frame, long timeout) {
            synchronized (this) {
                frames.addLast(frame);
                if (busy) {
                    return true;
                }
                busy = true;
            }
            sendNext();
            return true;
        }

        /** Hands on the first frame; one not sent is dropped and the next handed on, as Spring does. */
        private void sendNext() {
            for (;;) {
                Message<?> frame;
                synchronized (this) {
                    frame = frames.peekFirst();
                    if (frame == null) {
                        busy = false;
                        return;
                    }
                }
                try {
                    var headers = MessageHeaderAccessor.getAccessor(frame, SimpMessageHeaderAccessor.class);
                    if (headers == null || !headers.isMutable()) {
                        throw new IllegalStateException("A frame to hand on in order must have mutable headers");
                    }
                    headers.setHeader(RELEASE_HEADER, new Release(frame));
                    if (next.send(frame)) {
                        return;
                    }
                } catch (RuntimeException e) {
                    log.error("A client's {} frame could not be handed on", SimpMessageHeaderAccessor.getMessageType(frame.getHeaders()), e);
                }
                remove(frame);
            }
        }

        /** Takes the frame off the front, if it is still there. */
        private synchronized boolean remove(Message<?> frame) {
            if (frames.peekFirst() != frame) {
                return false;
            }
            frames.removeFirst();
            return true;
        }

        /** Run by each handler of the frame once done with it; the last hands on the next frame. */
        private final class Release implements Runnable {

            private final Message<?> frame;
            private final AtomicInteger handled = new AtomicInteger();

            Release(Message<?> frame) {
                this.frame = frame;
            }

            @Override
            public void run() {
                if (handled.incrementAndGet() >= handlers && remove(frame)) {
                    sendNext();
                }
            }
        }
    }

    /**
     * Spring's decoder of a connection's STOMP frames, a new one for each WebSocket message unless
     * the one before holds part of a frame. Spring keeps one for the connection's life, whose linked
     * queue is left pointing at a new node after every message (as {@link InOrder} explains); a
     * decoder taken afresh is young garbage once its frames are out.
     */
    static final class FrameDecoder extends BufferingStompDecoder {

        /** The decoder holding part of a frame, or null. */
        private volatile BufferingStompDecoder partial;

        FrameDecoder(BufferingStompDecoder spring) {
            super(spring.getStompDecoder(), spring.getBufferSizeLimit());
        }

        @Override
        public List<Message<byte[]>> decode(ByteBuffer bytes) {
            BufferingStompDecoder decoder = partial;
            partial = null;
            if (decoder == null) {
                decoder = new BufferingStompDecoder(getStompDecoder(), getBufferSizeLimit());
            }
            List<Message<byte[]>> frames = decoder.decode(bytes);
            if (decoder.getBufferSize() > 0) {
                partial = decoder;
            }
            return frames;
        }

        @Override
        public int getBufferSize() {
            BufferingStompDecoder decoder = partial;
            return decoder == null ? 0 : decoder.getBufferSize();
        }

        @Override
        public Integer getExpectedContentLength() {
            BufferingStompDecoder decoder = partial;
            return decoder == null ? null : decoder.getExpectedContentLength();
        }
    }
}
