package io.astragal.realtime;

import jakarta.servlet.http.WebConnection;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.coyote.http11.upgrade.InternalHttpUpgradeHandler;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.SSLSupport;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.core.task.TaskRejectedException;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.PingMessage;
import org.springframework.web.socket.PongMessage;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketExtension;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;

/**
 * One WebSocket connection (RFC 6455) on a socket Tomcat has upgraded, and the session Spring's
 * STOMP handler sees of it. It exists for its sends: a message is written to the socket on the thread
 * that sends it, without blocking and without waking another thread. Only when the socket takes no
 * more does the rest wait, in order, for Tomcat to say the socket is writable again (a container
 * thread then writes it). Tomcat's own WebSocket sends either block the sender or hand their
 * completion to another thread, so each message woke a writer thread (docs/performance.md, step 85).
 *
 * <p>A client too slow to take its messages is cut off, as before: when more than the send buffer
 * limit waits for it, or when its socket has taken nothing for the send time limit.
 *
 * <p>What a client sends reaches the handler on the container thread that read it, as binary parts
 * of at most one read each: STOMP joins them into frames whatever the WebSocket messages that carried
 * them, and a text message's UTF-8 is checked here.
 */
public final class UpgradedWebSocket implements InternalHttpUpgradeHandler, WebSocketSession {

    private static final Logger log = LoggerFactory.getLogger(UpgradedWebSocket.class);
    private static final AtomicLong IDS = new AtomicLong();
    /** Bytes read from the socket at a time: a client's frames (commands) are a few hundred. */
    static final int READ_BYTES = 2048;
    /**
     * Read buffers that no read holds. A read's bytes are copied into its frames' parts before it
     * ends, so any connection's next read may take the buffer; a new one for each read was 2 % of all
     * the server allocated (docs/performance.md, step 87). A few suffice: only so many reads run at once.
     */
    private static final AtomicReferenceArray<byte[]> SPARE_READS = new AtomicReferenceArray<>(8);
    /** How long a client may take to answer a normal close before its socket is closed anyway. */
    private static final long CLOSE_WAIT_MILLIS = 2_000;
    private static final int CONTINUATION = 0x0, TEXT = 0x1, BINARY = 0x2, CLOSE = 0x8, PING = 0x9, PONG = 0xA;

    /** What the handshake decided; set before Tomcat calls {@link #init}. */
    record Handshake(WebSocketHandler handler, URI uri, Map<String, Object> attributes, Principal principal,
                     InetSocketAddress localAddress, InetSocketAddress remoteAddress, String protocol,
                     long sendBufferLimit, long sendTimeLimitMillis, TaskScheduler timer) {
    }

    private final String id = Long.toHexString(IDS.incrementAndGet());
    private Handshake handshake;
    private SocketWrapperBase<?> socket;
    /** Kept for Spring, which sets them; nothing here limits a message: STOMP's decoder limits a frame. */
    private int textMessageSizeLimit = 8192;
    private int binaryMessageSizeLimit = 8192;

    // Writing, guarded by the lock.
    private final ReentrantLock writing = new ReentrantLock();
    private final byte[] header = new byte[10];
    /** Frames waiting for the socket to take what it was last given; null while nothing waits. */
    private ArrayDeque<Frame> waiting;
    private long waitingBytes;
    /** When the socket last took something while backed up. */
    private long progressMillis;
    private boolean backedUp;
    /** Whether a check for a stuck socket is scheduled. */
    private boolean checking;
    private volatile boolean closeSent;

    // Reading, on one container thread at a time.
    private final FrameReader reader = new FrameReader();

    private final AtomicBoolean ended = new AtomicBoolean();
    private volatile CloseStatus closeStatus;

    /** Tomcat makes this through its public no-argument constructor. */
    public UpgradedWebSocket() {
    }

    void handshake(Handshake handshake) {
        this.handshake = handshake;
    }

    @Override
    public void setSocketWrapper(SocketWrapperBase<?> wrapper) {
        this.socket = wrapper;
    }

    @Override
    public void init(WebConnection connection) {
        try {
            handshake.handler().afterConnectionEstablished(this);
        } catch (Exception e) {
            log.error("WebSocket session {}: opening failed", id, e);
            closeNow(CloseStatus.SERVER_ERROR);
        }
    }

