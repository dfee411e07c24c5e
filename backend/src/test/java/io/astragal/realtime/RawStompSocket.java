package io.astragal.realtime;

import io.astragal.support.Player;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A WebSocket client written on a bare {@link Socket}: it does the HTTP upgrade and the framing
 * itself, so a test can send what no well-behaved client would (broken STOMP, garbage bytes, bad
 * frames), or stop reading altogether. Messages are read only after {@link #startReading()}.
 */
final class RawStompSocket implements AutoCloseable {

    /** What the server did next. */
    sealed interface Received {
        /**
         * A STOMP frame as text, whether its message came in binary WebSocket frames, and which
         * message of the connection carried it (counted from 1; joined frames share one).
         */
        record Text(String text, boolean binary, long message) implements Received {
            StompFrame frame() {
                return StompFrame.parse(text);
            }
        }

        /** The server closed the connection (a close frame, end of stream, or a reset). */
        record Closed(int code, String why) implements Received {
        }

        /** Nothing within the time asked for. */
        record Silence() implements Received {
        }
    }

    /** A STOMP frame as received: command, headers, body (NUL removed). */
    record StompFrame(String command, Map<String, String> headers, String body) {
        static StompFrame parse(String text) {
            String frame = text.startsWith("\n") || text.startsWith("\r\n") ? text.stripLeading() : text;
            int headEnd = frame.indexOf("\n\n");
            String head = headEnd < 0 ? frame : frame.substring(0, headEnd);
            String body = headEnd < 0 ? "" : frame.substring(headEnd + 2);
            if (body.endsWith("\0")) {
                body = body.substring(0, body.length() - 1);
            }
            String[] lines = head.split("\n");
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon > 0) {
                    headers.putIfAbsent(unescape(lines[i].substring(0, colon)), unescape(lines[i].substring(colon + 1)));
                }
            }
            return new StompFrame(lines[0].strip(), headers, body);
        }

        /** STOMP 1.2 header escapes: a backslash and c is a colon, n a newline, r a carriage return, a backslash a backslash. */
        private static String unescape(String text) {
            StringBuilder out = new StringBuilder(text.length());
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\\' && i + 1 < text.length()) {
                    char next = text.charAt(++i);
                    out.append(switch (next) {
                        case 'c' -> ':';
                        case 'n' -> '\n';
                        case 'r' -> '\r';
                        default -> next;
                    });
                } else {
                    out.append(c);
                }
            }
            return out.toString();
        }
    }

    private static final Received.Closed END = new Received.Closed(-1, "end of stream");

    private final Socket socket;
    private final OutputStream out;
    private final DataInputStream in;
    private final Random masks;
    private final BlockingQueue<Received> received = new LinkedBlockingQueue<>();
    private volatile boolean closedByServer;
    private Thread reader;

    private RawStompSocket(Socket socket, Random masks) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.in = new DataInputStream(new java.io.BufferedInputStream(socket.getInputStream(), 64 * 1024));
        this.masks = masks;
    }

    /**
     * Opens a WebSocket to {@code /ws} as the player (session cookie, own origin).
     *
     * @param receiveBuffer the socket's receive buffer in bytes, or 0 for the system's default
     */
    static RawStompSocket open(int port, Player player, int receiveBuffer, Random masks) throws IOException {
        Socket socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer); // before connecting, so the TCP window is small
        }
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress("localhost", port), 10_000);
        socket.setSoTimeout(15_000);
        RawStompSocket raw = new RawStompSocket(socket, masks);
        byte[] key = new byte[16];
        masks.nextBytes(key);
        String request = "GET /ws HTTP/1.1\r\n"
                + "Host: localhost:" + port + "\r\n"
                + "Upgrade: websocket\r\n"
                + "Connection: Upgrade\r\n"
                + "Sec-WebSocket-Key: " + Base64.getEncoder().encodeToString(key) + "\r\n"
                + "Sec-WebSocket-Version: 13\r\n"
                + "Sec-WebSocket-Protocol: v12.stomp\r\n"
                + "Origin: http://localhost:" + port + "\r\n"
                + "Cookie: " + player.cookieHeader() + "\r\n\r\n";
        raw.out.write(request.getBytes(StandardCharsets.US_ASCII));
        raw.out.flush();
        String response = raw.readHttpHead();
        if (!response.startsWith("HTTP/1.1 101")) {
            socket.close();
            throw new IOException("the upgrade was refused: " + response.lines().findFirst().orElse(""));
        }
        socket.setSoTimeout(0);
        return raw;
    }

    /** Sends CONNECT with the player's CSRF token and no heartbeats. Reads nothing. */
    void connect(Player player) throws IOException {
        sendText(stomp("CONNECT", Map.of("accept-version", "1.2", "heart-beat", "0,0",
                "X-XSRF-TOKEN", player.csrfToken()), ""));
    }

    static String stomp(String command, Map<String, String> headers, String body) {
        StringBuilder frame = new StringBuilder(command).append('\n');
        headers.forEach((name, value) -> frame.append(name).append(':').append(value).append('\n'));
        return frame.append('\n').append(body).append('\0').toString();
    }

    void subscribe(String id, String destination) throws IOException {
        sendText(stomp("SUBSCRIBE", Map.of("id", id, "destination", destination), ""));
    }

    void send(String destination, String json) throws IOException {
        sendText(sendFrame(destination, json));
    }

    /** The text of a SEND frame of a JSON body, for a test that puts several frames in one message. */
    static String sendFrame(String destination, String json) {
        return stomp("SEND", Map.of("destination", destination, "content-type", "application/json"), json);
    }

    void sendText(String text) throws IOException {
        sendFrame(0x1, text.getBytes(StandardCharsets.UTF_8), true);
    }

    /** One WebSocket frame, masked as a client must. */
    void sendFrame(int opcode, byte[] payload, boolean fin) throws IOException {
        byte[] mask = new byte[4];
        masks.nextBytes(mask);
        sendFrame(opcode, payload, fin, mask);
    }

    /** One WebSocket frame with the given mask, or unmasked (which the server must refuse) when {@code mask} is null. */
    void sendFrame(int opcode, byte[] payload, boolean fin, byte[] mask) throws IOException {
        ByteArrayOutputStream frame = new ByteArrayOutputStream(payload.length + 14);
        frame.write((fin ? 0x80 : 0) | (opcode & 0x0F));
        int maskBit = mask == null ? 0 : 0x80;
        if (payload.length < 126) {
            frame.write(maskBit | payload.length);
        } else if (payload.length < 65536) {
            frame.write(maskBit | 126);
            frame.write(payload.length >>> 8);
            frame.write(payload.length & 0xFF);
        } else {
            frame.write(maskBit | 127);
            for (int shift = 56; shift >= 0; shift -= 8) {
                frame.write((int) (((long) payload.length >>> shift) & 0xFF));
            }
        }
        if (mask != null) {
            frame.write(mask, 0, 4);
            byte[] masked = new byte[payload.length];
            for (int i = 0; i < payload.length; i++) {
                masked[i] = (byte) (payload[i] ^ mask[i & 3]);
            }
            frame.write(masked, 0, masked.length);
        } else {
            frame.write(payload, 0, payload.length);
        }
        writeBytes(frame.toByteArray());
    }

    /** Bytes straight onto the TCP connection, framing or not. */
    void writeBytes(byte[] bytes) throws IOException {
        synchronized (out) {
            out.write(bytes);
            out.flush();
        }
    }

    /** Starts a thread that reads every message the server sends, for {@link #next(Duration)}. */
    RawStompSocket startReading() {
        reader = Thread.ofVirtual().start(this::readLoop);
        return this;
    }

    /** The next thing the server did, waiting up to {@code timeout}. */
    Received next(Duration timeout) throws InterruptedException {
        Received next = received.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (next instanceof Received.Closed) {
            received.add(next); // stays closed
        }
        return next == null ? new Received.Silence() : next;
    }

    /** The next STOMP frame other than a heartbeat, or what ended the wait. */
    Received nextFrame(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Received next = next(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            if (!(next instanceof Received.Text text) || !text.text().isBlank()) {
                return next;
            }
        }
    }

    boolean closedByServer() {
        return closedByServer;
    }

    Socket socket() {
        return socket;
    }

    private void readLoop() {
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        long messages = 0;
        boolean binary = false;
        try {
            while (true) {
                int b0 = in.readUnsignedByte();
                int b1 = in.readUnsignedByte();
                boolean fin = (b0 & 0x80) != 0;
                int opcode = b0 & 0x0F;
                long length = b1 & 0x7F;
                if (length == 126) {
                    length = in.readUnsignedShort();
                } else if (length == 127) {
                    length = in.readLong();
                }
                if ((b1 & 0x80) != 0) {
                    in.readInt(); // a server never masks; tolerate it anyway
                }
                byte[] payload = new byte[(int) length];
                in.readFully(payload);
                switch (opcode) {
                    case 0x0, 0x1, 0x2 -> {
                        if (opcode != 0x0) {
                            binary = opcode == 0x2;
                        }
                        message.write(payload, 0, payload.length);
                        if (fin) {
                            messages++;
                            for (String frame : framesOf(message.toByteArray())) {
                                received.add(new Received.Text(frame, binary, messages));
                            }
                            message.reset();
                        }
                    }
                    case 0x8 -> {
                        int code = payload.length >= 2 ? ((payload[0] & 0xFF) << 8) | (payload[1] & 0xFF) : 1005;
                        String why = payload.length > 2 ? new String(payload, 2, payload.length - 2, StandardCharsets.UTF_8) : "";
                        closedByServer = true;
                        received.add(new Received.Closed(code, why));
                        return;
                    }
                    case 0x9 -> {
                        try {
                            sendFrame(0xA, payload, true);
                        } catch (IOException ignored) {
                            // the close will show up as the end of the stream
                        }
                    }
                    default -> {
                        // pong or reserved: nothing to do
                    }
                }
            }
        } catch (EOFException e) {
            closedByServer = true;
            received.add(END);
        } catch (IOException e) {
            closedByServer = !socket.isClosed();
            received.add(new Received.Closed(-1, String.valueOf(e)));
        }
    }

    /**
     * The frames of a message as text, each with the heart-beats before it and its NUL: the server
     * joins frames that wait for the connection into one message. A frame's headers end at its first
     * blank line, whatever they hold (an ERROR frame may quote a NUL it was sent), and its body at
     * its {@code content-length} or else its first NUL. A message of heart-beats alone stays one.
     */
    static List<String> framesOf(byte[] message) {
        List<String> frames = new ArrayList<>(1);
        int from = 0;
        while (from < message.length) {
            int at = from;
            while (at < message.length && (message[at] == '\n' || message[at] == '\r')) {
                at++;
            }
            if (at == message.length) {
                break;
            }
            int end = frameEnd(message, at);
            frames.add(new String(message, from, end - from, StandardCharsets.UTF_8));
            from = end;
        }
        return frames.isEmpty() ? List.of(new String(message, StandardCharsets.UTF_8)) : frames;
    }

    /** Where the frame that starts at {@code at} ends, its NUL included. */
    private static int frameEnd(byte[] message, int at) {
        String head = null;
        int bodyStart = message.length;
        for (int i = at; i + 1 < message.length; i++) {
            if (message[i] == '\n' && (message[i + 1] == '\n'
                    || message[i + 1] == '\r' && i + 2 < message.length && message[i + 2] == '\n')) {
                head = new String(message, at, i - at, StandardCharsets.UTF_8);
                bodyStart = i + (message[i + 1] == '\n' ? 2 : 3);
                break;
            }
        }
        if (head == null) {
            return message.length;
        }
        for (String line : head.split("\r?\n")) {
            if (line.startsWith("content-length:")) {
                int end = bodyStart + Integer.parseInt(line.substring("content-length:".length()).strip());
                return Math.min(message.length, end < message.length && message[end] == 0 ? end + 1 : end);
            }
        }
        for (int i = bodyStart; i < message.length; i++) {
            if (message[i] == 0) {
                return i + 1;
            }
        }
        return message.length;
    }

    private String readHttpHead() throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        InputStream stream = in;
        int matched = 0;
        while (matched < 4) {
            int b = stream.read();
            if (b < 0) {
                throw new EOFException("the server closed during the upgrade: " + head.toString(StandardCharsets.US_ASCII));
            }
            head.write(b);
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3)) ? matched + 1 : 0;
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        if (reader != null) {
            reader.interrupt();
        }
    }

    /** How long to wait for an answer that must come. */
    static final Duration ANSWER = Duration.ofSeconds(10);
}
