package io.astragal.benchmark;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One table: its GM and five players connected over STOMP, the script that plays Actlite on it,
 * and the bookkeeping that matches each command to its reply and to the last client to receive
 * its event.
 *
 * <p>The script reads the table from the GM's view, kept current by applying every event's patch
 * (the GM sees every hand). Commands go out on schedule without waiting for earlier ones (open
 * loop); only commands whose validity depends on the deck (deal, spend, interrupt, pass, end the
 * round, damage, heal) wait until the GM's view shows the previous such command's event, and a
 * tick that finds one still in flight sends a command that is valid in any state instead (chat, a
 * free roll, a check).
 */
final class TableRun implements Connection.Handler {

    static final int SEATS = 1 + Fixtures.PLAYERS;
    private static final String EVENT_PREFIX = "{\"kind\":\"event\",\"seq\":";

    /** A command on its way: its type, when it was issued, for which phase, and whether the script waits on it. */
    private record Sent(String type, long nanos, Stats stats, boolean measured, boolean stateful, int seat) {
    }

    /** Who of the table has received one event, and the command that caused it once its reply says so. */
    private static final class Delivery {
        int received;
        long lastNanos;
        Sent sent;
    }

    private final int index;
    private final String tableId;
    private final Fixtures.Signed signed;
    private final Options options;
    private final String runId;
    private final Random random;
    private final AtomicLong commandIds = new AtomicLong();
    private final List<Connection> clients = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<String> characterIds;

    // Per seat: the last seq received on the table stream, the view when kept, snapshots seen.
    private final long[] lastSeq = new long[SEATS];
    private final JsonNode[] views = new JsonNode[SEATS];
    private final long[] relaySeq = new long[SEATS];
    private final boolean[] relaySeen = new boolean[SEATS];
    private final CompletableFuture<?>[] snapshots = new CompletableFuture<?>[SEATS];

    private final Map<String, Sent> inFlight = new HashMap<>();
    private final Map<Long, Delivery> deliveries = new HashMap<>();
    private final Map<Long, Delivery> relayDeliveries = new HashMap<>();
    /** The seq the GM's view must reach before the next state-dependent command; -1 when none waits. */
    private long awaitedSeq = -1;
    private boolean statefulInFlight;
    private volatile Stats stats;
    private volatile boolean measuring;
    private String pad = "";
    private int viewMismatches;
    private int resnapshots;

    TableRun(int index, Fixtures.Signed signed, Options options, String runId) {
        this.index = index;
        this.signed = signed;
        this.tableId = signed.fixture().tableId();
        this.options = options;
        this.runId = runId;
        this.random = new Random(options.seed() * 1_000_003 + index);
        this.characterIds = signed.fixture().players().stream().map(Fixtures.Seat::characterId).toList();
        for (int i = 0; i < SEATS; i++) {
            snapshots[i] = new CompletableFuture<>();
        }
    }

    String tableId() {
        return tableId;
    }

    /** Connects the six clients, subscribes each to its table stream and errors, and asks for a snapshot. */
    CompletableFuture<Void> connect(WebSockets sockets, URI ws, String origin) {
        List<CompletableFuture<Connection>> opening = new ArrayList<>();
        for (int seat = 0; seat < SEATS; seat++) {
            opening.add(Connection.open(sockets, ws, origin, signed.sessions().get(seat), seat, options.heartbeatMillis(), this));
        }
        return CompletableFuture.allOf(opening.toArray(CompletableFuture[]::new)).thenCompose(v -> {
            clients.addAll(opening.stream().map(CompletableFuture::join).toList());
            for (Connection c : clients) {
                c.send(Stomp.subscribe("e", "/user/queue/errors"));
                c.send(Stomp.subscribe("t", "/user/queue/tables/" + tableId));
                c.send(Stomp.send("/app/tables/" + tableId + "/sync", "{\"lastSeq\":-1}"));
            }
            return CompletableFuture.allOf(snapshots);
        });
    }

    List<Connection> clients() {
        return clients;
    }

    int openConnections() {
        return (int) clients.stream().filter(Connection::isOpen).count();
    }

    /** Starts counting into {@code stats}; {@code measured} says whether latencies count (false in the warm-up). */
    synchronized void phase(Stats stats, boolean measured) {
        this.stats = stats;
        this.measuring = measured;
    }

