package io.astragal.benchmark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The client side of RFC 6455 for the benchmark's connections: a few threads, each with a selector,
 * read every socket and hand each whole message to its {@link Socket.Listener} on that thread.
 * Sends are written at once from the sending thread when the socket takes them.
 *
 * <p>The JDK's {@code java.net.http.WebSocket} did the same with several hand-offs per message: its
 * sequential schedulers and selector threads were most of the client's CPU samples, and the client
 * shares the machine's two cores with the server it measures. Written this way the client uses a
 * quarter to a third less CPU at the same load (docs/performance.md, step 61).
 */
final class WebSockets implements AutoCloseable {

    private static final String ACCEPT_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
    static final int TEXT = 1;
    static final int BINARY = 2;
    static final int CLOSE = 8;
    static final int PING = 9;
    static final int PONG = 10;
    private static final int CONTINUATION = 0;
    /** The longest message taken from the server; a table message is a few KiB. */
    private static final int MAX_MESSAGE = 16 << 20;

    private final Loop[] loops;
    private final AtomicInteger next = new AtomicInteger();

    WebSockets(int threads) throws IOException {
        loops = new Loop[threads];
        for (int i = 0; i < threads; i++) {
            loops[i] = new Loop(Selector.open());
            Thread.ofPlatform().daemon().name("ws-io-" + i).start(loops[i]);
        }
    }

    /**
     * Opens a WebSocket (the handshake on a virtual thread of its own) and completes with it once
     * its reading thread has taken it on.
     */
    CompletableFuture<Socket> open(URI uri, Map<String, String> headers, Socket.Listener listener) {
        CompletableFuture<Socket> opened = new CompletableFuture<>();
        Loop loop = loops[Math.floorMod(next.getAndIncrement(), loops.length)];
        Thread.ofVirtual().name("ws-handshake").start(() -> {
            SocketChannel channel = null;
            try {
                channel = SocketChannel.open();
                channel.socket().connect(new InetSocketAddress(uri.getHost(), port(uri)), 30_000);
                channel.socket().setTcpNoDelay(true);
                ByteBuffer rest = handshake(channel, uri, headers);
                channel.configureBlocking(false);
                loop.adopt(new Socket(loop, channel, listener, rest), opened);
            } catch (IOException | RuntimeException e) {
                closeQuietly(channel);
                opened.completeExceptionally(e);
            }
        });
        return opened;
    }

    private static int port(URI uri) {
        return uri.getPort() > 0 ? uri.getPort() : "wss".equals(uri.getScheme()) ? 443 : 80;
    }