    @Override
    public SocketState upgradeDispatch(SocketEvent status) {
        return switch (status) {
            case OPEN_READ -> read();
            case OPEN_WRITE -> {
                writePossible();
                yield ended.get() ? SocketState.CLOSED : SocketState.UPGRADED;
            }
            case STOP -> {
                closeNow(CloseStatus.GOING_AWAY);
                yield SocketState.CLOSED;
            }
            case ERROR, DISCONNECT, TIMEOUT, CONNECT_FAIL -> {
                end(CloseStatus.NO_CLOSE_FRAME);
                yield SocketState.CLOSED;
            }
        };
    }

    /**
     * Not used: Tomcat stops calling it for a connection once a write event was handled (until the
     * next read event), so the send time limit and the close's wait are timed by {@link Handshake#timer()}.
     */
    @Override
    public void timeoutAsync(long now) {
    }

    @Override
    public void destroy() {
        end(CloseStatus.NO_CLOSE_FRAME);
    }

    @Override
    public void setSslSupport(SSLSupport sslSupport) {
    }

    @Override
    public void pause() {
    }

    // ---- Sending

    @Override
    public void sendMessage(WebSocketMessage<?> message) throws IOException {
        switch (message) {
            case TextMessage text -> send(TEXT, text.asBytes());
            case BinaryMessage binary -> send(BINARY, PiecedMessage.bytesOf(binary.getPayload()));
            case PiecedMessage pieced -> send(BINARY, pieced.pieces(), pieced.length());
            case PingMessage ping -> send(PING, PiecedMessage.bytesOf(ping.getPayload()));
            case PongMessage pong -> send(PONG, PiecedMessage.bytesOf(pong.getPayload()));
            default -> throw new IllegalArgumentException("Not a WebSocket message type: " + message.getClass());
        }
    }

    /**
     * Writes one frame now, or queues it behind those the socket has not taken yet.
     *
     * @throws IllegalStateException when the session is closed
     * @throws IOException when more than the send buffer limit would wait, or the write fails
     */
    private void send(int opcode, byte[] payload) throws IOException {
        send(opcode, List.of(payload), payload.length);
    }

    /** {@link #send(int, byte[])} for a payload of {@code length} bytes in pieces, sent one after another. */
    private void send(int opcode, List<byte[]> payload, int length) throws IOException {
        writing.lock();
        try {
            if (closeSent || ended.get()) {
                throw new IllegalStateException("WebSocket session " + id + " is closed");
            }
            writeOrQueue(opcode, payload, length, handshake.sendBufferLimit());
        } finally {
            writing.unlock();
        }
    }

    /**
     * Writes a frame, or queues it while the socket has not taken what it was given; the lock is held.
     *
     * @throws IOException when more than {@code limit} bytes would wait, or the write fails
     */
    private void writeOrQueue(int opcode, List<byte[]> payload, int length, long limit) throws IOException {
        if (backedUp) {
            Frame frame = Frame.of(opcode, payload, length);
            if (waitingBytes + frame.bytes() > limit) {
                throw new IOException("more than " + limit + " bytes waited for it");
            }
            waitingBytes += frame.bytes();
            waiting.addLast(frame);
            return;
        }
        socket.write(false, header, 0, header(header, opcode, length));
        write(payload);
        if (socket.flush(false)) {
            backUp();
        }
    }

    /** Hands the pieces to the socket's non-blocking write, which takes them all (what it cannot send yet, it keeps). */
    private void write(List<byte[]> pieces) throws IOException {
        for (byte[] piece : pieces) {
            socket.write(false, piece, 0, piece.length);
        }
    }

    private void backUp() {
        backedUp = true;
        progressMillis = System.currentTimeMillis();
        if (waiting == null) {
            waiting = new ArrayDeque<>(4);
        }
        socket.registerWriteInterest();
        if (!checking) {
            checking = true;
            later(this::checkStuck, handshake.sendTimeLimitMillis());
        }
    }

    /** Cuts the client off if its socket has taken nothing for the send time limit; else looks again later. */
    private void checkStuck() {
        long stuckMillis;
        writing.lock();
        try {
            if (!backedUp || ended.get()) {
                checking = false;
                return;
            }
            stuckMillis = System.currentTimeMillis() - progressMillis;
            if (stuckMillis < handshake.sendTimeLimitMillis()) {
                later(this::checkStuck, handshake.sendTimeLimitMillis() - stuckMillis);
                return;
            }
        } finally {
            writing.unlock();
        }
        log.info("WebSocket session {} cut off as too slow: its socket took nothing for {} ms", id, stuckMillis);
        closeNow(CloseStatus.SESSION_NOT_RELIABLE.withReason("too slow to take its messages"));
    }

