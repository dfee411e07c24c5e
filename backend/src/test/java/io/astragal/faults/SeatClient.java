package io.astragal.faults;

import io.astragal.rules.Role;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A seat's connection to the table, across reconnects and server restarts, read like a correct
 * client reads it: the snapshot sets the view's seq, each later event must be exactly the next
 * seq, and a resumed snapshot's {@code recent} must hold exactly the events after the seq it was
 * asked from. Anything else is recorded as a violation. Also drives load: one command at a
 * time, waiting for its reply.
 */
final class SeatClient implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    static {
        // A client whose server was killed or cut off fails to write its close frame; expected here, not news.
        ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("org.apache.tomcat.websocket.WsRemoteEndpointImplClient"))
                .setLevel(ch.qos.logback.classic.Level.ERROR);
    }

    final Seat seat;
    Player player;
    volatile TableClient client;
    final java.util.concurrent.atomic.AtomicInteger reconnectRetries = new java.util.concurrent.atomic.AtomicInteger();

    /** The seq of the view this client holds; -1 before its first snapshot. */
    long viewSeq = -1;
    /** Accepted commands: commandId to seq. */
    final Map<String, Long> acked = new LinkedHashMap<>();
    /** Every event this client was given (live or in a snapshot's recent), by seq. */
    final Map<Long, JsonNode> seen = new HashMap<>();
    final Map<String, Integer> rejections = new TreeMap<>();
    final List<String> violations = new ArrayList<>();
    final List<JsonNode> errors = new ArrayList<>();
    JsonNode lastSnapshot;
    /** Live events that came before the snapshot they are part of (a client skips them). */
    int earlyEvents;

    private int consumed;
    private long askedFrom = -1;
    private boolean snapshotSeen;
    private final List<Long> early = new ArrayList<>();
    private final Random random;
    private boolean mustEndRound;
    private boolean started;

    SeatClient(Seat seat, long randomSeed) {
        this.seat = seat;
        this.player = seat.player();
        this.random = new Random(randomSeed);
    }

    /** Signs in again, on a (restarted) server that does not know the session from signing up. */
    void signIn(int httpPort) {
        player = player.signInAgain(httpPort);
    }

    /** Signs every client in again, a few at a time (hashing passwords is the slow part). */
    static void signInAll(List<SeatClient> clients, int httpPort) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (SeatClient client : clients) {
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    client.signIn(httpPort);
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        if (!failures.isEmpty()) {
            throw new AssertionError("signing in again failed", failures.getFirst());
        }
    }

    /**
     * Connects (again) and asks for a snapshot from the seq of the view it holds. Like a real
     * client, it retries a connection that fails (up to 5 times, a second apart).
     */
    void join(int wsPort) throws Exception {
        TableClient previous;
        long from;
        synchronized (this) {
            if (client != null) {
                absorb();
            }
            previous = client;
            from = viewSeq;
            snapshotSeen = false;
        }
        if (previous != null) {
            try {
                previous.close();
            } catch (RuntimeException e) {
                // gone already
            }
        }
        TableClient fresh = null;
        for (int attempt = 1; fresh == null; attempt++) {
            try {
                fresh = TableClient.join(wsPort, player, seat.table(), from);
            } catch (Exception e) {
                if (attempt == 5) {
                    throw e;
                }
                reconnectRetries.incrementAndGet();
                Thread.sleep(1000);
            }
        }
        synchronized (this) {
            client = fresh;
            consumed = 0;
            askedFrom = from;
            early.clear();
        }
    }

    /** The seq the latest connection resumed from (-1 for a first join). */
    synchronized long resumedFrom() {
        return askedFrom;
    }

    /** Waits for the snapshot of the current connection; returns it. */
    JsonNode awaitSnapshot(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            absorb();
            if (snapshotSeen) {
                return lastSnapshot;
            }
            Thread.sleep(5);
        }
        throw new AssertionError(seat.displayName() + ": no snapshot within " + timeout + "; errors " + errors);
    }

    synchronized boolean resumed() {
        absorb();
        return snapshotSeen;
    }

    /** Reads the frames that arrived since the last call, in order. */
    synchronized void absorb() {
        List<String> frames = client.rawFrames;
        int size = frames.size();
        for (; consumed < size; consumed++) {
            JsonNode message = JSON.readTree(frames.get(consumed));
            String kind = message.path("kind").asString("");
            switch (kind) {
                case "snapshot" -> onSnapshot(message);
                case "event" -> onEvent(message);
                case "reply" -> {
                    if (message.get("accepted").asBoolean()) {
                        acked.put(message.get("commandId").asString(), message.get("seq").asLong());
                    } else {
                        rejections.merge(message.get("code").asString(), 1, Integer::sum);
                    }
                }
                case "history" -> {
                }
                default -> errors.add(message);
            }
        }
    }

    private void onSnapshot(JsonNode snapshot) {
        long seq = snapshot.get("seq").asLong();
        if (askedFrom >= 0 && seq < askedFrom) {
            violations.add(who() + " snapshot at " + seq + " is behind the " + askedFrom + " it resumed from");
        }
        List<Long> recent = new ArrayList<>();
        for (JsonNode event : snapshot.get("recent")) {
            long s = event.get("seq").asLong();
            if (s > askedFrom) {
                recent.add(s);
                seen.put(s, event);
            }
        }
        if (askedFrom >= 0) {
            // The protocol: every missed event when there are at most 50 of them, else the latest 50
            // (a client fetches the rest with history).
            long from = seq - askedFrom <= 50 ? askedFrom + 1 : seq - 49;
            List<Long> expected = java.util.stream.LongStream.rangeClosed(from, seq).boxed().toList();
            if (!recent.equals(expected)) {
                violations.add(who() + " resumed from " + askedFrom + " to " + seq + " but recent held " + recent);
            }
        }
        for (long e : early) {
            if (e > seq) {
                violations.add(who() + " event " + e + " came before a snapshot at " + seq + " that does not include it");
            }
        }
        earlyEvents += early.size();
        early.clear();
        viewSeq = seq;
        snapshotSeen = true;
        lastSnapshot = snapshot;
    }

    private void onEvent(JsonNode message) {
        long seq = message.get("seq").asLong();
        if (!snapshotSeen) {
            early.add(seq);
            return;
        }
        if (seq != viewSeq + 1) {
            violations.add(who() + " got event " + seq + " while holding " + viewSeq + (seq <= viewSeq ? " (a duplicate)" : " (a gap)"));
        }
        viewSeq = Math.max(viewSeq, seq);
        seen.put(seq, message.get("event"));
    }

    private String who() {
        return seat.displayName() + "@" + seat.table().toString().substring(0, 8);
    }

    /** Sends commands one at a time until {@code stop} or until the connection is gone. */
    void play(BooleanSupplier stop, Duration pause) {
        while (!stop.getAsBoolean() && client.isConnected()) {
            String commandId;
            try {
                commandId = send();
            } catch (RuntimeException e) {
                return; // the connection went away under the send
            }
            JsonNode reply = null;
            try {
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (reply == null && client.isConnected() && System.nanoTime() < deadline) {
                    reply = client.poll(m -> "reply".equals(m.path("kind").asString())
                            && commandId.equals(m.path("commandId").asString()), Duration.ofMillis(250));
                }
                if (reply == null && client.isConnected()) {
                    synchronized (this) {
                        violations.add(who() + " no reply to " + commandId + " within 30 s");
                    }
                }
                client.drain(); // everything is in rawFrames; keep the client's pending list short
                if (reply != null && seat.role() == Role.GM && !reply.get("accepted").asBoolean()
                        && reply.path("commandId").asString().startsWith("deal-")) {
                    mustEndRound = true;
                }
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private String send() {
        String id;
        if (seat.role() == Role.GM) {
            if (!started) {
                started = true;
                return client.command("start-" + uuid(), "actlite.startInitiative", Map.of("characterIds", seat.heroes()), null);
            }
            if (mustEndRound) {
                mustEndRound = false;
                return client.command("end-" + uuid(), "actlite.endRound", Map.of("force", true), null);
            }
            int pick = random.nextInt(100);
            String target = seat.heroes().get(random.nextInt(seat.heroes().size()));
            if (pick < 40) {
                id = client.command("deal-" + uuid(), "actlite.dealCard", Map.of(), null);
            } else if (pick < 52) {
                id = client.command("roll-" + uuid(), "roll", Map.of("notation", "1d20+2", "label", "Perception"), pick % 2 == 0 ? "GM" : null);
            } else if (pick < 62) {
                id = client.command("chat-" + uuid(), "chat", Map.of("text", "The wind howls (" + pick + ")."), null);
            } else if (pick < 70) {
                id = client.command("hurt-" + uuid(), "actlite.applyDamage", Map.of("target", target, "amount", 1), null);
            } else if (pick < 78) {
                id = client.command("heal-" + uuid(), "actlite.heal", Map.of("target", target, "amount", 1), null);
            } else if (pick < 88) {
                id = client.command("check-" + uuid(), "actlite.rollCheck", Map.of("characterId", target, "attribute", "STR", "dc", 8), null);
            } else {
                id = client.command("undo-" + uuid(), "undo", Map.of(), null);
            }
            return id;
        }
        int pick = random.nextInt(100);
        if (pick < 35) {
            return client.command("ap-" + uuid(), "actlite.spendAp", Map.of("characterId", seat.hero(), "action", "Move"), null);
        } else if (pick < 60) {
            return client.command("check-" + uuid(), "actlite.rollCheck", Map.of("characterId", seat.hero(), "attribute", "AGI", "dc", 9), null);
        } else if (pick < 80) {
            return client.command("roll-" + uuid(), "roll", Map.of("notation", "2d6", "characterId", seat.hero()), pick % 3 == 0 ? "SELF" : null);
        }
        return client.command("chat-" + uuid(), "chat", Map.of("text", "Onward! (" + pick + ")"), null);
    }

    private String uuid() {
        return Long.toHexString(random.nextLong()) + Long.toHexString(random.nextLong());
    }

    boolean isConnected() {
        return client != null && client.isConnected();
    }

    @Override
    public void close() {
        if (client != null) {
            try {
                client.close();
            } catch (RuntimeException e) {
                // the server is gone already
            }
        }
    }
}