    /** True while a command awaits its reply, or an answered command's event has not reached every client yet. */
    synchronized boolean draining() {
        return !inFlight.isEmpty() || deliveries.values().stream().anyMatch(d -> d.sent != null)
                || relayDeliveries.values().stream().anyMatch(d -> d.sent != null);
    }

    /** Commands that never got their reply, or events some client never received, are errors of their phase. */
    synchronized void abandonInFlight() {
        inFlight.forEach((id, sent) -> sent.stats().error("no reply within the drain time", id));
        inFlight.clear();
        for (Map<Long, Delivery> pending : List.of(deliveries, relayDeliveries)) {
            pending.forEach((seq, d) -> {
                if (d.sent != null) {
                    d.sent.stats().error("event not received by every client", "seq " + seq + ": " + d.received + "/" + SEATS);
                }
            });
            pending.clear();
        }
        statefulInFlight = false;
        awaitedSeq = -1;
    }

    // --- the script ------------------------------------------------------------------------------

    /** One scheduled command of the Actlite phase. */
    synchronized void tick(long lagNanos) {
        Stats current = stats;
        if (current == null || clients.size() < SEATS) {
            return;
        }
        current.latencies(measuring).schedulerLag.add(lagNanos);
        JsonNode gmView = views[0];
        if (gmView == null) {
            return;
        }
        boolean settled = !statefulInFlight && awaitedSeq < 0;
        Command next = settled && random.nextDouble() >= 0.3 ? stateful(gmView) : null;
        if (next == null) {
            next = anytime(gmView);
        }
        issue(current, next);
    }

    private record Command(int seat, String type, Map<String, Object> args, boolean stateful) {
    }

    private Command stateful(JsonNode gm) {
        JsonNode table = gm.path("table");
        JsonNode initiative = table.path("initiative");
        if (initiative.isNull() || initiative.isMissingNode()) {
            return new Command(0, "actlite.startInitiative", Map.of("characterIds", characterIds), true);
        }
        if (random.nextDouble() < 0.08) {
            Command care = damageOrHeal(table);
            if (care != null) {
                return care;
            }
        }
        List<String> moves = new ArrayList<>();
        List<String> interrupts = new ArrayList<>();
        List<String> passes = new ArrayList<>();
        boolean deal = false;
        boolean endRound = false;
        for (JsonNode action : table.path("actions")) {
            if (!action.path("enabled").asBoolean()) {
                continue;
            }
            String command = action.path("command").asString();
            JsonNode args = action.path("args");
            switch (command) {
                case "actlite.spendAp" -> {
                    if ("move".equals(args.path("action").asString())) {
                        moves.add(args.path("characterId").asString());
                    }
                }
                case "actlite.interrupt" -> interrupts.add(args.path("characterId").asString());
                case "actlite.pass" -> passes.add(args.path("characterId").asString());
                case "actlite.dealCard" -> deal = true;
                case "actlite.endRound" -> endRound |= !args.path("force").asBoolean();
                default -> {
                }
            }
        }
        List<String> awaiting = new ArrayList<>();
        initiative.path("awaiting").forEach(a -> awaiting.add(a.asString()));
        passes.retainAll(awaiting);
        double r = random.nextDouble();
        if (!moves.isEmpty() && r < 0.75) {
            return act(pick(moves), "actlite.spendAp", Map.of("action", "move", "costs", "1"));
        }
        if (!interrupts.isEmpty() && r < 0.85) {
            return act(pick(interrupts), "actlite.interrupt", Map.of());
        }
        if (deal) {
            return new Command(0, "actlite.dealCard", Map.of(), true);
        }
        if (!passes.isEmpty() && r < 0.95) {
            return act(pick(passes), "actlite.pass", Map.of());
        }
        if (!moves.isEmpty()) {
            return act(pick(moves), "actlite.spendAp", Map.of("action", "move", "costs", "1"));
        }
        if (!interrupts.isEmpty()) {
            return act(pick(interrupts), "actlite.interrupt", Map.of());
        }
        if (!passes.isEmpty()) {
            return act(pick(passes), "actlite.pass", Map.of());
        }
        if (endRound) {
            return new Command(0, "actlite.endRound", Map.of("force", false), true);
        }
        return null;
    }