    /** The socket takes writes again: what waited goes out, in order, for as long as it takes them. */
    private void writePossible() {
        try {
            writeWaiting();
        } catch (IOException e) {
            log.debug("WebSocket session {}: a write failed: {}", id, e.toString());
            closeNow(null);
        }
    }

    private void writeWaiting() throws IOException {
        writing.lock();
        try {
            if (!backedUp || ended.get()) {
                return;
            }
            progressMillis = System.currentTimeMillis();
            if (socket.flush(false)) {
                socket.registerWriteInterest();
                return;
            }
            // Frames go into the socket's buffer for as long as it has room, and out in one write each time it fills.
            while (!waiting.isEmpty()) {
                Frame next;
                while (socket.canWrite() && (next = waiting.pollFirst()) != null) {
                    waitingBytes -= next.bytes();
                    socket.write(false, next.header(), 0, next.header().length);
                    write(next.payload());
                }
                if (socket.flush(false)) {
                    socket.registerWriteInterest();
                    return;
                }
            }
            backedUp = false;
            waiting = null;
            waitingBytes = 0;
        } finally {
            writing.unlock();
        }
    }

    /** Runs {@code task} in {@code millis}, or now if the timer has stopped (the server is stopping). */
    private void later(Runnable task, long millis) {
        try {
            handshake.timer().schedule(task, Instant.now().plusMillis(millis));
        } catch (TaskRejectedException e) {
            task.run();
        }
    }

    /**
     * A frame that waits: its header, and its payload as the message's own arrays, which the members
     * of a table who see an event alike share; so a backed-up connection holds no copy.
     *
     * @param bytes the header's and the payload's bytes
     */
    private record Frame(byte[] header, List<byte[]> payload, int bytes) {
        static Frame of(int opcode, List<byte[]> payload, int length) {
            byte[] header = new byte[10];
            int headerLength = UpgradedWebSocket.header(header, opcode, length);
            return new Frame(Arrays.copyOf(header, headerLength), payload, headerLength + length);
        }
    }

    /** A server frame's header (final, unmasked) into {@code into}; its length. */
    private static int header(byte[] into, int opcode, int length) {
        into[0] = (byte) (0x80 | opcode);
        if (length < 126) {
            into[1] = (byte) length;
            return 2;
        }
        if (length < 65_536) {
            into[1] = 126;
            into[2] = (byte) (length >>> 8);
            into[3] = (byte) length;
            return 4;
        }
        into[1] = 127;
        for (int i = 0; i < 8; i++) {
            into[2 + i] = (byte) (i < 4 ? 0 : length >>> (8 * (7 - i)));
        }
        return 10;
    }

    // ---- Closing

    @Override
    public void close() {
        close(CloseStatus.NORMAL);
    }

    /**
     * Sends a close frame. A normal close waits (up to {@link #CLOSE_WAIT_MILLIS}) for the client's
     * answer; any other closes the socket at once, as Tomcat does after an abnormal close.
     */
    @Override
    public void close(CloseStatus status) {
        if (!sendClose(status)) {
            return;
        }
        if (status.equalsCode(CloseStatus.NORMAL) || status.equalsCode(CloseStatus.GOING_AWAY)) {
            later(() -> closeNow(null), CLOSE_WAIT_MILLIS);
        } else {
            closeNow(status);
        }
    }

    /** Writes a close frame after what waits, if none was sent; whether this one was. */
    private boolean sendClose(CloseStatus status) {
        writing.lock();
        try {
            if (closeSent || ended.get()) {
                return false;
            }
            closeSent = true;
            closeStatus = status;
            byte[] reason = status.getReason() == null ? new byte[0] : status.getReason().getBytes(StandardCharsets.UTF_8);
            int reasonLength = Math.min(reason.length, 123);
            byte[] payload = new byte[2 + reasonLength];
            payload[0] = (byte) (status.getCode() >>> 8);
            payload[1] = (byte) status.getCode();
            System.arraycopy(reason, 0, payload, 2, reasonLength);
            writeOrQueue(CLOSE, List.of(payload), payload.length, Long.MAX_VALUE); // a close goes after whatever waits
        } catch (IOException | RuntimeException e) {
            log.debug("WebSocket session {}: the close frame was not written: {}", id, e.toString());
        } finally {
            writing.unlock();
        }
        return true;
    }

