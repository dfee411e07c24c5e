package io.astragal.realtime;

import static io.astragal.realtime.StompPermissionMatrixTest.Outcome.ACCEPTED;
import static io.astragal.realtime.StompPermissionMatrixTest.Outcome.ERROR_FRAME;
import static io.astragal.realtime.StompPermissionMatrixTest.Outcome.HANDSHAKE_401;
import static io.astragal.realtime.StompPermissionMatrixTest.Outcome.HISTORY;
import static io.astragal.realtime.StompPermissionMatrixTest.Outcome.NOT_ALLOWED;
import static io.astragal.realtime.StompPermissionMatrixTest.Outcome.NOT_A_MEMBER;
import static io.astragal.realtime.StompPermissionMatrixTest.Outcome.NOT_YOUR_CHARACTER;
import static io.astragal.realtime.StompPermissionMatrixTest.Outcome.NO_ANSWER;
import static io.astragal.realtime.StompPermissionMatrixTest.Outcome.SNAPSHOT;
import static io.astragal.realtime.StompPermissionMatrixTest.Outcome.SUBSCRIBED;
import static io.astragal.realtime.StompPermissionMatrixTest.Who.ANONYMOUS;
import static io.astragal.realtime.StompPermissionMatrixTest.Who.CO_GM;
import static io.astragal.realtime.StompPermissionMatrixTest.Who.NON_MEMBER;
import static io.astragal.realtime.StompPermissionMatrixTest.Who.OWNER;
import static io.astragal.realtime.StompPermissionMatrixTest.Who.PLAYER;
import static io.astragal.realtime.StompPermissionMatrixTest.Who.SPECTATOR;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.LongStream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.messaging.simp.user.SimpSession;
import org.springframework.messaging.simp.user.SimpUser;
import org.springframework.messaging.simp.user.SimpUserRegistry;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Two Actlite campaigns × {owner GM, co-GM, player, spectator, non-member, anonymous} × every STOMP
 * destination and command (docs/protocol.md): exactly the expected allow or deny, on a fresh
 * connection per cell. The same five people hold different roles at the two tables, so a role at
 * one table grants nothing at the other; the non-member of each table is a GM of the other.
 *
 * <p>Every frame a cell's connection receives is checked: none carries the other campaign's names,
 * and a denied attempt's frames carry no table data at all. Each table has a watching player whose
 * connection stays up through the whole matrix: it must see exactly the accepted events, gapless,
 * and nothing forged by someone sending to its queue.
 */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StompPermissionMatrixTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    SimpUserRegistry users;

    enum Who { OWNER, CO_GM, PLAYER, SPECTATOR, NON_MEMBER, ANONYMOUS }

    /** What one attempt comes to, as the client sees it. */
    enum Outcome {
        /** The subscription is in place: the table's next event (or, for errors, the next error) arrives. */
        SUBSCRIBED,
        /** A reply {@code accepted: true}; the command's event is in the log. */
        ACCEPTED,
        /** A reply refusing it with this code; the log is unchanged. */
        NOT_ALLOWED, NOT_YOUR_CHARACTER,
        /** {@code NOT_A_MEMBER} on /user/queue/errors; nothing on the table stream, the log unchanged. */
        NOT_A_MEMBER,
        /** The member's snapshot, for the member. */
        SNAPSHOT,
        /** A page of the log. */
        HISTORY,
        /**
         * An ERROR frame says what was not allowed and the server closes the connection; nothing
         * changes and nobody else receives anything of it (docs/protocol.md, "Destinations").
         */
        ERROR_FRAME,
        /** Nothing at all comes back and nothing changes. (No cell expects it any more: every refusal is answered.) */
        NO_ANSWER,
        /** The WebSocket handshake is refused with HTTP 401: no STOMP session at all. */
        HANDSHAKE_401
    }

    /** One row of the matrix: what is attempted, and the expected outcome for each {@link Who}, in order. */
    record Row(String name, Kind kind, Outcome[] expected) {
    }

    /** How a row's attempt is made. */
    enum Kind {
        SUBSCRIBE_OWN_STREAM, SUBSCRIBE_ERRORS, SUBSCRIBE_RAW_TABLE_QUEUE, SUBSCRIBE_WATCHERS_SESSION_QUEUE,
        SUBSCRIBE_TOPIC, SUBSCRIBE_WATCHERS_USER_QUEUE, SUBSCRIBE_APP_DESTINATION,
        CHAT, ROLL, ROLL_WITH_OWN_SHEET, ROLL_WITH_NPC_SHEET, UNDO, ADD_CHARACTER, DEAL_CARD, CHECK_OWN_CHARACTER, CHECK_NPC, SYNC, HISTORY,
        SEND_TO_WATCHERS_SESSION_QUEUE, SEND_TO_WATCHERS_USER_QUEUE, SEND_TO_TOPIC, SEND_TO_RAW_TABLE_QUEUE
    }

    private static Row row(String name, Kind kind, Outcome owner, Outcome coGm, Outcome player, Outcome spectator,
                           Outcome nonMember, Outcome anonymous) {
        return new Row(name, kind, new Outcome[] {owner, coGm, player, spectator, nonMember, anonymous});
    }

    /** The expectations: one line per destination or command, one column per role. */
    private static final List<Row> MATRIX = List.of(
            //                                                                               OWNER       CO_GM       PLAYER              SPECTATOR    NON_MEMBER    ANONYMOUS
            row("SUBSCRIBE /user/queue/tables/{id}", Kind.SUBSCRIBE_OWN_STREAM,              SUBSCRIBED, SUBSCRIBED, SUBSCRIBED,         SUBSCRIBED,  ERROR_FRAME,  HANDSHAKE_401),
            row("SUBSCRIBE /user/queue/errors", Kind.SUBSCRIBE_ERRORS,                       SUBSCRIBED, SUBSCRIBED, SUBSCRIBED,         SUBSCRIBED,  SUBSCRIBED,   HANDSHAKE_401),
            row("SUBSCRIBE /queue/tables/{id}", Kind.SUBSCRIBE_RAW_TABLE_QUEUE,              ERROR_FRAME, ERROR_FRAME, ERROR_FRAME,       ERROR_FRAME, ERROR_FRAME,  HANDSHAKE_401),
            row("SUBSCRIBE /queue/tables/{id}-user{watcher's session}", Kind.SUBSCRIBE_WATCHERS_SESSION_QUEUE,
                                                                                             ERROR_FRAME, ERROR_FRAME, ERROR_FRAME,       ERROR_FRAME, ERROR_FRAME,  HANDSHAKE_401),
            row("SUBSCRIBE /topic/tables/{id}", Kind.SUBSCRIBE_TOPIC,                        ERROR_FRAME, ERROR_FRAME, ERROR_FRAME,       ERROR_FRAME, ERROR_FRAME,  HANDSHAKE_401),
            row("SUBSCRIBE /user/{watcher}/queue/tables/{id}", Kind.SUBSCRIBE_WATCHERS_USER_QUEUE,
                                                                                             ERROR_FRAME, ERROR_FRAME, ERROR_FRAME,       ERROR_FRAME, ERROR_FRAME,  HANDSHAKE_401),
            row("SUBSCRIBE /app/tables/{id}/sync", Kind.SUBSCRIBE_APP_DESTINATION,           ERROR_FRAME, ERROR_FRAME, ERROR_FRAME,       ERROR_FRAME, ERROR_FRAME,  HANDSHAKE_401),
            row("SEND commands: chat", Kind.CHAT,                                            ACCEPTED,   ACCEPTED,   ACCEPTED,           NOT_ALLOWED, NOT_A_MEMBER, HANDSHAKE_401),
            row("SEND commands: roll 1d20", Kind.ROLL,                                       ACCEPTED,   ACCEPTED,   ACCEPTED,           NOT_ALLOWED, NOT_A_MEMBER, HANDSHAKE_401),
            row("SEND commands: roll 1d1+@AGI with the player's character", Kind.ROLL_WITH_OWN_SHEET,
                                                                                             ACCEPTED,   ACCEPTED,   ACCEPTED,           NOT_ALLOWED, NOT_A_MEMBER, HANDSHAKE_401),
            row("SEND commands: roll 1d1+@STR with the NPC (hidden numbers)", Kind.ROLL_WITH_NPC_SHEET,
                                                                                             ACCEPTED,   ACCEPTED,   NOT_YOUR_CHARACTER, NOT_ALLOWED, NOT_A_MEMBER, HANDSHAKE_401),
            row("SEND commands: undo", Kind.UNDO,                                            ACCEPTED,   ACCEPTED,   NOT_ALLOWED,        NOT_ALLOWED, NOT_A_MEMBER, HANDSHAKE_401),
            row("SEND commands: actlite.addCharacter (GM only)", Kind.ADD_CHARACTER,         ACCEPTED,   ACCEPTED,   NOT_ALLOWED,        NOT_ALLOWED, NOT_A_MEMBER, HANDSHAKE_401),
            row("SEND commands: actlite.dealCard (GM only)", Kind.DEAL_CARD,                 ACCEPTED,   ACCEPTED,   NOT_ALLOWED,        NOT_ALLOWED, NOT_A_MEMBER, HANDSHAKE_401),
            row("SEND commands: actlite.rollCheck for the player's character", Kind.CHECK_OWN_CHARACTER,
                                                                                             ACCEPTED,   ACCEPTED,   ACCEPTED,           NOT_ALLOWED, NOT_A_MEMBER, HANDSHAKE_401),
            row("SEND commands: actlite.rollCheck for the GM's NPC", Kind.CHECK_NPC,         ACCEPTED,   ACCEPTED,   NOT_YOUR_CHARACTER, NOT_ALLOWED, NOT_A_MEMBER, HANDSHAKE_401),
            row("SEND /app/tables/{id}/sync", Kind.SYNC,                                     SNAPSHOT,   SNAPSHOT,   SNAPSHOT,           SNAPSHOT,    NOT_A_MEMBER, HANDSHAKE_401),
            row("SEND /app/tables/{id}/history", Kind.HISTORY,                               HISTORY,    HISTORY,    HISTORY,            HISTORY,     NOT_A_MEMBER, HANDSHAKE_401),
            row("SEND /queue/tables/{id}-user{watcher's session}", Kind.SEND_TO_WATCHERS_SESSION_QUEUE,
                                                                                             ERROR_FRAME, ERROR_FRAME, ERROR_FRAME,       ERROR_FRAME, ERROR_FRAME,  HANDSHAKE_401),
            row("SEND /user/{watcher}/queue/tables/{id}", Kind.SEND_TO_WATCHERS_USER_QUEUE,  ERROR_FRAME, ERROR_FRAME, ERROR_FRAME,       ERROR_FRAME, ERROR_FRAME,  HANDSHAKE_401),
            row("SEND /topic/tables/{id}", Kind.SEND_TO_TOPIC,                               ERROR_FRAME, ERROR_FRAME, ERROR_FRAME,       ERROR_FRAME, ERROR_FRAME,  HANDSHAKE_401),
            row("SEND /queue/tables/{id}", Kind.SEND_TO_RAW_TABLE_QUEUE,                     ERROR_FRAME, ERROR_FRAME, ERROR_FRAME,       ERROR_FRAME, ERROR_FRAME,  HANDSHAKE_401));

    /** One Actlite campaign, its people by role, and the names that must not reach anyone else. */
    private final class World {
        final String tag;
        final Map<Who, Player> people;
        final UUID table;
        final String pc;
        final String npc;
        final List<String> secrets = Collections.synchronizedList(new ArrayList<>());
        final Player watcherPlayer;
        TableClient referee;
        TableClient watcher;
        String watcherSession;

        World(String tag, Map<Who, Player> people) throws Exception {
            this.tag = tag;
            this.people = people;
            Player owner = people.get(OWNER);
            String campaignName = "Secret campaign " + tag + " " + UUID.randomUUID();
            table = owner.createCampaign(campaignName, "actlite");
            secrets.add(campaignName);
            people.get(CO_GM).accept(owner.invite(table, "GM"));
            people.get(PLAYER).accept(owner.invite(table, "PLAYER"));
            people.get(SPECTATOR).accept(owner.invite(table, "SPECTATOR"));
            watcherPlayer = Player.signUp(port, "Watcher" + tag);
            watcherPlayer.accept(owner.invite(table, "PLAYER"));
            String pcName = "Secret hero " + tag + " " + UUID.randomUUID();
            String npcName = "Secret villain " + tag + " " + UUID.randomUUID();
            secrets.add(pcName);
            secrets.add(npcName);
            pc = people.get(PLAYER).createCharacter(table, pcName, false, Map.of("AGI", 1));
            npc = owner.createCharacter(table, npcName, true, Map.of("STR", 2, "apCards", 10));
        }

        void open() throws Exception {
            referee = TableClient.join(port, people.get(OWNER), table, -1);
            referee.nextOfKind("snapshot");
            watcher = TableClient.join(port, watcherPlayer, table, -1);
            watcher.nextOfKind("snapshot");
            JsonNode started = referee.replyTo(referee.command("actlite.startInitiative", Map.of("characterIds", List.of(pc, npc))));
            assertThat(started.get("accepted").asBoolean()).as(started.toString()).isTrue();
            watcherSession = sessionOf(watcherPlayer);
        }

        /** The referee (a second connection of the owner) posts a chat; returns once the watcher has it. */
        long trigger() throws InterruptedException {
            JsonNode reply = referee.replyTo(referee.command("chat", Map.of("text", "trigger")));
            assertThat(reply.get("accepted").asBoolean()).as(reply.toString()).isTrue();
            long seq = reply.get("seq").asLong();
            watcher.next(m -> isEvent(m, seq));
            return seq;
        }

        long logSize() {
            return jdbc.sql("select count(*) from table_events where table_id = ?").param(table).query(Long.class).single();
        }

        boolean logged(String commandId) {
            return jdbc.sql("select count(*) from table_events where table_id = ? and command_id = ?")
                    .param(table).param(commandId).query(Long.class).single() == 1;
        }
    }

    private final Map<Who, Player> inA = new EnumMap<>(Who.class);
    private final Map<Who, Player> inB = new EnumMap<>(Who.class);
    private World a;
    private World b;

    @BeforeAll
    void twoCampaigns() throws Exception {
        List<Player> five = new ArrayList<>();
        for (String name : List.of("Ulla", "Vito", "Wren", "Xan", "Yorick")) {
            five.add(Player.signUp(port, name));
        }
        Player anonymous = new Player(port, "nobody", "Nobody");
        inA.put(OWNER, five.get(0));
        inA.put(CO_GM, five.get(1));
        inA.put(PLAYER, five.get(2));
        inA.put(SPECTATOR, five.get(3));
        inA.put(NON_MEMBER, five.get(4));
        inA.put(ANONYMOUS, anonymous);
        inB.put(OWNER, five.get(4));
        inB.put(CO_GM, five.get(2));
        inB.put(PLAYER, five.get(3));
        inB.put(SPECTATOR, five.get(0));
        inB.put(NON_MEMBER, five.get(1));
        inB.put(ANONYMOUS, anonymous);
        a = new World("A", inA);
        b = new World("B", inB);
        a.open();
        b.open();
    }

    @AfterAll
    void closeWatchers() {
        for (World w : List.of(a, b)) {
            if (w != null && w.referee != null) {
                w.referee.close();
                w.watcher.close();
            }
        }
    }

    @Test
    void everyRoleAtEveryDestinationGetsExactlyTheExpectedAnswerAndDeniedAttemptsLeakNothing() throws Exception {
        SoftAssertions softly = new SoftAssertions();
        List<String> observed = new ArrayList<>();
        for (World w : List.of(a, b)) {
            World other = w == a ? b : a;
            for (Row row : MATRIX) {
                for (Who who : Who.values()) {
                    Outcome expected = row.expected()[who.ordinal()];
                    Attempt attempt = attempt(w, row.kind(), who);
                    observed.add(String.format("%s %-62s %-10s -> %s", w.tag, row.name(), who, attempt.outcome()));
                    String cell = w.tag + " / " + row.name() + " / " + who;
                    softly.assertThat(attempt.outcome()).as(cell + attempt.detail()).isEqualTo(expected);
                    softly.assertThat(attempt.logDelta()).as(cell + ": events stored by the attempt")
                            .isEqualTo(attempt.outcome() == ACCEPTED ? 1 : 0);
                    for (String frame : attempt.frames()) {
                        for (String secret : other.secrets) {
                            softly.assertThat(frame).as(cell + ": the other campaign's names never reach this table's connection")
                                    .doesNotContain(secret);
                        }
                        if (isDenied(attempt.outcome())) {
                            softly.assertThat(frame).as(cell + ": a denied attempt carries no table data")
                                    .doesNotContain("\"view\"").doesNotContain("\"kind\":\"event\"")
                                    .doesNotContain("\"kind\":\"snapshot\"").doesNotContain("\"kind\":\"history\"");
                            if (who == NON_MEMBER || who == ANONYMOUS) {
                                for (String secret : w.secrets) {
                                    softly.assertThat(frame).as(cell + ": nothing of the campaign reaches an outsider")
                                            .doesNotContain(secret);
                                }
                            }
                        }
                    }
                }
            }
        }
        for (World w : List.of(a, b)) {
            World other = w == a ? b : a;
            w.trigger();
            List<Long> seqs = new ArrayList<>();
            for (String frame : List.copyOf(w.watcher.rawFrames)) {
                softly.assertThat(frame).as("nothing forged reaches the watcher of " + w.tag).doesNotContain("FORGED");
                for (String secret : other.secrets) {
                    softly.assertThat(frame).as("the watcher of " + w.tag + " never sees " + other.tag).doesNotContain(secret);
                }
                JsonNode message = JSON.readTree(frame);
                if ("event".equals(message.path("kind").asString())) {
                    seqs.add(message.get("seq").asLong());
                }
            }
            softly.assertThat(seqs).as("the watcher of " + w.tag + " saw every stored event once, in order, and nothing else")
                    .isEqualTo(LongStream.rangeClosed(1, w.logSize()).boxed().toList());
        }
        System.out.println("STOMP permission matrix, observed:\n" + String.join("\n", observed));
        softly.assertAll();
    }

    private static boolean isDenied(Outcome outcome) {
        return switch (outcome) {
            case NOT_ALLOWED, NOT_YOUR_CHARACTER, NOT_A_MEMBER, ERROR_FRAME, NO_ANSWER, HANDSHAKE_401 -> true;
            case SUBSCRIBED, ACCEPTED, SNAPSHOT, HISTORY -> false;
        };
    }

    /** What one cell came to: the outcome, what the attempt stored, and every frame its connection received. */
    record Attempt(Outcome outcome, long logDelta, List<String> frames, String detail) {
    }

    private Attempt attempt(World w, Kind kind, Who who) throws Exception {
        Player person = w.people.get(who);
        if (who == ANONYMOUS) {
            return anonymousHandshake(w, person);
        }
        // What the attempt needs in place beforehand, done by the referee.
        String newNpc = null;
        if (kind == Kind.UNDO) {
            w.trigger();
        } else if (kind == Kind.ADD_CHARACTER) {
            String name = "Secret henchman " + w.tag + " " + UUID.randomUUID();
            w.secrets.add(name);
            newNpc = w.people.get(OWNER).createCharacter(w.table, name, true, Map.of());
        }
        long before = w.logSize();
        int watcherFramesBefore = w.watcher.rawFrames.size();
        int triggers = 0;
        String commandId = UUID.randomUUID().toString();
        List<JsonNode> errors = new ArrayList<>();
        try (TableClient c = TableClient.open(port, person, w.table)) {
            c.subscribeErrors();
            if (kind.name().startsWith("SUBSCRIBE_")) {
                switch (kind) {
                    case SUBSCRIBE_OWN_STREAM -> c.subscribeStream();
                    case SUBSCRIBE_ERRORS -> { }
                    case SUBSCRIBE_RAW_TABLE_QUEUE -> c.subscribe("/queue/tables/" + w.table);
                    case SUBSCRIBE_WATCHERS_SESSION_QUEUE -> c.subscribe("/queue/tables/" + w.table + "-user" + w.watcherSession);
                    case SUBSCRIBE_TOPIC -> c.subscribe("/topic/tables/" + w.table);
                    case SUBSCRIBE_WATCHERS_USER_QUEUE -> c.subscribe("/user/" + w.watcherPlayer.userId() + "/queue/tables/" + w.table);
                    case SUBSCRIBE_APP_DESTINATION -> c.subscribe("/app/tables/" + w.table + "/sync");
                    default -> throw new IllegalStateException(kind.name());
                }
                // A malformed frame is answered on /user/queue/errors after everything sent before it: it
                // proves the connection is up and the subscription was handled. A refused SUBSCRIBE ends it instead.
                if (!fenceOrRefusal(c, w, errors)) {
                    return finish(w, c, refused(c, List.of(), null, errors), before, triggers, watcherFramesBefore,
                            "; refused: " + c.stompErrors());
                }
                long seq = w.trigger();
                triggers++;
                fence(c, w, errors);
                List<JsonNode> stream = c.drain();
                JsonNode elsewhere = c.nextElsewhereNow();
                boolean gotEvent = stream.stream().anyMatch(m -> isEvent(m, seq)) || (elsewhere != null && isEvent(elsewhere, seq));
                Outcome outcome;
                if (kind == Kind.SUBSCRIBE_ERRORS) {
                    outcome = SUBSCRIBED; // the fences above arrived on it
                } else {
                    outcome = gotEvent ? SUBSCRIBED : nothingElse(stream, elsewhere, errors) ? NO_ANSWER : null;
                }
                return finish(w, c, outcome, before, triggers, watcherFramesBefore, "; stream " + stream + "; elsewhere " + elsewhere);
            }
            if (kind.name().startsWith("SEND_TO_")) {
                String forged = "{\"kind\":\"event\",\"seq\":1,\"event\":{\"lines\":[{\"text\":\"FORGED by " + who + "\"}]},\"patch\":[]}";
                String destination = switch (kind) {
                    case SEND_TO_WATCHERS_SESSION_QUEUE -> "/queue/tables/" + w.table + "-user" + w.watcherSession;
                    case SEND_TO_WATCHERS_USER_QUEUE -> "/user/" + w.watcherPlayer.userId() + "/queue/tables/" + w.table;
                    case SEND_TO_TOPIC -> "/topic/tables/" + w.table;
                    case SEND_TO_RAW_TABLE_QUEUE -> "/queue/tables/" + w.table;
                    default -> throw new IllegalStateException(kind.name());
                };
                c.sendRaw(destination, forged);
                if (!fenceOrRefusal(c, w, errors)) {
                    w.trigger();
                    triggers++;
                    boolean forgedArrived = w.watcher.rawFrames.subList(watcherFramesBefore, w.watcher.rawFrames.size()).stream()
                            .anyMatch(f -> f.contains("FORGED"));
                    Outcome outcome = forgedArrived ? null : refused(c, c.drain(), c.nextElsewhereNow(), errors);
                    return finish(w, c, outcome, before, triggers, watcherFramesBefore, "; refused: " + c.stompErrors());
                }
                // Anything forged would reach the watcher before the referee's next event does.
                w.trigger();
                triggers++;
                fence(c, w, errors);
                List<JsonNode> stream = c.drain();
                boolean forgedArrived = w.watcher.rawFrames.subList(watcherFramesBefore, w.watcher.rawFrames.size()).stream()
                        .anyMatch(f -> f.contains("FORGED"));
                Outcome outcome = !forgedArrived && nothingElse(stream, c.nextElsewhereNow(), errors) ? NO_ANSWER : null;
                return finish(w, c, outcome, before, triggers, watcherFramesBefore, "; forged arrived: " + forgedArrived);
            }
            // Everything else is SENT to /app/tables/{id}/..., answered on the table stream (or errors). A
            // non-member's SUBSCRIBE to the stream would be refused and the connection closed (the first row):
            // they listen on /user/queue/errors only.
            if (who != NON_MEMBER) {
                c.subscribeStream();
            }
            switch (kind) {
                case CHAT -> c.command(commandId, "chat", Map.of("text", "hello from " + who), null);
                case ROLL -> c.command(commandId, "roll", Map.of("notation", "1d20"), null);
                case ROLL_WITH_OWN_SHEET -> c.command(commandId, "roll", Map.of("notation", "1d1+@AGI", "characterId", w.pc), null);
                case ROLL_WITH_NPC_SHEET -> c.command(commandId, "roll", Map.of("notation", "1d1+@STR", "characterId", w.npc), null);
                case UNDO -> c.command(commandId, "undo", Map.of(), null);
                case ADD_CHARACTER -> c.command(commandId, "actlite.addCharacter", Map.of("characterId", newNpc), null);
                case DEAL_CARD -> c.command(commandId, "actlite.dealCard", Map.of(), null);
                case CHECK_OWN_CHARACTER -> c.command(commandId, "actlite.rollCheck",
                        Map.of("characterId", w.pc, "attribute", "AGI", "dc", 8), null);
                case CHECK_NPC -> c.command(commandId, "actlite.rollCheck",
                        Map.of("characterId", w.npc, "attribute", "STR", "dc", 8), null);
                case SYNC -> c.sync(-1);
                case HISTORY -> c.history(Long.MAX_VALUE, 10);
                default -> throw new IllegalStateException(kind.name());
            }
            fence(c, w, errors);
            List<JsonNode> stream = c.drain();
            Outcome outcome = classify(w, kind, who, commandId, stream, errors);
            return finish(w, c, outcome, before, triggers, watcherFramesBefore, "; stream " + stream + "; errors " + errors);
        }
    }

    private Outcome classify(World w, Kind kind, Who who, String commandId, List<JsonNode> stream, List<JsonNode> errors) {
        String userId = w.people.get(who).userId();
        if (kind == Kind.SYNC || kind == Kind.HISTORY) {
            if (!errors.isEmpty()) {
                return stream.isEmpty() && errors.size() == 1 && "NOT_A_MEMBER".equals(errors.getFirst().path("code").asString())
                        ? NOT_A_MEMBER : null;
            }
            if (stream.size() != 1) {
                return stream.isEmpty() ? NO_ANSWER : null;
            }
            JsonNode message = stream.getFirst();
            if (kind == Kind.SYNC && "snapshot".equals(message.path("kind").asString())
                    && userId.equals(message.path("view").path("me").path("userId").asString())
                    && message.get("seq").asLong() == w.logSize()) {
                return SNAPSHOT;
            }
            if (kind == Kind.HISTORY && "history".equals(message.path("kind").asString()) && !message.get("events").isEmpty()) {
                return HISTORY;
            }
            return null;
        }
        if (!errors.isEmpty()) {
            return stream.isEmpty() && errors.size() == 1 && "NOT_A_MEMBER".equals(errors.getFirst().path("code").asString())
                    && !w.logged(commandId) ? NOT_A_MEMBER : null;
        }
        List<JsonNode> replies = stream.stream().filter(m -> "reply".equals(m.path("kind").asString())).toList();
        if (replies.isEmpty()) {
            return stream.isEmpty() && !w.logged(commandId) ? NO_ANSWER : null;
        }
        if (replies.size() != 1 || !commandId.equals(replies.getFirst().path("commandId").asString())) {
            return null;
        }
        JsonNode reply = replies.getFirst();
        if (reply.get("accepted").asBoolean()) {
            long seq = reply.get("seq").asLong();
            boolean eventFirst = stream.size() == 2 && isEvent(stream.getFirst(), seq) && stream.get(1) == reply;
            return eventFirst && w.logged(commandId) ? ACCEPTED : null;
        }
        if (stream.size() != 1 || w.logged(commandId)) {
            return null;
        }
        return switch (reply.path("code").asString()) {
            case "NOT_ALLOWED" -> NOT_ALLOWED;
            case "NOT_YOUR_CHARACTER" -> NOT_YOUR_CHARACTER;
            default -> null;
        };
    }

    private Attempt finish(World w, TableClient c, Outcome outcome, long before, int triggers, int watcherFramesBefore,
                           String detail) throws InterruptedException {
        List<String> frames = new ArrayList<>(c.rawFrames);
        // A refusal by ERROR frame closes the connection; every other outcome leaves it open.
        boolean open = outcome == ERROR_FRAME ? !c.isConnected() : c.isConnected() && c.stompErrors().isEmpty();
        // One more event from the referee: once the watcher has it, it has everything the attempt caused.
        w.trigger();
        triggers++;
        long delta = w.logSize() - before - triggers;
        // Refused and dropped frames never reach anyone else: the watcher saw only the referee's triggers (and accepted events).
        long watcherEvents = w.watcher.rawFrames.subList(watcherFramesBefore, w.watcher.rawFrames.size()).stream()
                .filter(f -> f.contains("\"kind\":\"event\"")).count();
        if (watcherEvents != triggers + delta) {
            outcome = null;
        }
        return new Attempt(open ? outcome : null, delta, frames,
                " (connection open: " + open + ", STOMP errors " + c.stompErrors() + ", watcher events " + watcherEvents
                        + ", transport " + c.transportErrors + ")" + detail);
    }

    private Attempt anonymousHandshake(World w, Player anonymous) {
        try (TableClient c = TableClient.open(port, anonymous, w.table)) {
            return new Attempt(null, 0, List.copyOf(c.rawFrames), ": an anonymous handshake was accepted");
        } catch (Exception e) {
            StringBuilder causes = new StringBuilder();
            for (Throwable t = e; t != null; t = t.getCause()) {
                causes.append(t.getMessage()).append(" / ");
            }
            boolean unauthorized = causes.toString().contains("[401]");
            return new Attempt(unauthorized ? HANDSHAKE_401 : null, 0, List.of(causes.toString()), ": " + causes);
        }
    }

    /**
     * Sends a malformed frame and waits for its MALFORMED error: everything sent before it has been
     * handled and answered. Errors that came before the fence's are added to {@code errors}.
     */
    private static void fence(TableClient c, World w, List<JsonNode> errors) throws InterruptedException {
        c.sendRaw("/app/tables/" + w.table + "/sync", "{not json");
        while (true) {
            JsonNode error = c.nextError();
            if ("MALFORMED".equals(error.path("code").asString())) {
                return;
            }
            errors.add(error);
        }
    }

    /**
     * Like {@link #fence}, for a frame that may be refused: true once the fence is answered (the frame
     * was taken), false once a STOMP ERROR frame came instead (the frame was refused).
     */
    private static boolean fenceOrRefusal(TableClient c, World w, List<JsonNode> errors) throws InterruptedException {
        try {
            c.sendRaw("/app/tables/" + w.table + "/sync", "{not json");
        } catch (RuntimeException e) {
            // already closed after an ERROR frame: that shows below
        }
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            for (JsonNode error : c.drainErrors()) {
                if ("MALFORMED".equals(error.path("code").asString())) {
                    return true;
                }
                errors.add(error);
            }
            if (!c.stompErrors().isEmpty()) {
                return false;
            }
            Thread.sleep(5);
        }
        throw new AssertionError("neither the fence's MALFORMED nor a STOMP ERROR frame within 10 s");
    }

    /** ERROR_FRAME when the refusal came as one ERROR frame saying what was not allowed, the connection closed, and nothing else came. */
    private static Outcome refused(TableClient c, List<JsonNode> stream, JsonNode elsewhere, List<JsonNode> errors)
            throws InterruptedException {
        boolean closed = c.awaitClosed();
        List<String> stompErrors = c.stompErrors();
        return closed && stompErrors.size() == 1 && stompErrors.getFirst().startsWith("Not allowed")
                && nothingElse(stream, elsewhere, errors) ? ERROR_FRAME : null;
    }

    /** True when nothing but the fences came back. */
    private static boolean nothingElse(List<JsonNode> stream, JsonNode elsewhere, List<JsonNode> errors) {
        return stream.isEmpty() && elsewhere == null && errors.isEmpty();
    }

    private static boolean isEvent(JsonNode message, long seq) {
        return "event".equals(message.path("kind").asString()) && (seq < 0 || message.path("seq").asLong() == seq);
    }

    private String sessionOf(Player player) {
        SimpUser user = users.getUser(player.userId());
        assertThat(user).as("the watcher is connected").isNotNull();
        List<SimpSession> sessions = List.copyOf(user.getSessions());
        assertThat(sessions).hasSize(1);
        return sessions.getFirst().getId();
    }
}