    /** The GM hurts a healthy hero by 1 or heals a hurt one by 2 (standard health, so nobody falls). */
    private Command damageOrHeal(JsonNode table) {
        List<JsonNode> combatants = new ArrayList<>();
        table.path("combatants").forEach(combatants::add);
        if (combatants.isEmpty()) {
            return null;
        }
        JsonNode target = combatants.get(random.nextInt(combatants.size()));
        for (JsonNode track : target.path("tracks")) {
            if ("health".equals(track.path("key").asString()) && track.path("value").isNumber()) {
                int value = track.path("value").asInt();
                int max = track.path("max").asInt();
                String id = target.path("id").asString();
                if (value > 3) {
                    return new Command(0, "actlite.applyDamage", Map.of("target", id, "amount", 1), true);
                }
                if (value < max) {
                    return new Command(0, "actlite.heal", Map.of("target", id, "amount", 2), true);
                }
            }
        }
        return null;
    }

    /** A command for a character, sent by its owner. */
    private Command act(String characterId, String type, Map<String, Object> extra) {
        Map<String, Object> args = new LinkedHashMap<>(extra);
        args.put("characterId", characterId);
        return new Command(1 + characterIds.indexOf(characterId), type, args, true);
    }

    /** Valid whatever the deck does: chat from anyone, a free roll or a check by a player. */
    private Command anytime(JsonNode gm) {
        double r = random.nextDouble();
        int player = 1 + random.nextInt(Fixtures.PLAYERS);
        if (r < 0.3) {
            int seat = random.nextInt(SEATS);
            return new Command(seat, "chat", Map.of("text", "Table " + index + ", seat " + seat + ": onwards!"), false);
        }
        boolean seated = gm.path("table").path("combatants").size() == Fixtures.PLAYERS;
        if (r < 0.65 || !seated) {
            return new Command(player, "roll", Map.of("notation", "2d6+1", "label", "Bench roll"), false);
        }
        return new Command(player, "actlite.rollCheck",
                Map.of("characterId", characterIds.get(player - 1), "attribute", "AGI", "dc", 8), false);
    }

    private String pick(List<String> ids) {
        return ids.get(random.nextInt(ids.size()));
    }

    private void issue(Stats current, Command command) {
        String commandId = runId + "-" + index + "-" + commandIds.incrementAndGet();
        ObjectNode body = Rest.JSON.createObjectNode();
        body.put("commandId", commandId);
        body.put("type", command.type());
        body.set("args", Rest.JSON.valueToTree(command.args()));
        long now = System.nanoTime();
        inFlight.put(commandId, new Sent(command.type(), now, current, measuring, command.stateful(), command.seat()));
        if (command.stateful()) {
            statefulInFlight = true;
        }
        current.sent.increment();
        current.command(command.type());
        clients.get(command.seat()).send(Stomp.send("/app/tables/" + tableId + "/commands", body.toString()));
    }

    // --- the relay (the floor) -------------------------------------------------------------------

    /** Subscribes every client to the table's relay room. */
    void joinRelay(String pad) {
        synchronized (this) {
            this.pad = pad;
        }
        clients.forEach(c -> c.send(Stomp.subscribe("b", "/user/queue/bench/" + tableId)));
    }

    /** Sends a probe from the GM; true once every client has received some relay message. */
    synchronized boolean relayReady() {
        for (boolean seen : relaySeen) {
            if (!seen) {
                return false;
            }
        }
        return true;
    }

    synchronized void probeRelay() {
        clients.getFirst().send(Stomp.send("/app/bench/rooms/" + tableId, "{\"id\":\"probe\",\"pad\":\"\"}"));
    }

    void leaveRelay() {
        clients.forEach(c -> c.send(Stomp.unsubscribe("b")));
    }

    /** One scheduled message of the relay phase, from a random member. */
    synchronized void relayTick(long lagNanos) {
        Stats current = stats;
        if (current == null) {
            return;
        }
        current.latencies(measuring).schedulerLag.add(lagNanos);
        int seat = random.nextInt(SEATS);
        String id = runId + "-r" + index + "-" + commandIds.incrementAndGet();
        inFlight.put(id, new Sent("relay", System.nanoTime(), current, measuring, false, seat));
        current.sent.increment();
        current.command("relay");
        clients.get(seat).send(Stomp.send("/app/bench/rooms/" + tableId, "{\"id\":\"" + id + "\",\"pad\":\"" + pad + "\"}"));
    }