    /**
     * Closes the socket now and tells the handler, once; after a close frame of {@code status}, or with
     * none when null (1006, "no close frame", is never sent: RFC 6455, section 7.4.1).
     */
    private void closeNow(CloseStatus status) {
        if (status != null) {
            sendClose(status);
        }
        end(status == null ? closeStatusOr(CloseStatus.NO_CLOSE_FRAME) : status);
    }

    private CloseStatus closeStatusOr(CloseStatus otherwise) {
        CloseStatus status = closeStatus;
        return status == null ? otherwise : status;
    }

    /** The connection is over: its socket is closed, and the handler hears so once. */
    private void end(CloseStatus status) {
        if (!ended.compareAndSet(false, true)) {
            return;
        }
        // A write under way ends first; any later one finds the connection ended and leaves the socket alone.
        writing.lock();
        writing.unlock();
        closeSocket();
        try {
            handshake.handler().afterConnectionClosed(this, status);
        } catch (Exception e) {
            log.warn("WebSocket session {}: closing failed", id, e);
        }
    }

    /**
     * Closes the socket under the lock Tomcat holds while it handles one of the connection's events
     * (a read, a write made possible). Closing hands the socket's buffers and channel back for the
     * next connection, so a close from another thread during a read made the read fail (a
     * BufferUnderflowException) or could give it another connection's bytes. When the lock is busy,
     * the close is Tomcat's: a DISCONNECT, dispatched now, waits for the lock, and this connection,
     * ended, answers it CLOSED. The lock is only tried, never waited for: the thread closing may hold
     * a lock that the reading thread is waiting for.
     */
    private void closeSocket() {
        ReentrantLock events = socket.getLock();
        if (!events.tryLock()) {
            socket.processSocket(SocketEvent.DISCONNECT, true);
            return;
        }
        try {
            if (!socket.isClosed()) {
                socket.close();
            }
        } finally {
            events.unlock();
        }
    }

    // ---- Reading

    private SocketState read() {
        byte[] bytes = takeReadBuffer();
        try {
            while (!ended.get()) {
                int n = socket.read(false, bytes, 0, bytes.length);
                if (n < 0) {
                    end(closeStatusOr(CloseStatus.NO_CLOSE_FRAME));
                    return SocketState.CLOSED;
                }
                if (n == 0) {
                    return SocketState.UPGRADED;
                }
                reader.take(bytes, n);
            }
        } catch (ProtocolError e) {
            log.debug("WebSocket session {}: {}", id, e.getMessage());
            closeNow(e.status);
        } catch (IOException e) {
            end(CloseStatus.NO_CLOSE_FRAME);
        } catch (RuntimeException e) {
            log.error("WebSocket session {}: reading failed", id, e);
            closeNow(CloseStatus.SERVER_ERROR);
        } finally {
            giveReadBuffer(bytes);
        }
        return SocketState.CLOSED;
    }

    private static byte[] takeReadBuffer() {
        for (int i = 0; i < SPARE_READS.length(); i++) {
            byte[] spare = SPARE_READS.get(i) == null ? null : SPARE_READS.getAndSet(i, null);
            if (spare != null) {
                return spare;
            }
        }
        return new byte[READ_BYTES];
    }

    private static void giveReadBuffer(byte[] bytes) {
        for (int i = 0; i < SPARE_READS.length(); i++) {
            if (SPARE_READS.get(i) == null && SPARE_READS.compareAndSet(i, null, bytes)) {
                return;
            }
        }
    }

    /** What the client broke: the connection closes with this status. */
    private static final class ProtocolError extends IOException {
        final transient CloseStatus status;

        ProtocolError(CloseStatus status, String message) {
            super(message);
            this.status = status.withReason(message);
        }
    }

    /** A client's frames, parsed as their bytes arrive, in as many reads as they come in. */
    private final class FrameReader {
        private final byte[] head = new byte[14];
        private int headBytes;
        private int opcode;
        private boolean fin;
        private long payloadLeft;
        private final byte[] mask = new byte[4];
        private int maskAt;
        /** The data message under way: TEXT or BINARY, or -1 between messages. */
        private int message = -1;
        /** A control frame's payload (at most 125 bytes), gathered whole before it is acted on. */
        private byte[] control;
        private int controlBytes;
        private final Utf8Check utf8 = new Utf8Check();