    /** Sends the upgrade request and reads the answer; returns what the server sent after it. */
    private static ByteBuffer handshake(SocketChannel channel, URI uri, Map<String, String> headers) throws IOException {
        byte[] nonce = new byte[16];
        ThreadLocalRandom.current().nextBytes(nonce);
        String key = Base64.getEncoder().encodeToString(nonce);
        StringBuilder request = new StringBuilder()
                .append("GET ").append(uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                .append(uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()).append(" HTTP/1.1\r\n")
                .append("Host: ").append(uri.getHost()).append(':').append(port(uri)).append("\r\n")
                .append("Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n")
                .append("Sec-WebSocket-Key: ").append(key).append("\r\n");
        headers.forEach((name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
        ByteBuffer out = ByteBuffer.wrap(request.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        while (out.hasRemaining()) {
            channel.write(out);
        }
        ByteBuffer in = ByteBuffer.allocate(4096);
        int end;
        while ((end = headerEnd(in)) < 0) {
            if (!in.hasRemaining() || channel.read(in) < 0) {
                throw new IOException("no WebSocket handshake answer from " + uri);
            }
        }
        String answer = new String(in.array(), 0, end, StandardCharsets.ISO_8859_1);
        if (!answer.startsWith("HTTP/1.1 101")) {
            throw new IOException("WebSocket handshake refused: " + answer.lines().findFirst().orElse(""));
        }
        String accept = answer.lines()
                .filter(line -> line.regionMatches(true, 0, "Sec-WebSocket-Accept:", 0, 21))
                .map(line -> line.substring(21).strip())
                .findFirst().orElse("");
        if (!accept.equals(acceptFor(key))) {
            throw new IOException("WebSocket handshake with a wrong Sec-WebSocket-Accept: " + accept);
        }
        ByteBuffer rest = ByteBuffer.allocate(in.position() - end - 4);
        rest.put(in.array(), end + 4, rest.capacity()).flip();
        return rest;
    }

    /** Where the header block ends (the index of its blank line's CR), or -1 if it has not yet. */
    private static int headerEnd(ByteBuffer in) {
        byte[] bytes = in.array();
        for (int i = 3; i < in.position(); i++) {
            if (bytes[i] == '\n' && bytes[i - 1] == '\r' && bytes[i - 2] == '\n' && bytes[i - 3] == '\r') {
                return i - 3;
            }
        }
        return -1;
    }

    static String acceptFor(String key) {
        try {
            byte[] sha1 = MessageDigest.getInstance("SHA-1").digest((key + ACCEPT_GUID).getBytes(StandardCharsets.US_ASCII));
            return Base64.getEncoder().encodeToString(sha1);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One frame as a client sends it: masked, as RFC 6455 requires of clients. */
    private static ByteBuffer clientFrame(int opcode, byte[] payload) {
        int length = payload.length;
        int header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
        ByteBuffer frame = ByteBuffer.allocate(header + 4 + length);
        frame.put((byte) (0x80 | opcode));
        if (length < 126) {
            frame.put((byte) (0x80 | length));
        } else if (length < 65_536) {
            frame.put((byte) (0x80 | 126)).putShort((short) length);
        } else {
            frame.put((byte) (0x80 | 127)).putLong(length);
        }
        int mask = ThreadLocalRandom.current().nextInt();
        frame.putInt(mask);
        for (int i = 0; i < length; i++) {
            frame.put((byte) (payload[i] ^ (mask >>> (24 - 8 * (i & 3)))));
        }
        return frame.flip();
    }

    @Override
    public void close() {
        for (Loop loop : loops) {
            loop.stop();
        }
    }

    private static void closeQuietly(SocketChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }

    /** A selector and the thread that reads its sockets. */
    private static final class Loop implements Runnable {

        private final Selector selector;
        private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
        /** Read into, for every socket of this loop in turn. */
        private final ByteBuffer buffer = ByteBuffer.allocateDirect(64 * 1024);
        /** A whole message's bytes, for decoding. */
        private byte[] scratch = new byte[16 * 1024];
        private volatile boolean running = true;

        Loop(Selector selector) {
            this.selector = selector;
        }

        void adopt(Socket socket, CompletableFuture<Socket> opened) {
            run(() -> {
                try {
                    socket.key = socket.channel.register(selector, SelectionKey.OP_READ, socket);
                    opened.complete(socket);
                    socket.listener.onOpen(socket);
                    if (socket.carry.position() > 0) {
                        socket.frames(null, System.nanoTime());
                    }
                } catch (ClosedChannelException e) {
                    opened.completeExceptionally(e);
                }
            });
        }

        /** Runs a task on this loop's thread. */
        void run(Runnable task) {
            tasks.add(task);
            selector.wakeup();
        }

        void stop() {
            running = false;
            selector.wakeup();
        }

        @Override
        public void run() {
            try (selector) {
                while (running) {
                    selector.select();
                    Runnable task;
                    while ((task = tasks.poll()) != null) {
                        task.run();
                    }
                    var selected = selector.selectedKeys();
                    for (SelectionKey key : selected) {
                        Socket socket = (Socket) key.attachment();
                        if (key.isValid() && key.isWritable()) {
                            socket.flush();
                        }
                        if (key.isValid() && key.isReadable()) {
                            socket.read(this);
                        }
                    }
                    selected.clear();
                }
                for (SelectionKey key : selector.keys()) {
                    closeQuietly((SocketChannel) key.channel());
                }
            } catch (IOException e) {
                System.err.println("WebSocket reader stopped: " + e);
            }
        }

        byte[] scratch(int length) {
            if (scratch.length < length) {
                scratch = new byte[Math.max(length, 2 * scratch.length)];
            }
            return scratch;
        }
    }

    /** One open WebSocket. */
    static final class Socket {

        /** What a socket tells its owner, on its reading thread. */
        interface Listener {
            void onOpen(Socket socket);

            /** A whole text or binary message, as text (both carry UTF-8), and when its last bytes were read. */
            void onMessage(Socket socket, String text, long arrivedNanos);

            /** The socket is closed: as asked, by the server (with its status), or by a failure. */
            void onClosed(Socket socket, String why);
        }

        private final Loop loop;
        private final SocketChannel channel;
        private final Listener listener;
        private volatile SelectionKey key;
        /** Bytes of a frame not yet whole, kept from one read to the next; written on the loop's thread only. */
        private ByteBuffer carry;
        /** A fragmented message's bytes so far, and its opcode; the loop's thread only. */
        private ByteBuffer fragments;
        private int fragmentsOpcode;
        /** Frames waiting for the socket to take them; guarded by this. */
        private final List<ByteBuffer> unsent = new ArrayList<>();
        private volatile boolean closed;
        private volatile boolean closeSent;

        private Socket(Loop loop, SocketChannel channel, Listener listener, ByteBuffer received) {
            this.loop = loop;
            this.channel = channel;
            this.listener = listener;
            this.carry = ByteBuffer.allocate(Math.max(1024, received.remaining()));
            this.carry.put(received);
        }

        boolean isOpen() {
            return !closed;
        }

        void sendText(String text) {
            send(TEXT, text.getBytes(StandardCharsets.UTF_8));
        }

        /** Sends a close frame; the socket closes when the server answers it. */
        void sendClose(int status, String reason) {
            byte[] why = reason.getBytes(StandardCharsets.UTF_8);
            byte[] payload = new byte[2 + why.length];
            payload[0] = (byte) (status >> 8);
            payload[1] = (byte) status;
            System.arraycopy(why, 0, payload, 2, why.length);
            closeSent = true;
            send(CLOSE, payload);
        }

        synchronized int unsentFrames() {
            return unsent.size();
        }

        private void send(int opcode, byte[] payload) {
            ByteBuffer frame = clientFrame(opcode, payload);
            synchronized (this) {
                if (closed) {
                    return;
                }
                if (unsent.isEmpty()) {
                    try {
                        channel.write(frame);
                    } catch (IOException e) {
                        loop.run(() -> shut("send failed: " + e));
                        return;
                    }
                    if (!frame.hasRemaining()) {
                        return;
                    }
                    key.interestOpsOr(SelectionKey.OP_WRITE);
                    loop.selector.wakeup();
                }
                unsent.add(frame);
            }
        }

        /** Writes what waits, as far as the socket takes it; on the loop's thread. */
        private synchronized void flush() {
            try {
                while (!unsent.isEmpty()) {
                    ByteBuffer head = unsent.getFirst();
                    channel.write(head);
                    if (head.hasRemaining()) {
                        return;
                    }
                    unsent.removeFirst();
                }
                key.interestOps(SelectionKey.OP_READ);
            } catch (IOException e) {
                shut("send failed: " + e);
            }
        }

        private void read(Loop loop) {
            ByteBuffer buffer = loop.buffer.clear();
            int read;
            try {
                read = channel.read(buffer);
            } catch (IOException e) {
                shut("transport error: " + e);
                return;
            }
            if (read < 0) {
                shut("the server closed the connection without a close frame");
                return;
            }
            frames(buffer.flip(), System.nanoTime());
        }

        /** Handles every whole frame in what was kept plus {@code read} (may be null), and keeps the rest. */
        private void frames(ByteBuffer read, long now) {
            ByteBuffer in = read;
            if (carry.position() > 0 || in == null) {
                if (in != null) {
                    carry = grown(carry, in.remaining());
                    carry.put(in);
                }
                in = carry.flip();
            }
            while (!closed && in.remaining() >= 2) {
                int start = in.position();
                int b0 = in.get(start) & 0xff;
                int b1 = in.get(start + 1) & 0xff;
                long length = b1 & 0x7f;
                int header = 2;
                if (length == 126) {
                    if (in.remaining() < 4) {
                        break;
                    }
                    length = in.getShort(start + 2) & 0xffff;
                    header = 4;
                } else if (length == 127) {
                    if (in.remaining() < 10) {
                        break;
                    }
                    length = in.getLong(start + 2);
                    header = 10;
                }
                if ((b1 & 0x80) != 0 || length > MAX_MESSAGE) {
                    shut((b1 & 0x80) != 0 ? "the server masked a frame" : "a frame of " + length + " bytes");
                    return;
                }
                if (in.remaining() < header + length) {
                    break;
                }
                ByteBuffer payload = in.slice(start + header, (int) length);
                in.position(start + header + (int) length);
                frame((b0 & 0x80) != 0, b0 & 0x0f, payload, now);
            }
            if (in == carry) {
                carry.compact();
            } else if (in.hasRemaining()) {
                carry = grown(carry, in.remaining());
                carry.put(in);
            }
        }

        private static ByteBuffer grown(ByteBuffer buffer, int more) {
            if (buffer.remaining() >= more) {
                return buffer;
            }
            ByteBuffer bigger = ByteBuffer.allocate(Math.max(2 * buffer.capacity(), buffer.position() + more));
            return bigger.put(buffer.flip());
        }

        private void frame(boolean fin, int opcode, ByteBuffer payload, long now) {
            switch (opcode) {
                case TEXT, BINARY -> {
                    if (fin) {
                        message(payload, now);
                    } else {
                        fragmentsOpcode = opcode;
                        fragments = ByteBuffer.allocate(Math.max(4096, 2 * payload.remaining())).put(payload);
                    }
                }
                case CONTINUATION -> {
                    if (fragments == null) {
                        shut("a continuation frame with no message to continue");
                        return;
                    }
                    fragments = grown(fragments, payload.remaining()).put(payload);
                    if (fin) {
                        ByteBuffer whole = fragments.flip();
                        fragments = null;
                        message(whole, now);
                    }
                }
                case PING -> send(PONG, bytes(payload));
                case PONG -> {
                }
                case CLOSE -> {
                    int status = payload.remaining() >= 2 ? payload.getShort(payload.position()) & 0xffff : 1005;
                    String reason = payload.remaining() > 2
                            ? StandardCharsets.UTF_8.decode(payload.slice(payload.position() + 2, payload.remaining() - 2)).toString()
                            : "";
                    boolean answered = closeSent;
                    if (!answered) {
                        send(CLOSE, bytes(payload.slice(payload.position(), Math.min(2, payload.remaining()))));
                    }
                    shut(answered ? "closed as asked" : "closed by the server: " + status + " " + reason);
                }
                default -> shut("a frame with the unknown opcode " + opcode);
            }
        }

        private void message(ByteBuffer payload, long now) {
            int length = payload.remaining();
            String text;
            if (payload.hasArray()) {
                text = new String(payload.array(), payload.arrayOffset() + payload.position(), length, StandardCharsets.UTF_8);
            } else {
                byte[] scratch = loop.scratch(length);
                payload.get(payload.position(), scratch, 0, length);
                text = new String(scratch, 0, length, StandardCharsets.UTF_8);
            }
            listener.onMessage(this, text, now);
        }

        private static byte[] bytes(ByteBuffer payload) {
            byte[] bytes = new byte[payload.remaining()];
            payload.get(payload.position(), bytes);
            return bytes;
        }

        /** Closes the socket and tells the listener why. */
        private void shut(String why) {
            synchronized (this) {
                if (closed) {
                    return;
                }
                closed = true;
                unsent.clear();
            }
            if (key != null) {
                key.cancel();
            }
            closeQuietly(channel);
            listener.onClosed(this, why);
        }
    }
}