    // --- what arrives ----------------------------------------------------------------------------

    @Override
    public void onFrame(Connection connection, Stomp.Frame frame, long arrived) {
        if (!"MESSAGE".equals(frame.command())) {
            return;
        }
        String subscription = frame.header("subscription");
        String body = frame.body();
        int seat = connection.seat;
        switch (subscription == null ? "" : subscription) {
            case "t" -> onTableMessage(seat, body, arrived);
            case "b" -> onRelayMessage(seat, body, arrived);
            case "e" -> problem("server error message", body);
            default -> problem("message on an unknown subscription", Stomp.abbreviate(body));
        }
    }

    @Override
    public void onProblem(Connection connection, String kind, String detail) {
        problem(kind, "seat " + connection.seat + ": " + detail);
    }

    private void problem(String kind, String detail) {
        Stats current = stats;
        if (current != null) {
            current.error(kind, "table " + index + ": " + detail);
        } else {
            System.err.printf("table %d: %s: %s%n", index, kind, detail);
        }
    }

    private boolean keepsView(int seat) {
        return seat == 0 || options.verifyViews();
    }

    private void onTableMessage(int seat, String body, long arrived) {
        if (!keepsView(seat) && body.startsWith(EVENT_PREFIX)) {
            long seq = leadingLong(body, EVENT_PREFIX.length());
            countEventFrame(body);
            synchronized (this) {
                onEvent(seat, seq, arrived);
            }
            return;
        }
        JsonNode message = Rest.JSON.readTree(body);
        String kind = message.path("kind").asString();
        synchronized (this) {
            switch (kind) {
                case "event" -> {
                    countEventFrame(body);
                    long seq = message.path("seq").asLong();
                    if (views[seat] != null && seq == lastSeq[seat] + 1) {
                        try {
                            views[seat] = JsonPatch.apply(views[seat], message.path("patch"));
                        } catch (RuntimeException e) {
                            problem("patch does not apply", "seat " + seat + " seq " + seq + ": " + e.getMessage());
                        }
                    }
                    onEvent(seat, seq, arrived);
                }
                case "snapshot" -> onSnapshot(seat, message);
                case "reply" -> onReply(message, arrived);
                default -> problem("unknown message", Stomp.abbreviate(body));
            }
        }
    }

    private void countEventFrame(String body) {
        Stats current = stats;
        if (current != null && measuring) {
            current.eventFrames.increment();
            current.eventBytes.add(body.length());
        }
    }

    private void onSnapshot(int seat, JsonNode message) {
        long seq = message.path("seq").asLong();
        JsonNode view = message.path("view");
        if (snapshots[seat].isDone() && views[seat] != null) {
            // A later sync (the end-of-run check): the patched view must equal the server's.
            resnapshots++;
            if (seq != lastSeq[seat] || !view.equals(views[seat])) {
                viewMismatches++;
                problem("patched view differs from the snapshot", "seat " + seat + " at seq " + seq
                        + " (client at " + lastSeq[seat] + ")");
            }
        }
        lastSeq[seat] = seq;
        if (keepsView(seat)) {
            views[seat] = view;
        }
        snapshots[seat].complete(null);
    }

    private void onEvent(int seat, long seq, long arrived) {
        long expected = lastSeq[seat] + 1;
        if (seq != expected) {
            problem(seq <= lastSeq[seat] ? "duplicate or old event" : "gap in events",
                    "seat " + seat + " expected " + expected + " got " + seq);
        }
        lastSeq[seat] = Math.max(lastSeq[seat], seq);
        deliver(deliveries, seq, arrived);
        if (seat == 0 && awaitedSeq >= 0 && seq >= awaitedSeq) {
            awaitedSeq = -1;
            statefulInFlight = false;
        }
    }

    private void deliver(Map<Long, Delivery> pending, long seq, long arrived) {
        Delivery d = pending.computeIfAbsent(seq, s -> new Delivery());
        d.received++;
        d.lastNanos = Math.max(d.lastNanos, arrived);
        complete(pending, seq, d);
    }