        void take(byte[] bytes, int length) throws IOException {
            int at = 0;
            while (at < length && !ended.get()) {
                if (payloadLeft == 0 && control == null) {
                    at = readHead(bytes, at, length);
                    if (at < 0) {
                        return; // the header is not all here yet
                    }
                    continue;
                }
                int n = (int) Math.min(payloadLeft, length - at);
                byte[] part = new byte[n];
                for (int i = 0; i < n; i++) {
                    part[i] = (byte) (bytes[at + i] ^ mask[maskAt++ & 3]);
                }
                at += n;
                payloadLeft -= n;
                if (control != null) {
                    System.arraycopy(part, 0, control, controlBytes, n);
                    controlBytes += n;
                    if (payloadLeft == 0) {
                        control();
                    }
                } else {
                    deliver(part, payloadLeft == 0);
                }
            }
        }

        /** Reads the next frame's header from {@code bytes[at..length)}; where its payload starts, or -1. */
        private int readHead(byte[] bytes, int at, int length) throws IOException {
            while (at < length) {
                head[headBytes++] = bytes[at++];
                int needed = headLength();
                if (needed > 0 && headBytes == needed) {
                    startFrame();
                    headBytes = 0;
                    if (payloadLeft == 0) {
                        emptyFrame();
                    }
                    return at;
                }
            }
            return -1;
        }

        /** The header's whole length once its first bytes tell it, else 0. */
        private int headLength() {
            if (headBytes < 2) {
                return 0;
            }
            int length = head[1] & 0x7F;
            return 2 + (length == 126 ? 2 : length == 127 ? 8 : 0) + 4;
        }

        private void startFrame() throws IOException {
            int b0 = head[0] & 0xFF, b1 = head[1] & 0xFF;
            if ((b0 & 0x70) != 0) {
                throw new ProtocolError(CloseStatus.PROTOCOL_ERROR, "reserved bits set, but no extension was agreed");
            }
            if ((b1 & 0x80) == 0) {
                throw new ProtocolError(CloseStatus.PROTOCOL_ERROR, "a client's frame must be masked");
            }
            fin = (b0 & 0x80) != 0;
            opcode = b0 & 0x0F;
            int length7 = b1 & 0x7F;
            int at = 2;
            long length;
            if (length7 == 126) {
                length = ((head[2] & 0xFF) << 8) | (head[3] & 0xFF);
                at = 4;
            } else if (length7 == 127) {
                length = 0;
                for (int i = 0; i < 8; i++) {
                    length = (length << 8) | (head[2 + i] & 0xFF);
                }
                if (length < 0) {
                    throw new ProtocolError(CloseStatus.PROTOCOL_ERROR, "a frame's length has its top bit set");
                }
                at = 10;
            } else {
                length = length7;
            }
            System.arraycopy(head, at, mask, 0, 4);
            maskAt = 0;
            payloadLeft = length;
            switch (opcode) {
                case CONTINUATION -> {
                    if (message < 0) {
                        throw new ProtocolError(CloseStatus.PROTOCOL_ERROR, "a continuation frame with no message to continue");
                    }
                }
                case TEXT, BINARY -> {
                    if (message >= 0) {
                        throw new ProtocolError(CloseStatus.PROTOCOL_ERROR, "a new message before the last one ended");
                    }
                    message = opcode;
                }
                case CLOSE, PING, PONG -> {
                    if (!fin || length > 125) {
                        throw new ProtocolError(CloseStatus.PROTOCOL_ERROR, "a control frame must be whole and at most 125 bytes");
                    }
                    control = new byte[(int) length];
                    controlBytes = 0;
                }
                default -> throw new ProtocolError(CloseStatus.PROTOCOL_ERROR, "unknown opcode " + opcode);
            }
        }

        private void emptyFrame() throws IOException {
            if (control != null) {
                control();
            } else {
                deliver(new byte[0], true);
            }
        }

        /** A part of a data message's payload, unmasked. */
        private void deliver(byte[] part, boolean frameEnds) throws IOException {
            boolean last = frameEnds && fin;
            if (message == TEXT && !utf8.valid(part, last)) {
                throw new ProtocolError(CloseStatus.BAD_DATA, "a text message that is not UTF-8");
            }
            if (last) {
                message = -1;
            }
            if (part.length == 0 && !last) {
                return;
            }
            try {
                handshake.handler().handleMessage(UpgradedWebSocket.this, new BinaryMessage(part, last));
            } catch (Exception e) {
                log.error("WebSocket session {}: a message could not be handled", id, e);
                closeNow(CloseStatus.SERVER_ERROR);
            }
        }

        private void control() throws IOException {
            byte[] payload = control;
            control = null;
            switch (opcode) {
                case PING -> {
                    try {
                        send(PONG, payload);
                    } catch (IllegalStateException e) {
                        // Closing already: no pong owed.
                    }
                }
                case PONG -> {
                    // Unasked pongs are allowed and mean nothing.
                }
                case CLOSE -> closed(payload);
                default -> throw new IllegalStateException("not a control opcode: " + opcode);
            }
        }

