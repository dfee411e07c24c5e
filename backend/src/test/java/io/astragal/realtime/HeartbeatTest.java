package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.realtime.RawStompSocket.Received;
import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * The server's STOMP heart-beats, with a 1 s interval: the CONNECTED frame offers them, a quiet
 * connection that asked for them gets one each interval, one that asked for none gets none, and
 * each connection keeps its own rhythm rather than all getting theirs at one moment (which sent
 * thousands at once through the outbound thread, docs/performance.md step 25); and a client that
 * promised heart-beats and stops sending anything is closed after three of its intervals.
 */
@IntegrationTest
@TestPropertySource(properties = "astragal.realtime.heartbeat-millis=1000")
class HeartbeatTest {

    private static final Duration WATCH = Duration.ofMillis(3_600);

    @LocalServerPort
    int port;

    private final Random masks = new Random(9);

    @Test
    void aQuietConnectionThatAskedForHeartBeatsGetsOneEachIntervalAndOneThatAskedForNoneGetsNone() throws Exception {
        Player ann = Player.signUp(port, "Ann");
        Player ben = Player.signUp(port, "Ben");
        try (RawStompSocket wants = connected(ann, "0,1000"); RawStompSocket wantsNone = connected(ben, "0,0")) {
            List<Long> beats = heartbeats(wants, WATCH);
            assertThat(beats).as("heart-beats in %s ms after CONNECTED", WATCH.toMillis()).hasSizeBetween(3, 4);
            assertThat(gaps(beats)).as("ms between heart-beats").allSatisfy(gap -> assertThat(gap).isBetween(950L, 1_400L));
            assertThat(heartbeats(wantsNone, Duration.ofMillis(1_500))).as("heart-beats to a client that asked for none").isEmpty();
        }
    }

    @Test
    void connectionsOpenedHalfAnIntervalApartGetTheirHeartBeatsHalfAnIntervalApart() throws Exception {
        Player ann = Player.signUp(port, "Ann");
        Player ben = Player.signUp(port, "Ben");
        try (RawStompSocket first = connected(ann, "0,1000")) {
            Thread.sleep(500);
            try (RawStompSocket second = connected(ben, "0,1000");
                 ExecutorService watchers = Executors.newVirtualThreadPerTaskExecutor()) {
                // Both watched at once, so each beat is timed as it arrives.
                Future<List<Long>> firstBeats = watchers.submit(() -> heartbeats(first, Duration.ofMillis(1_400)));
                Future<List<Long>> secondBeats = watchers.submit(() -> heartbeats(second, Duration.ofMillis(1_400)));
                assertThat(firstBeats.get()).as("the first connection's heart-beats within 1.4 s").isNotEmpty();
                assertThat(secondBeats.get()).as("the second connection's heart-beats within 1.4 s").isNotEmpty();
                long firstBeat = firstBeats.get().getFirst();
                long secondBeat = secondBeats.get().getFirst();
                // One task for every connection, as Spring's broker has, would beat both at the same moment or 1 s apart.
                assertThat(secondBeat - firstBeat).as("ms between the two connections' heart-beats").isBetween(300L, 700L);
            }
        }
    }

    @Test
    void aClientThatPromisedHeartBeatsIsClosedAfterThreeSilentIntervalsWhileOneThatKeepsBeatingStays() throws Exception {
        Player ann = Player.signUp(port, "Ann");
        Player ben = Player.signUp(port, "Ben");
        try (RawStompSocket silent = connected(ann, "1000,0"); RawStompSocket beating = connected(ben, "1000,0")) {
            long connected = System.nanoTime();
            Thread beats = Thread.ofVirtual().start(() -> {
                try {
                    while (!Thread.currentThread().isInterrupted()) {
                        Thread.sleep(500);
                        beating.sendText("\n");
                    }
                } catch (IOException | InterruptedException stopped) {
                    // the test is over
                }
            });
            try {
                Received error = silent.nextFrame(Duration.ofSeconds(6));
                long afterMillis = (System.nanoTime() - connected) / 1_000_000;
                assertThat(error).isInstanceOf(Received.Text.class);
                RawStompSocket.StompFrame frame = ((Received.Text) error).frame();
                assertThat(frame.command()).isEqualTo("ERROR");
                assertThat(frame.headers().get("message")).startsWith("No heart-beat from the client");
                assertThat(afterMillis).as("ms from CONNECTED to the ERROR frame").isBetween(2_900L, 4_500L);
                assertThat(silent.next(Duration.ofSeconds(5))).isInstanceOf(Received.Closed.class);
                assertThat(beating.nextFrame(Duration.ofMillis(500))).as("what the beating client got")
                        .isInstanceOf(Received.Silence.class);
            } finally {
                beats.interrupt();
            }
        }
    }

    /** A signed-in connection past CONNECTED, which offered the server's 1 s heart-beats. */
    private RawStompSocket connected(Player player, String heartBeat) throws IOException, InterruptedException {
        RawStompSocket socket = RawStompSocket.open(port, player, 0, masks).startReading();
        socket.sendText(RawStompSocket.stomp("CONNECT", Map.of("accept-version", "1.2", "heart-beat", heartBeat,
                "X-XSRF-TOKEN", player.csrfToken()), ""));
        Received connected = socket.nextFrame(Duration.ofSeconds(10));
        assertThat(connected).isInstanceOf(Received.Text.class);
        RawStompSocket.StompFrame frame = ((Received.Text) connected).frame();
        assertThat(frame.command()).isEqualTo("CONNECTED");
        assertThat(frame.headers()).containsEntry("heart-beat", "1000,1000");
        return socket;
    }

    /** When (System.currentTimeMillis) each heart-beat arrived within {@code watch}; any other frame fails the test. */
    private static List<Long> heartbeats(RawStompSocket socket, Duration watch) throws InterruptedException {
        List<Long> at = new ArrayList<>();
        long end = System.nanoTime() + watch.toNanos();
        for (long left = watch.toNanos(); left > 0; left = end - System.nanoTime()) {
            Received next = socket.next(Duration.ofNanos(left));
            switch (next) {
                case Received.Text text when text.text().isBlank() -> at.add(System.currentTimeMillis());
                case Received.Silence silence -> {
                    return at;
                }
                case Received.Text text -> throw new AssertionError("a frame other than a heart-beat: " + text.text());
                case Received.Closed closed -> throw new AssertionError("the server closed the connection: " + closed);
            }
        }
        return at;
    }

    private static List<Long> gaps(List<Long> times) {
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < times.size(); i++) {
            gaps.add(times.get(i) - times.get(i - 1));
        }
        return gaps;
    }
}
