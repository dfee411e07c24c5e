package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import org.junit.jupiter.api.Test;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;

/** What a connection's queue hands the container: frames that wait together joined, and nothing while held. */
class QueuedSendSessionTest {

    /** What the container was asked to send, as text, one entry per WebSocket message. */
    private final List<String> written = new ArrayList<>();
    /** The messages themselves. */
    private final List<WebSocketMessage<?>> sent = new ArrayList<>();
    /** Writers started and not yet run: the test runs them when it likes. */
    private final Queue<Runnable> writers = new ArrayDeque<>();
    private final QueuedSendSession session = new QueuedSendSession(container(), writers::add, 1 << 20);

    @Test
    void binaryFramesThatWaitTogetherGoOutAsOneMessageOfAtMost8KiB() {
        session.sendMessage(frame("a", 100));
        session.sendMessage(frame("b", 200));
        session.sendMessage(frame("c", QueuedSendSession.JOINED_BYTES - 299)); // one byte too many beside a and b
        session.sendMessage(frame("d", 50));
        session.sendMessage(new TextMessage("CONNECTED\n\n\0")); // text: Spring's own frames go as they are
        session.sendMessage(frame("e", 10));
        session.sendMessage(frame("f", QueuedSendSession.JOINED_BYTES + 1)); // too long to join anything
        runWriters();

        assertThat(written).containsExactly(
                text("a", 100) + text("b", 200),
                text("c", QueuedSendSession.JOINED_BYTES - 299) + text("d", 50),
                "CONNECTED\n\n\0",
                text("e", 10),
                text("f", QueuedSendSession.JOINED_BYTES + 1));
    }

    @Test
    void whatIsSentWhileHeldWaitsForTheReleaseAndThenGoesOutTogether() {
        session.hold();
        session.sendMessage(frame("event", 300));
        session.sendMessage(frame("reply", 80));
        assertThat(writers).as("no writer starts while the connection is held").isEmpty();

        session.release();
        runWriters();
        assertThat(written).containsExactly(text("event", 300) + text("reply", 80));

        session.sendMessage(frame("next", 40));
        runWriters();
        assertThat(written).as("once released, a message goes out on its own").endsWith(text("next", 40));
    }

    @Test
    void piecedAndBinaryFramesThatWaitTogetherGoOutAsOneMessageMadeOfTheirOwnArrays() {
        byte[] head = "MESSAGE\ncontent-length:5\n\n".getBytes(StandardCharsets.US_ASCII);
        byte[] event = "event".getBytes(StandardCharsets.US_ASCII);
        byte[] end = {0};
        BinaryMessage reply = frame("reply", 80);
        session.hold();
        session.sendMessage(PiecedMessage.of(head, event, end));
        session.sendMessage(reply);
        session.release();
        runWriters();

        assertThat(written).containsExactly("MESSAGE\ncontent-length:5\n\nevent\0" + text("reply", 80));
        assertThat(sent.getFirst()).isInstanceOfSatisfying(PiecedMessage.class, joined -> {
            assertThat(joined.pieces()).as("no piece copied").containsExactly(head, event, end, reply.getPayload().array());
            assertThat(joined.getPayloadLength()).isEqualTo(head.length + event.length + end.length + 80);
        });
    }

    @Test
    void aBinaryMessageOverPartOfAnArrayJoinsAsACopyOfThatPart() {
        byte[] frame = text("x", 40).getBytes(StandardCharsets.US_ASCII);
        session.hold();
        session.sendMessage(new BinaryMessage(frame, 10, 30, true));
        session.sendMessage(frame("y", 20));
        session.release();
        runWriters();

        assertThat(written).containsExactly(text("x", 40).substring(10) + text("y", 20));
    }

    private void runWriters() {
        Runnable writer;
        while ((writer = writers.poll()) != null) {
            writer.run();
        }
    }

    /** A frame-like binary message of {@code length} bytes: its name, then dots, then a NUL. */
    private static BinaryMessage frame(String name, int length) {
        return new BinaryMessage(text(name, length).getBytes(StandardCharsets.US_ASCII));
    }

    private static String text(String name, int length) {
        return name + ".".repeat(length - name.length() - 1) + "\0";
    }

    /** A container session that records what it is asked to send. */
    private WebSocketSession container() {
        return (WebSocketSession) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {WebSocketSession.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "sendMessage" -> {
                        WebSocketMessage<?> message = (WebSocketMessage<?>) args[0];
                        sent.add(message);
                        written.add(switch (message) {
                            case BinaryMessage binary -> StandardCharsets.US_ASCII.decode(binary.getPayload().duplicate()).toString();
                            case PiecedMessage pieced -> StandardCharsets.US_ASCII.decode(pieced.getPayload()).toString();
                            case TextMessage textMessage -> textMessage.getPayload();
                            default -> throw new AssertionError("unexpected " + message);
                        });
                        yield null;
                    }
                    case "getId" -> "s1";
                    case "isOpen" -> true;
                    case "toString" -> "a recording container session";
                    default -> throw new AssertionError("the queue asked the container for " + method.getName());
                });
    }
}
