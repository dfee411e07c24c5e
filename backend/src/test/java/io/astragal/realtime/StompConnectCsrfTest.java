package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketHttpHeaders;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.client.standard.StandardWebSocketClient;
import org.springframework.web.socket.handler.AbstractWebSocketHandler;

/**
 * Issue 4, "CSRF: ... the STOMP CONNECT without it is rejected", tried with raw STOMP frames the
 * way a hostile client would send them: a CONNECT without the token, or no CONNECT at all, followed
 * at once by a SUBSCRIBE and a command. The connection gets an ERROR frame and is closed, and the
 * command changes nothing.
 */
@IntegrationTest
class StompConnectCsrfTest {

    @LocalServerPort
    int port;

    Player gm;
    UUID table;

    @BeforeEach
    void aTable() {
        gm = Player.signUp(port, "Gemma");
        table = gm.createCampaign("Guarded Gate", "actlite");
    }

    /** A WebSocket carrying hand-written STOMP frames, signed in as {@code player}. */
    private final class RawStomp {
        final BlockingQueue<String> received = new LinkedBlockingQueue<>();
        final CountDownLatch closed = new CountDownLatch(1);
        final WebSocketSession socket;

        RawStomp(Player player) throws Exception {
            WebSocketHttpHeaders headers = new WebSocketHttpHeaders();
            headers.add("Cookie", player.cookieHeader());
            headers.add("Origin", "http://localhost:" + port);
            // A whole view arrives in one message: more than Tomcat's default client buffer holds.
            jakarta.websocket.WebSocketContainer container = jakarta.websocket.ContainerProvider.getWebSocketContainer();
            container.setDefaultMaxTextMessageBufferSize(1024 * 1024);
            container.setDefaultMaxBinaryMessageBufferSize(1024 * 1024);
            socket = new StandardWebSocketClient(container).execute(new AbstractWebSocketHandler() {
                @Override
                protected void handleTextMessage(WebSocketSession session, TextMessage message) {
                    received.add(message.getPayload());
                }

                @Override
                protected void handleBinaryMessage(WebSocketSession session, BinaryMessage message) {
                    // Table messages come as the frame's UTF-8 bytes.
                    received.add(StandardCharsets.UTF_8.decode(message.getPayload()).toString());
                }

                @Override
                public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
                    closed.countDown();
                }
            }, headers, URI.create("ws://localhost:" + port + "/ws")).get(10, TimeUnit.SECONDS);
        }

        static String frameText(String command, String headers, String body) {
            return command + "\n" + headers + "\n\n" + body + "\u0000";
        }

        void frame(String command, String headers, String body) throws Exception {
            socket.sendMessage(new TextMessage(frameText(command, headers, body)));
        }

        String subscribeAndChatFrames(String text) {
            return frameText("SUBSCRIBE", "id:1\ndestination:/user/queue/tables/" + table, "")
                    + frameText("SEND", "destination:/app/tables/" + table + "/commands\ncontent-type:application/json",
                            "{\"commandId\":\"" + UUID.randomUUID() + "\",\"type\":\"chat\",\"args\":{\"text\":\"" + text + "\"}}");
        }

        String next() throws InterruptedException {
            String frame = received.poll(10, TimeUnit.SECONDS);
            assertThat(frame).as("a frame from the server within 10 s").isNotNull();
            return frame;
        }
    }

    private long tableSeq() throws Exception {
        try (TableClient g = TableClient.join(port, gm, table, -1)) {
            return g.nextOfKind("snapshot").get("seq").asLong();
        }
    }

    @Test
    void aConnectWithoutTheCsrfTokenIsAnsweredWithAnErrorFrameAndNothingSentAfterItIsHandled() throws Exception {
        RawStomp raw = new RawStomp(gm);
        // All three frames in one WebSocket message: the server cannot close the socket between them.
        raw.socket.sendMessage(new TextMessage(RawStomp.frameText("CONNECT", "accept-version:1.2\nheart-beat:0,0", "")
                + raw.subscribeAndChatFrames("sent after a refused CONNECT")));
        String error = raw.next();
        assertThat(error).startsWith("ERROR").contains("CSRF").doesNotContain("CONNECTED");
        assertThat(raw.closed.await(10, TimeUnit.SECONDS)).as("the server closes the connection").isTrue();
        assertThat(raw.received).as("nothing but the ERROR frame").isEmpty();
        assertThat(tableSeq()).as("the command after the refused CONNECT changed nothing").isZero();
    }

    @Test
    void framesWithoutAnyConnectAreRefusedAndChangeNothing() throws Exception {
        RawStomp raw = new RawStomp(gm);
        raw.frame("SEND", "destination:/app/tables/" + table + "/commands\ncontent-type:application/json",
                "{\"commandId\":\"no-connect\",\"type\":\"chat\",\"args\":{\"text\":\"no CONNECT at all\"}}");
        assertThat(raw.next()).startsWith("ERROR");
        assertThat(raw.closed.await(10, TimeUnit.SECONDS)).as("the server closes the connection").isTrue();
        assertThat(tableSeq()).as("a command without CONNECT changed nothing").isZero();
    }

    @Test
    void aConnectWithTheTokenIsAcceptedAndItsCommandsAreHandled() throws Exception {
        RawStomp raw = new RawStomp(gm);
        raw.frame("CONNECT", "accept-version:1.2\nheart-beat:0,0\nX-XSRF-TOKEN:" + gm.csrfToken(), "");
        assertThat(raw.next()).startsWith("CONNECTED");
        raw.socket.sendMessage(new TextMessage(raw.subscribeAndChatFrames("properly connected")));
        String event = raw.next();
        assertThat(event).startsWith("MESSAGE").contains("\"kind\":\"event\"").contains("properly connected");
        raw.socket.close();
        assertThat(tableSeq()).isEqualTo(1L);
    }
}
