package io.astragal.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The client's WebSockets against a peer on a real socket that speaks RFC 6455 byte by byte, as a
 * server would: the handshake, messages whole and in fragments, split across reads, ping and close.
 */
class WebSocketsTest {

    private final BlockingQueue<String> events = new LinkedBlockingQueue<>();

    private final WebSockets.Socket.Listener listener = new WebSockets.Socket.Listener() {
        @Override
        public void onOpen(WebSockets.Socket socket) {
            events.add("open");
        }

        @Override
        public void onMessage(WebSockets.Socket socket, String text, long arrivedNanos) {
            events.add("message " + text);
        }

        @Override
        public void onClosed(WebSockets.Socket socket, String why) {
            events.add("closed " + why);
        }
    };

    @Test
    void handshakesThenReadsWholeAndFragmentedMessagesAnswersPingsAndMasksWhatItSends() throws Exception {
        try (ServerSocket server = new ServerSocket(0); WebSockets sockets = new WebSockets(1)) {
            URI uri = URI.create("ws://127.0.0.1:" + server.getLocalPort() + "/ws");
            var opened = sockets.open(uri, Map.of("Cookie", "SESSION=abc"), listener);
            try (Socket peer = server.accept()) {
                InputStream in = peer.getInputStream();
                OutputStream out = peer.getOutputStream();
                String request = headers(in);
                assertThat(request).startsWith("GET /ws HTTP/1.1\r\n").contains("\r\nCookie: SESSION=abc\r\n")
                        .contains("\r\nUpgrade: websocket\r\n");
                String key = request.lines().filter(l -> l.startsWith("Sec-WebSocket-Key: ")).findFirst().orElseThrow()
                        .substring(19);
                // The answer and the first message in one write: the message must not be lost with the headers.
                ByteArrayOutputStream first = new ByteArrayOutputStream();
                first.writeBytes(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        + "Sec-WebSocket-Accept: " + WebSockets.acceptFor(key) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                first.writeBytes(frame(true, WebSockets.TEXT, "hello"));
                out.write(first.toByteArray());
                out.flush();
                WebSockets.Socket socket = opened.get(5, TimeUnit.SECONDS);
                assertThat(events.poll(5, TimeUnit.SECONDS)).isEqualTo("open");
                assertThat(events.poll(5, TimeUnit.SECONDS)).isEqualTo("message hello");

                // A binary message of 300 bytes (a 16-bit length) written in two parts, and a text
                // message in three fragments with a ping between them.
                String long300 = "x".repeat(300);
                byte[] binary = frame(true, WebSockets.BINARY, long300);
                out.write(binary, 0, 3);
                out.flush();
                Thread.sleep(50);
                out.write(binary, 3, binary.length - 3);
                out.write(frame(false, WebSockets.TEXT, "one "));
                out.write(frame(false, 0, "two "));
                out.write(frame(true, WebSockets.PING, "are you there"));
                out.write(frame(true, 0, "three é"));
                out.flush();
                assertThat(events.poll(5, TimeUnit.SECONDS)).isEqualTo("message " + long300);
                assertThat(events.poll(5, TimeUnit.SECONDS)).isEqualTo("message one two three é");

                DataInputStream read = new DataInputStream(in);
                assertThat(readClientFrame(read)).isEqualTo(new ClientFrame(WebSockets.PONG, "are you there"));
                socket.sendText("SEND\n\n\0");
                assertThat(readClientFrame(read)).isEqualTo(new ClientFrame(WebSockets.TEXT, "SEND\n\n\0"));

                out.write(frame(true, WebSockets.CLOSE, "\u0003\u00e9gone")); // 1001 "gone"
                out.flush();
                assertThat(events.poll(5, TimeUnit.SECONDS)).isEqualTo("closed closed by the server: 1001 gone");
                assertThat(readClientFrame(read).opcode()).isEqualTo(WebSockets.CLOSE);
                assertThat(socket.isOpen()).isFalse();
            }
        }
    }

    @Test
    void aRefusedHandshakeFailsTheOpening() throws Exception {
        try (ServerSocket server = new ServerSocket(0); WebSockets sockets = new WebSockets(1)) {
            var opened = sockets.open(URI.create("ws://127.0.0.1:" + server.getLocalPort() + "/ws"), Map.of(), listener);
            try (Socket peer = server.accept()) {
                headers(peer.getInputStream());
                peer.getOutputStream().write("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                peer.getOutputStream().flush();
                assertThat(opened).failsWithin(5, TimeUnit.SECONDS).withThrowableThat()
                        .withMessageContaining("WebSocket handshake refused: HTTP/1.1 403 Forbidden");
            }
        }
    }

    private record ClientFrame(int opcode, String text) {
    }

    /** Reads one frame from the client, which must be whole (FIN) and masked. */
    private static ClientFrame readClientFrame(DataInputStream in) throws IOException {
        int b0 = in.readUnsignedByte();
        int b1 = in.readUnsignedByte();
        assertThat(b0 & 0x80).as("FIN").isNotZero();
        assertThat(b1 & 0x80).as("masked").isNotZero();
        int length = b1 & 0x7f;
        if (length == 126) {
            length = in.readUnsignedShort();
        }
        byte[] mask = in.readNBytes(4);
        byte[] payload = in.readNBytes(length);
        for (int i = 0; i < length; i++) {
            payload[i] ^= mask[i & 3];
        }
        int opcode = b0 & 0x0f;
        return new ClientFrame(opcode, opcode == WebSockets.CLOSE ? "" : new String(payload, StandardCharsets.UTF_8));
    }

    /** A frame as a server writes it: not masked. */
    private static byte[] frame(boolean fin, int opcode, String text) {
        byte[] payload = opcode == WebSockets.CLOSE ? text.getBytes(StandardCharsets.ISO_8859_1) : text.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.write((fin ? 0x80 : 0) | opcode);
        if (payload.length < 126) {
            frame.write(payload.length);
        } else {
            frame.write(126);
            frame.write(payload.length >> 8);
            frame.write(payload.length & 0xff);
        }
        frame.writeBytes(payload);
        return frame.toByteArray();
    }

    private static String headers(InputStream in) throws IOException {
        StringBuilder text = new StringBuilder();
        while (!text.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the client closed during its handshake");
            }
            text.append((char) b);
        }
        return text.toString();
    }
}