        /** The client closed: answer with the same code if no close was sent, then end. */
        private void closed(byte[] payload) throws IOException {
            CloseStatus status;
            if (payload.length == 0) {
                status = CloseStatus.NO_STATUS_CODE;
            } else if (payload.length == 1) {
                throw new ProtocolError(CloseStatus.PROTOCOL_ERROR, "a close frame with a one-byte code");
            } else {
                int code = ((payload[0] & 0xFF) << 8) | (payload[1] & 0xFF);
                if (!(code >= 1000 && code <= 1003 || code >= 1007 && code <= 1014 || code >= 3000 && code <= 4999)) {
                    throw new ProtocolError(CloseStatus.PROTOCOL_ERROR, "a close frame with code " + code + ", which no endpoint sends");
                }
                byte[] reason = Arrays.copyOfRange(payload, 2, payload.length);
                if (!new Utf8Check().valid(reason, true)) {
                    throw new ProtocolError(CloseStatus.BAD_DATA, "a close reason that is not UTF-8");
                }
                status = new CloseStatus(code, reason.length == 0 ? null : new String(reason, StandardCharsets.UTF_8));
            }
            sendClose(payload.length == 0 ? CloseStatus.NORMAL : new CloseStatus(status.getCode()));
            end(status);
        }
    }

    /** Checks UTF-8 across a text message's parts: a character may span two. */
    private static final class Utf8Check {
        private int continuations;
        private int first;

        boolean valid(byte[] part, boolean last) {
            for (byte b : part) {
                int c = b & 0xFF;
                if (continuations > 0) {
                    if ((c & 0xC0) != 0x80 || !secondByteAllowed(c)) {
                        return false;
                    }
                    first = 0;
                    continuations--;
                } else if (c < 0x80) {
                    continue;
                } else if (c >= 0xC2 && c <= 0xDF) {
                    continuations = 1;
                } else if (c >= 0xE0 && c <= 0xEF) {
                    continuations = 2;
                    first = c;
                } else if (c >= 0xF0 && c <= 0xF4) {
                    continuations = 3;
                    first = c;
                } else {
                    return false;
                }
            }
            if (last && continuations > 0) {
                return false;
            }
            return true;
        }

        /** Overlong forms, surrogates and code points above U+10FFFF, told by the byte after the first. */
        private boolean secondByteAllowed(int c) {
            return switch (first) {
                case 0xE0 -> c >= 0xA0;
                case 0xED -> c <= 0x9F;
                case 0xF0 -> c >= 0x90;
                case 0xF4 -> c <= 0x8F;
                default -> true;
            };
        }
    }

    // ---- The session as Spring sees it

    @Override
    public String getId() {
        return id;
    }

    @Override
    public URI getUri() {
        return handshake.uri();
    }

    /** None kept: nothing here reads them after the handshake (docs/performance.md, step 38). */
    @Override
    public HttpHeaders getHandshakeHeaders() {
        return new HttpHeaders();
    }

    @Override
    public Map<String, Object> getAttributes() {
        return handshake.attributes();
    }

    @Override
    public Principal getPrincipal() {
        return handshake.principal();
    }

    @Override
    public InetSocketAddress getLocalAddress() {
        return handshake.localAddress();
    }

    @Override
    public InetSocketAddress getRemoteAddress() {
        return handshake.remoteAddress();
    }

    @Override
    public String getAcceptedProtocol() {
        return handshake.protocol();
    }

    @Override
    public void setTextMessageSizeLimit(int messageSizeLimit) {
        this.textMessageSizeLimit = messageSizeLimit;
    }

    @Override
    public int getTextMessageSizeLimit() {
        return textMessageSizeLimit;
    }

    @Override
    public void setBinaryMessageSizeLimit(int messageSizeLimit) {
        this.binaryMessageSizeLimit = messageSizeLimit;
    }

    @Override
    public int getBinaryMessageSizeLimit() {
        return binaryMessageSizeLimit;
    }

    @Override
    public List<WebSocketExtension> getExtensions() {
        return List.of();
    }

    @Override
    public boolean isOpen() {
        return !ended.get() && !closeSent;
    }

    @Override
    public String toString() {
        return "UpgradedWebSocket[id=" + id + ", uri=" + (handshake == null ? null : handshake.uri()) + "]";
    }
}