    private void complete(Map<Long, Delivery> pending, long seq, Delivery d) {
        if (d.received >= SEATS && d.sent != null) {
            pending.remove(seq);
            long nanos = d.lastNanos - d.sent.nanos();
            d.sent.stats().latencies(d.sent.measured()).lastClient(d.sent.type(), nanos);
            if (d.sent.measured() && options.slowMillis() > 0 && nanos > options.slowMillis() * 1_000_000L) {
                d.sent.stats().slow.add(new Stats.Slow(System.currentTimeMillis() - (System.nanoTime() - d.sent.nanos()) / 1_000_000,
                        nanos, d.sent.type()));
            }
        }
    }

    private void onReply(JsonNode reply, long arrived) {
        String commandId = reply.path("commandId").asString();
        Sent sent = inFlight.remove(commandId);
        if (sent == null) {
            problem("reply to no command in flight", commandId);
            return;
        }
        sent.stats().latencies(sent.measured()).reply.add(arrived - sent.nanos());
        if (reply.path("accepted").asBoolean()) {
            long seq = reply.path("seq").asLong();
            sent.stats().acceptedWithWarmup.increment();
            if (sent.measured()) {
                sent.stats().accepted.increment();
            }
            Delivery d = deliveries.computeIfAbsent(seq, s -> new Delivery());
            d.sent = sent;
            complete(deliveries, seq, d);
            if (sent.stateful()) {
                if (lastSeq[0] >= seq) {
                    statefulInFlight = false;
                    awaitedSeq = -1;
                } else {
                    awaitedSeq = seq;
                    statefulInFlight = false;
                }
            }
        } else {
            sent.stats().reject(reply.path("code").asString());
            if (sent.stateful()) {
                statefulInFlight = false;
                awaitedSeq = -1;
            }
        }
    }

    private void onRelayMessage(int seat, String body, long arrived) {
        if (body.startsWith(EVENT_PREFIX)) {
            long seq = leadingLong(body, EVENT_PREFIX.length());
            countEventFrame(body);
            synchronized (this) {
                relaySeen[seat] = true;
                if (relaySeq[seat] != 0 && seq != relaySeq[seat] + 1) {
                    problem(seq <= relaySeq[seat] ? "duplicate or old relay message" : "gap in relay messages",
                            "seat " + seat + " expected " + (relaySeq[seat] + 1) + " got " + seq);
                }
                relaySeq[seat] = seq;
                deliver(relayDeliveries, seq, arrived);
            }
            return;
        }
        JsonNode reply = Rest.JSON.readTree(body);
        synchronized (this) {
            String id = reply.path("commandId").asString();
            if ("probe".equals(id)) {
                // Only the probe's own message: a late probe reply must not drop the deliveries of the play.
                relayDeliveries.remove(reply.path("seq").asLong());
                return;
            }
            Sent sent = inFlight.remove(id);
            if (sent == null) {
                problem("relay reply to nothing in flight", id);
                return;
            }
            sent.stats().latencies(sent.measured()).reply.add(arrived - sent.nanos());
            if (!reply.path("accepted").asBoolean()) {
                sent.stats().reject("RELAY_REFUSED");
                return;
            }
            long seq = reply.path("seq").asLong();
            sent.stats().acceptedWithWarmup.increment();
            if (sent.measured()) {
                sent.stats().accepted.increment();
            }
            Delivery d = relayDeliveries.computeIfAbsent(seq, s -> new Delivery());
            d.sent = sent;
            complete(relayDeliveries, seq, d);
        }
    }

    /** At the end: every client asks for a snapshot at its last seq; the patched views must equal them. */
    void verifyViews() {
        for (Connection c : clients) {
            c.send(Stomp.send("/app/tables/" + tableId + "/sync", "{\"lastSeq\":" + lastSeqOf(c.seat) + "}"));
        }
    }

    private synchronized long lastSeqOf(int seat) {
        return lastSeq[seat];
    }

    synchronized int resnapshots() {
        return resnapshots;
    }

    synchronized int viewMismatches() {
        return viewMismatches;
    }

    void close() {
        clients.forEach(Connection::close);
    }

    private static long leadingLong(String text, int from) {
        long value = 0;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                break;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
