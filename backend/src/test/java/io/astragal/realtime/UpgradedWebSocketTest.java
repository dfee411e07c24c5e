package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.realtime.RawStompSocket.Received;
import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import java.io.DataInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.apache.coyote.AbstractProtocol;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Astragal's own WebSocket connection (RFC 6455) over a real socket, at the edges a browser's frames
 * rarely reach: frames that arrive a byte at a time, a message in fragments with a ping between them,
 * and the closing handshake. (What it refuses: {@code StompFuzzTest}'s WebSocket inputs.)
 */
@IntegrationTest
class UpgradedWebSocketTest {

    @LocalServerPort
    int port;

    @Autowired
    WebServerApplicationContext context;

    Player alda;

    @BeforeEach
    void aPlayer() {
        alda = Player.signUp(port, "Alda");
    }

    /** RFC 6455, section 1.3: the key "dGhlIHNhbXBsZSBub25jZQ==" gives "the value \"s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\"". */
    @Test
    void theAcceptHeaderIsTheRfcsHashOfTheKey() {
        assertThat(WebSocketUpgrade.accept("dGhlIHNhbXBsZSBub25jZQ==")).isEqualTo("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
    }

    /**
     * Tomcat would put the connection among its waiting processors again after each read, a new
     * node of its set each time (docs/performance.md, step 109); HTTP/1.1 requests still use the set.
     */
    @Test
    void anOpenConnectionIsNotAmongTomcatsWaitingProcessorsAfterItsFramesAreRead() throws Exception {
        AbstractProtocol<?> protocol = (AbstractProtocol<?>) ((TomcatWebServer) context.getWebServer()).getTomcat()
                .getConnector().getProtocolHandler();
        assertThat(protocol).isInstanceOf(UpgradedNioProtocol.class);
        try (RawStompSocket socket = RawStompSocket.open(port, alda, 0, new Random(3)).startReading()) {
            socket.connect(alda);
            assertThat(socket.nextFrame(RawStompSocket.ANSWER))
                    .isInstanceOfSatisfying(Received.Text.class, t -> assertThat(t.frame().command()).isEqualTo("CONNECTED"));
            socket.subscribe("sub-0", "/user/queue/errors");
            Thread.sleep(200); // the read that took the frames has ended, and Tomcat has handled its end
            assertThat(protocol.getWaitingProcessorCount()).isZero();
        }
    }

    @Test
    void aFrameThatArrivesOneByteAtATimeIsReadWhole() throws Exception {
        try (RawStompSocket socket = RawStompSocket.open(port, alda, 0, new Random(1)).startReading()) {
            byte[] frame = maskedTextFrame(connect());
            for (byte b : frame) {
                socket.writeBytes(new byte[] {b});
                Thread.sleep(1); // so that most bytes are a read of their own
            }
            assertThat(socket.nextFrame(RawStompSocket.ANSWER))
                    .isInstanceOfSatisfying(Received.Text.class, t -> assertThat(t.frame().command()).isEqualTo("CONNECTED"));
        }
    }

    /** RFC 6455, section 5.4: "Control frames ... MAY be injected in the middle of a fragmented message." */
    @Test
    void aMessageInFragmentsWithAPingBetweenThemIsAnsweredWithAPongAndThenTaken() throws Exception {
        try (RawStompSocket socket = RawStompSocket.open(port, alda, 0, new Random(2))) {
            byte[] text = connect().getBytes(StandardCharsets.UTF_8);
            int third = text.length / 3;
            socket.sendFrame(0x1, Arrays.copyOfRange(text, 0, third), false);
            socket.sendFrame(0x9, "are you there".getBytes(StandardCharsets.US_ASCII), true);
            socket.sendFrame(0x0, Arrays.copyOfRange(text, third, 2 * third), false);
            socket.sendFrame(0x0, Arrays.copyOfRange(text, 2 * third, text.length), true);

            DataInputStream in = new DataInputStream(socket.socket().getInputStream());
            assertThat(in.readUnsignedByte()).as("a final pong").isEqualTo(0x80 | 0xA);
            byte[] pong = new byte[in.readUnsignedByte()];
            in.readFully(pong);
            assertThat(new String(pong, StandardCharsets.US_ASCII)).as("the ping's payload").isEqualTo("are you there");
            assertThat(in.readUnsignedByte()).as("a final text frame").isEqualTo(0x80 | 0x1);
            int length = in.readUnsignedByte();
            byte[] connected = new byte[length == 126 ? in.readUnsignedShort() : length];
            in.readFully(connected);
            assertThat(new String(connected, StandardCharsets.UTF_8)).startsWith("CONNECTED\n");
        }
    }

    /** RFC 6455, section 5.5.1: "the endpoint MUST send a Close frame in response ... typically echoing the status code it received". */
    @Test
    void aClientsCloseIsAnsweredWithTheSameCodeAndTheConnectionEnds() throws Exception {
        try (RawStompSocket socket = RawStompSocket.open(port, alda, 0, new Random(3)).startReading()) {
            socket.connect(alda);
            assertThat(socket.nextFrame(RawStompSocket.ANSWER)).isInstanceOf(Received.Text.class);
            socket.sendFrame(0x8, new byte[] {0x03, (byte) 0xE8, 'b', 'y', 'e'}, true); // 1000, "bye"

            assertThat(socket.nextFrame(RawStompSocket.ANSWER)).isEqualTo(new Received.Closed(1000, ""));
            assertThat(socket.socket().getInputStream().read()).as("then the server closes the socket").isEqualTo(-1);
        }
    }

    private String connect() {
        return RawStompSocket.stomp("CONNECT", Map.of("accept-version", "1.2", "heart-beat", "0,0",
                "X-XSRF-TOKEN", alda.csrfToken()), "");
    }

    /** A client's final text frame of {@code text}, masked with a fixed key. */
    private static byte[] maskedTextFrame(String text) {
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        byte[] mask = {0x11, 0x22, 0x33, 0x44};
        int lengthBytes = payload.length < 126 ? 0 : 2;
        byte[] frame = new byte[2 + lengthBytes + 4 + payload.length];
        frame[0] = (byte) 0x81;
        if (lengthBytes == 0) {
            frame[1] = (byte) (0x80 | payload.length);
        } else {
            frame[1] = (byte) (0x80 | 126);
            frame[2] = (byte) (payload.length >>> 8);
            frame[3] = (byte) payload.length;
        }
        System.arraycopy(mask, 0, frame, 2 + lengthBytes, 4);
        for (int i = 0; i < payload.length; i++) {
            frame[2 + lengthBytes + 4 + i] = (byte) (payload[i] ^ mask[i & 3]);
        }
        return frame;
    }
}
