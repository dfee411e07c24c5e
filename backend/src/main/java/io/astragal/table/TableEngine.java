package io.astragal.table;

import io.astragal.dice.DetailedRoll;
import io.astragal.dice.Dice;
import io.astragal.dice.DiceException;
import io.astragal.dice.DiceSource;
import io.astragal.rules.Actor;
import io.astragal.rules.CharacterCard;
import io.astragal.rules.Decision;
import io.astragal.rules.GameCommand;
import io.astragal.rules.GameEvent;
import io.astragal.rules.Play;
import io.astragal.rules.Role;
import io.astragal.rules.Ruleset;
import io.astragal.rules.Rulesets;
import io.astragal.rules.Viewer;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.TransactionException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.type.LogicalType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The referee of every live table (ARCHITECTURE.md, "The play loop"): decides each command against
 * the table's state, appends the resulting event to the log (committed before anyone is told),
 * folds it in, and sends each member the event as they may see it with a patch of their view.
 * Commands for one table run one at a time under that table's lock; tables run in parallel.
 *
 * <p>With a shared log ({@code astragal.table.shared-log}, the cluster profile) other nodes append
 * to the same tables. Before it decides a command or serves a sync, a node reads on from its last
 * seq in the log (one indexed query) and tells its own connections what the others appended; two
 * nodes that append the same seq are told apart by the log's {@code (table_id, seq)} key: the
 * loser reads on and decides the command again. Each node tells only its own connections.
 */
@Service
public class TableEngine {

    private static final Logger log = LoggerFactory.getLogger(TableEngine.class);
    private static final Pattern COMMAND_ID = Pattern.compile("[A-Za-z0-9._:-]{1,64}");
    static final int SNAPSHOT_EVERY = 100;
    static final int MAX_CHAT = 2000;
    static final int MAX_HISTORY_PAGE = 100;
    static final int RECENT_IN_SNAPSHOT = 50;
    /** How often a command is decided when other nodes keep taking its seq first. */
    static final int ATTEMPTS = 3;

    private final EventStore store;
    private final TableDirectory directory;
    private final TablePublisher publisher;
    private final JsonMapper json;
    private final JsonMapper strictJson;
    private final Clock clock;
    private final GroupCommit commits;
    private final DiceSource dice = DiceSource.of(new SecureRandom());
    private final Map<UUID, TableRuntime> tables = new ConcurrentHashMap<>();
    /** Per table whose live copy was retired: the last seq its members were told of. */
    private final Map<UUID, Long> untold = new ConcurrentHashMap<>();
    private final boolean sharedLog;
    private final Counter lostRaces;

    TableEngine(EventStore store, GroupCommit commits, TableDirectory directory, TablePublisher publisher, JsonMapper json, Clock clock,
                @Value("${astragal.table.shared-log:false}") boolean sharedLog, MeterRegistry meters) {
        this.store = store;
        this.commits = commits;
        this.directory = directory;
        this.publisher = publisher;
        this.json = json;
        // A ruleset argument of the wrong JSON type is an error, never converted (42 to "42", 1.5 to 1, 2 to an enum's third constant).
        this.strictJson = json.rebuild()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .withCoercionConfig(LogicalType.Textual, text -> text
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .withCoercionConfigDefaults(all -> all
                        .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.EmptyArray, CoercionAction.Fail))
                .build();
        this.clock = clock;
        this.sharedLog = sharedLog;
        this.lostRaces = Counter.builder("astragal.table.lost.races")
                .description("Appends another node made first: the command was decided again on the newer state")
                .register(meters);
    }

    /** Decides and applies one command, then tells everyone. Always answers the sender exactly once. */
    public void execute(UUID tableId, Caller caller, CommandRequest request) {
        String commandId = request.commandId();
        if (commandId == null || !COMMAND_ID.matcher(commandId).matches()) {
            reply(tableId, caller, TableMessage.Reply.rejected(String.valueOf(commandId), "INVALID_COMMAND",
                    "A command needs a commandId of 1 to 64 letters, digits, '.', '_', ':' or '-'."));
            return;
        }
        List<Member> members;
        Map<String, CharacterCard> characters;
        Optional<Member> member;
        TableRuntime table;
        try {
            members = directory.members(tableId);
            member = members.stream().filter(m -> m.userId().equals(caller.userId())).findFirst();
            if (member.isEmpty()) {
                reply(tableId, caller, TableMessage.Reply.rejected(commandId, "NOT_A_MEMBER",
                        "You are not a member of this table's campaign."));
                return;
            }
            // Everything the command needs from the database besides the append is read up front,
            // so nothing can fail between storing the event and telling everyone.
            characters = directory.characters(tableId);
            table = lockCurrent(tableId);
        } catch (DataAccessException | TransactionException e) {
            log.warn("Table {}: database unavailable before handling {}: {}", tableId, commandId, e.getMessage());
            reply(tableId, caller, tryAgain(commandId));
            return;
        }
        try {
            // A repeat the log holds but this copy does not remember (sent before a restart, or long
            // ago) is found without a query on the way: deciding it again either ends in a refusal,
            // which looks the command up before answering, or in an append the log refuses.
            Optional<TableMessage.Reply> first = table.earlierReply(commandId);
            if (first.isPresent()) {
                reply(tableId, caller, first.get());
                return;
            }
            TableMessage.Reply outcome = null;
            for (int attempt = 1; outcome == null; attempt++) {
                try {
                    outcome = decideAndApply(table, member.get(), members, characters, request);
                } catch (LostRace lost) {
                    // Another node appended this seq first; this copy has read on from the log.
                    lostRaces.increment();
                    if (attempt == ATTEMPTS) {
                        outcome = movedOn(commandId);
                    }
                }
            }
            if (!outcome.accepted() && !"TRY_AGAIN".equals(outcome.code())) {
                table.rememberRefusal(outcome);
            }
            reply(tableId, caller, outcome);
        } catch (DataAccessException | TransactionException e) {
            // Nothing was appended (an append that fails is handled in commit), so the table in memory is still its log.
            log.warn("Table {}: database unavailable while handling {}: {}", tableId, commandId, e.getMessage());
            reply(tableId, caller, tryAgain(commandId));
        } finally {
            table.lock.unlock();
        }
    }

    /**
     * Brings one connection up to date: its member's whole view now, with the events after
     * {@code lastSeq} for the log when they are still at hand (otherwise the latest ones).
     * Returns false, sending nothing, to someone who is not a member.
     */
    public boolean sync(UUID tableId, Caller caller, long lastSeq) {
        Optional<Member> member = memberOf(tableId, caller.userId());
        if (member.isEmpty()) {
            return false;
        }
        TableRuntime table = lockCurrent(tableId);
        try {
            Viewer viewer = new Viewer(member.get().userId(), member.get().role());
            byte[] written = viewOf(table, member.get(), directory.members(tableId), directory.characters(tableId));
            JsonNode view = json.readTree(written);
            List<EventView> recent = eventsSince(table, lastSeq).stream().map(e -> eventView(table, e, viewer)).toList();
            publisher.toSession(tableId, caller.userId(), caller.sessionId(),
                    new TableMessage.Snapshot(tableId.toString(), table.seq, view, recent));
            return true;
        } finally {
            table.lock.unlock();
        }
    }

    /**
     * The events a snapshot carries for the log: those after {@code lastSeq}, at most the newest
     * {@link #RECENT_IN_SNAPSHOT} (all of them for a first snapshot, {@code lastSeq} -1). The table
     * keeps only its newest in memory, so the rest are read from the log. While it cannot be read
     * the sync is answered TRY_AGAIN rather than with a log that has a hole in it.
     */
    private List<LoggedEvent> eventsSince(TableRuntime table, long lastSeq) {
        long after = Math.max(0, Math.max(lastSeq, table.seq - RECENT_IN_SNAPSHOT));
        LoggedEvent oldestKept = table.recent.peekFirst();
        if (after >= table.seq || oldestKept != null && oldestKept.seq() <= after + 1) {
            return table.recent.stream().filter(e -> e.seq() > after).toList();
        }
        return store.before(table.id, table.seq + 1, (int) (table.seq - after)).stream()
                .map(row -> toLogged(table, row))
                .toList();
    }

    /** A page of the log before {@code beforeSeq}, as this member may see it; false for a non-member. */
    public boolean history(UUID tableId, Caller caller, long beforeSeq, int limit) {
        Optional<Member> member = memberOf(tableId, caller.userId());
        if (member.isEmpty()) {
            return false;
        }
        TableRuntime table = runtime(tableId);
        Viewer viewer = new Viewer(member.get().userId(), member.get().role());
        int size = Math.clamp(limit, 1, MAX_HISTORY_PAGE);
        List<EventView> page = store.before(tableId, beforeSeq, size).stream()
                .map(row -> eventView(table, toLogged(table, row), viewer))
                .toList();
        boolean complete = page.isEmpty() || page.getFirst().seq() == 1;
        publisher.toSession(tableId, caller.userId(), caller.sessionId(), new TableMessage.History(page, complete));
        return true;
    }

    /** Every event of a table in order, as stored (for export). */
    public List<Map<String, Object>> exportEvents(UUID tableId) {
        List<Map<String, Object>> events = new ArrayList<>();
        for (EventStore.Row row : store.after(tableId, 0)) {
            Map<String, Object> event = new HashMap<>();
            event.put("seq", row.seq());
            event.put("commandId", row.commandId());
            event.put("actor", row.actorId());
            event.put("actorName", row.actorName());
            event.put("at", row.at().toString());
            event.put("type", row.type());
            event.put("payload", json.readValue(row.payload(), Map.class));
            events.add(event);
        }
        return events;
    }

    /**
     * Stores exported events as the whole history of a new, empty table (campaign import). The
     * events are checked by decoding each one with the table's ruleset before anything is written.
     */
    public void importEvents(UUID tableId, List<Map<String, Object>> events) {
        String rulesetId = directory.rulesetId(tableId).orElseThrow(() -> new IllegalArgumentException("no table " + tableId));
        Ruleset ruleset = Rulesets.byId(rulesetId).orElseThrow(() -> new IllegalArgumentException("unknown ruleset " + rulesetId));
        EventCodec codec = new EventCodec(json, ruleset.referee());
        List<EventStore.Row> rows = new ArrayList<>();
        long seq = 0;
        for (Map<String, Object> event : events) {
            seq++;
            String type = String.valueOf(event.get("type"));
            String payload = json.writeValueAsString(event.get("payload"));
            codec.decode(type, payload);
            Object at = event.get("at");
            rows.add(new EventStore.Row(seq, String.valueOf(event.get("commandId")), String.valueOf(event.get("actor")),
                    String.valueOf(event.get("actorName")), at == null ? clock.instant() : java.time.Instant.parse(at.toString()),
                    type, payload));
        }
        rows.forEach(row -> store.append(tableId, row));
        forget(tableId);
    }

    /** Deletes a table and its history, when its campaign is deleted. */
    public void delete(UUID tableId) {
        forget(tableId);
        store.deleteTable(tableId);
    }

    // ---------------------------------------------------------------------------------------------

    private TableMessage.Reply decideAndApply(TableRuntime table, Member member, List<Member> members,
                                              Map<String, CharacterCard> characters, CommandRequest request) {
        String commandId = request.commandId();
        Actor actor = new Actor(member.userId(), member.displayName(), member.role());
        if (actor.role() == Role.SPECTATOR) {
            return TableMessage.Reply.rejected(commandId, "NOT_ALLOWED", "Spectators watch the table; they cannot send commands.");
        }
        RollMode mode = request.rollMode() == null ? RollMode.PUBLIC : request.rollMode();
        JsonNode args = request.args() == null ? json.createObjectNode() : request.args();
        if (!args.isObject()) {
            return TableMessage.Reply.rejected(commandId, "INVALID_COMMAND", "A command's args must be a JSON object.");
        }
        String type = request.type() == null ? "" : request.type();
        Decided decided = switch (type) {
            case "chat" -> chat(args);
            case "roll" -> roll(args, mode, actor, characters);
            case "undo" -> undo(table, actor);
            default -> rules(table, type, args, mode, actor, characters);
        };
        return switch (decided) {
            case Decided.Refused refused -> store.seqOfCommand(table.id, commandId)
                    .map(seq -> TableMessage.Reply.accepted(commandId, seq))
                    .orElseGet(() -> TableMessage.Reply.rejected(commandId, refused.code(), refused.message()));
            case Decided.Happened happened -> commit(table, actor, members, characters, commandId, happened);
        };
    }

    private sealed interface Decided {
        record Happened(TableEvent event, Object stateAfter) implements Decided {
        }

        record Refused(String code, String message) implements Decided {
        }
    }

    private Decided chat(JsonNode args) {
        JsonNode text = args.get("text");
        if (text == null || !text.isString() || text.asString().isBlank()) {
            return new Decided.Refused("INVALID_COMMAND", "A chat message needs some text.");
        }
        if (text.asString().length() > MAX_CHAT) {
            return new Decided.Refused("INVALID_COMMAND", "A chat message may be at most " + MAX_CHAT + " characters.");
        }
        return new Decided.Happened(new TableEvent.ChatPosted(text.asString().strip()), null);
    }

    private Decided roll(JsonNode args, RollMode mode, Actor actor, Map<String, CharacterCard> characters) {
        JsonNode notation = args.get("notation");
        if (notation == null || !notation.isString()) {
            return new Decided.Refused("INVALID_DICE", "A roll needs dice notation, such as 2d6+1.");
        }
        JsonNode labelNode = args.get("label");
        JsonNode characterId = args.get("characterId");
        if (labelNode != null && !labelNode.isNull() && !labelNode.isString()
                || characterId != null && !characterId.isNull() && !characterId.isString()) {
            return new Decided.Refused("INVALID_COMMAND", "A roll's label and characterId must be text.");
        }
        String label = labelNode != null && labelNode.isString() ? labelNode.asString().strip() : "";
        if (label.length() > 80) {
            return new Decided.Refused("INVALID_COMMAND", "A roll's label may be at most 80 characters.");
        }
        Map<String, Integer> refs = new HashMap<>();
        if (characterId != null && characterId.isString()) {
            CharacterCard card = characters.get(characterId.asString());
            if (card == null) {
                return new Decided.Refused("UNKNOWN_CHARACTER", "There is no such character at this table.");
            }
            // A roll's total would reveal the sheet's numbers, which may be hidden (an NPC's).
            if (!actor.controls(card)) {
                return new Decided.Refused("NOT_YOUR_CHARACTER", "You can roll only with the numbers of a character you control.");
            }
            card.sheet().forEach((key, value) -> {
                if (value instanceof Integer number) {
                    refs.put(key, number);
                }
            });
        }
        try {
            DetailedRoll rolled = Dice.rollDetailed(notation.asString(), refs, dice);
            return new Decided.Happened(new TableEvent.DiceRolled(rolled.result().notation(), label, mode,
                    rolled.result(), rolled.groups()), null);
        } catch (DiceException e) {
            return new Decided.Refused("INVALID_DICE", e.getMessage());
        }
    }

    private Decided undo(TableRuntime table, Actor actor) {
        if (!actor.isGm()) {
            return new Decided.Refused("NOT_ALLOWED", "Only a GM can undo.");
        }
        Optional<LoggedEvent> candidate = undoCandidate(table);
        if (candidate.isEmpty()) {
            return new Decided.Refused("INVALID_STATE", "There is nothing to undo.");
        }
        LoggedEvent target = candidate.get();
        Object rebuilt = rebuildWithout(table, target.seq());
        return new Decided.Happened(new TableEvent.Reverted(target.seq(), summary(target)), rebuilt);
    }

    private Decided rules(TableRuntime table, String type, JsonNode args, RollMode mode, Actor actor,
                          Map<String, CharacterCard> characters) {
        Class<? extends GameCommand> commandType = table.referee.commandTypes().get(type);
        if (commandType == null) {
            return new Decided.Refused("UNKNOWN_COMMAND", "'" + abbreviate(type) + "' is not a command of this table ("
                    + table.ruleset.name() + ").");
        }
        GameCommand command;
        try {
            command = strictJson.treeToValue(args, commandType);
        } catch (JacksonException e) {
            return new Decided.Refused("INVALID_COMMAND", "The arguments of " + type + " do not fit: " + e.getOriginalMessage());
        }
        Decision decision;
        try {
            decision = table.referee.decide(table.state, command, new Play(actor, characters, dice));
        } catch (RuntimeException e) {
            log.error("Table {}: the {} referee failed on {}", table.id, table.ruleset.id(), type, e);
            return new Decided.Refused("INVALID_COMMAND", "The rules could not handle that command; nothing changed.");
        }
        return switch (decision) {
            case Decision.Rejected rejected -> new Decided.Refused(rejected.code().name(), rejected.message());
            case Decision.Accepted accepted -> accepted.events().isEmpty()
                    ? new Decided.Refused("INVALID_STATE", "That changes nothing.")
                    : new Decided.Happened(new TableEvent.RulesPlayed(type, mode, accepted.events()), null);
        };
    }

    /**
     * Appends the decided event and only then folds it in and tells everyone. The table in memory
     * never runs ahead of its log: when the append fails, nothing here has changed; when it may
     * have reached the database (a lost connection) or someone else wrote first, this copy is
     * retired and the next command reloads the table from the log.
     */
    private TableMessage.Reply commit(TableRuntime table, Actor actor, List<Member> members,
                                      Map<String, CharacterCard> characters, String commandId, Decided.Happened happened) {
        LoggedEvent event = new LoggedEvent(table.seq + 1, commandId, actor.userId(), actor.displayName(),
                clock.instant(), happened.event());
        try {
            commits.append(table.id, new EventStore.Row(event.seq(), commandId, event.actorId(), event.actorName(),
                    event.at(), EventCodec.type(event.event()), table.codec.encode(event.event())));
        } catch (DuplicateKeyException e) {
            if (sharedLog) {
                // Another node took this seq (or this command) first. Nothing changed here: read on
                // in place, and decide again unless the command itself is what was stored.
                Optional<Long> earlier = store.seqOfCommand(table.id, commandId);
                readOn(table);
                if (earlier.isPresent()) {
                    return TableMessage.Reply.accepted(commandId, earlier.get());
                }
                throw new LostRace();
            }
            Optional<Long> earlier = store.seqOfCommand(table.id, commandId);
            if (earlier.isPresent()) {
                // A repeat of a command the log holds: the insert changed nothing, nor did this copy.
                return TableMessage.Reply.accepted(commandId, earlier.get());
            }
            // Another writer took this seq first: this copy is behind its log.
            retire(table, table.seq);
            return movedOn(commandId);
        } catch (CannotGetJdbcConnectionException e) {
            // No connection, so no insert: nothing is stored and nothing here has changed.
            log.warn("Table {}: no database connection to append seq {} ({}): {}", table.id, event.seq(), commandId,
                    e.getMessage());
            return tryAgain(commandId);
        } catch (DataAccessException | TransactionException e) {
            // The insert may or may not have committed before the connection broke; the log will tell.
            retire(table, table.seq);
            log.warn("Table {}: append of seq {} ({}) failed: {}", table.id, event.seq(), commandId, e.getMessage());
            return TableMessage.Reply.rejected(commandId, "TRY_AGAIN", "The table's storage became unavailable while your "
                    + "command was being stored. Send it again with the same commandId in a moment: it counts once, or not at all.");
        }
        try {
            table.seq = event.seq();
            if (happened.stateAfter() != null) {
                table.state = happened.stateAfter();
            } else {
                table.apply(event.event());
            }
            table.remember(event);
            fanOut(table, members, characters, event);
        } catch (RuntimeException e) {
            // The event is stored: it stands. This copy may be half-updated, so the next command reloads it.
            retire(table, event.seq() - 1);
            log.error("Table {}: seq {} was stored but could not be applied or sent; reloading from the log", table.id,
                    event.seq(), e);
        }
        if (event.seq() % SNAPSHOT_EVERY == 0 && !table.retired) {
            snapshot(table);
        }
        publisher.logGrew(table.id, event.seq());
        return TableMessage.Reply.accepted(commandId, event.seq());
    }

    private void snapshot(TableRuntime table) {
        try {
            store.saveSnapshot(table.id, table.seq, json.writeValueAsString(table.state), clock.instant());
        } catch (DataAccessException e) {
            log.warn("Table {}: snapshot at seq {} not saved: {}", table.id, table.seq, e.getMessage());
        }
    }

    private void fanOut(TableRuntime table, List<Member> members, Map<String, CharacterCard> characters, LoggedEvent event) {
        Optional<LoggedEvent> undoable = undoOffer(table);
        try (ViewWriter writer = new ViewWriter(json)) {
            // The views members saw last are built again from what they were built from, all before this
            // state's: a referee keeps its views of the last fan-out for the next (ViewMemory), and they are
            // those of the earlier state (docs/performance.md, step 46).
            Map<String, Object> earlier = new HashMap<>();
            Map<Object, Function<Viewer, Object>> earlierViews = new IdentityHashMap<>(2);
            // Read before any is replaced: the players' views share one record (TableRuntime.rememberSharedView).
            TableRuntime.SentView[] sent = new TableRuntime.SentView[members.size()];
            for (int i = 0; i < sent.length; i++) {
                Member member = members.get(i);
                TableRuntime.SentView before = sent[i] = table.sentView(member.userId());
                if (before != null && !before.sameTableAs(table.state, members, characters)) {
                    Member then = asIn(before.members(), member);
                    earlier.put(member.userId(), earlierViews.computeIfAbsent(before.state(),
                            state -> table.referee.views(state, table.viewMemory)).apply(new Viewer(then.userId(), then.role())));
                }
            }
            Function<Viewer, Object> views = table.referee.views(table.state, table.viewMemory);
            MemberView.Undo offer = undoOf(undoable);
            ViewPart.Leaf previousEvent = null;
            Patch previousPatch = null;
            byte[] previousWritten = null;
            TableRuntime.SentView shared = null;
            for (int i = 0; i < sent.length; i++) {
                Member member = members.get(i);
                Viewer viewer = new Viewer(member.userId(), member.role());
                TableRuntime.SentView before = sent[i];
                Patch patch;
                Long undoSeq = undoSeq(member, undoable);
                MemberView.Undo undo = viewer.isGm() ? offer : null;
                if (before != null && before.builtFrom(table.state, members, characters, undoSeq)) {
                    // Same inputs, same view: a chat, a free roll or a check changes no one's view but the GM's undo.
                    patch = Patch.NONE;
                } else if (before != null && undoSeq != null && before.sameTableAs(table.state, members, characters)) {
                    // Only the GM's undo offer moved: it alone is written and patched.
                    patch = Patch.replace("/undo", writer.leaf(undo));
                    table.rememberView(member.userId(), new TableRuntime.SentView(table.state, members, characters, undoSeq, undo));
                } else {
                    ViewPart.Fields now;
                    if (before == null) {
                        now = viewOf(table, member, members, characters, undo, writer, views.apply(viewer), null);
                        patch = Patch.replace("", now);
                    } else {
                        // As the member was then: their role or name may have changed since.
                        Member was = asIn(before.members(), member);
                        Object earlierTable = earlier.containsKey(member.userId()) ? earlier.get(member.userId())
                                : views.apply(new Viewer(was.userId(), was.role()));
                        ViewPart.Fields then = viewOf(table, was, before.members(), before.characters(), before.undo(), writer,
                                earlierTable, null);
                        now = viewOf(table, member, members, characters, undo, writer, views.apply(viewer), then);
                        patch = writer.diff(then, now);
                    }
                    if (undoSeq == null) {
                        if (shared == null) {
                            shared = new TableRuntime.SentView(table.state, members, characters, null, null);
                        }
                        table.rememberSharedView(member.userId(), shared);
                    } else {
                        table.rememberView(member.userId(), new TableRuntime.SentView(table.state, members, characters, undoSeq, undo));
                    }
                }
                ViewPart.Leaf eventView = writer.part(eventView(table, event, viewer));
                // Players who see the event alike and whose views did not change are sent the same bytes.
                byte[] written = eventView == previousEvent && patch.equals(previousPatch) ? previousWritten
                        : writer.event(event.seq(), eventView, patch);
                publisher.toMember(table.id, member.userId(), written);
                previousEvent = eventView;
                previousPatch = patch;
                previousWritten = written;
            }
        }
    }

    /** The entry for {@code member} in {@code members}, as it was when that list was read; {@code member} if none. */
    private static Member asIn(List<Member> members, Member member) {
        for (Member m : members) {
            if (m.userId().equals(member.userId())) {
                return m;
            }
        }
        return member;
    }

    /** The GM's view offers to undo the newest undoable event; no one else's view depends on it. */
    private static Long undoSeq(Member member, Optional<LoggedEvent> undoable) {
        return member.role() == Role.GM ? undoable.map(LoggedEvent::seq).orElse(0L) : null;
    }

    /** The member's whole view now as JSON bytes; what it was built from is kept as the base of their next patch. */
    private byte[] viewOf(TableRuntime table, Member member, List<Member> members, Map<String, CharacterCard> characters) {
        Optional<LoggedEvent> undoable = undoOffer(table);
        Viewer viewer = new Viewer(member.userId(), member.role());
        MemberView.Undo undo = viewer.isGm() ? undoOf(undoable) : null;
        byte[] written;
        try (ViewWriter writer = new ViewWriter(json)) {
            written = viewOf(table, member, members, characters, undo, writer, table.referee.views(table.state).apply(viewer), null)
                    .json();
        }
        table.rememberView(member.userId(), new TableRuntime.SentView(table.state, members, characters,
                undoSeq(member, undoable), undo));
        return written;
    }

    /**
     * The member's view as the JSON bytes of its parts, written straight from the referee's
     * records ({@code rulesetView}: the referee's view for this member). {@code before}: the view
     * the member saw last, whose parts stand in for those of the same value, or null.
     */
    private ViewPart.Fields viewOf(TableRuntime table, Member member, List<Member> members,
                                   Map<String, CharacterCard> characters, MemberView.Undo undo, ViewWriter writer,
                                   Object rulesetView, ViewPart.Fields before) {
        Viewer viewer = new Viewer(member.userId(), member.role());
        MemberView view = new MemberView(table.id.toString(), table.ruleset.id(), table.ruleset.name(),
                new MemberView.Me(member.userId(), member.displayName(), member.role()),
                writer.listed(members), writer.sent(rulesetView), roster(table, characters, viewer, members), undo);
        return writer.write(view, before);
    }

    private static MemberView.Undo undoOf(Optional<LoggedEvent> undoable) {
        return undoable.map(e -> new MemberView.Undo(true, e.seq(), summary(e)))
                .orElse(new MemberView.Undo(false, null, "Nothing to undo yet."));
    }

    /** The roster as {@code viewer} sees it: the same list for as long as the campaign's characters and members are the same. */
    static List<MemberView.RosterEntry> roster(TableRuntime table, Map<String, CharacterCard> characters, Viewer viewer,
                                               List<Member> members) {
        Map<String, List<MemberView.RosterEntry>> rosters = table.rosters(characters, members);
        String seenAs = viewer.isGm() ? "" : viewer.userId();
        List<MemberView.RosterEntry> roster = rosters.get(seenAs);
        if (roster == null) {
            roster = roster(characters.values(), viewer, members);
            rosters.put(seenAs, roster);
        }
        return roster;
    }

    private static List<MemberView.RosterEntry> roster(Collection<CharacterCard> characters, Viewer viewer, List<Member> members) {
        Map<String, String> names = new HashMap<>();
        members.forEach(m -> names.put(m.userId(), m.displayName()));
        return characters.stream()
                .filter(c -> viewer.isGm() || c.ownerUserId().equals(viewer.userId()))
                .sorted(Comparator.comparing(CharacterCard::npc).thenComparing(CharacterCard::name))
                .map(c -> new MemberView.RosterEntry(c.id(), c.name(), c.npc(), names.getOrDefault(c.ownerUserId(), "")))
                .toList();
    }

    EventView eventView(TableRuntime table, LoggedEvent logged, Viewer viewer) {
        String actor = logged.actorName();
        return switch (logged.event()) {
            case TableEvent.ChatPosted chat -> new EventView(logged.seq(), logged.at(), logged.actorId(), actor, "chat", null,
                    RollMode.PUBLIC, false, List.of(EventView.Line.of(chat.text())), List.of(), null);
            case TableEvent.DiceRolled rolled -> {
                boolean visible = rolled.mode().visibleTo(viewer.userId(), viewer.isGm(), logged.actorId());
                String what = rolled.label().isEmpty() ? rolled.notation() : rolled.label() + " (" + rolled.notation() + ")";
                List<EventView.Line> lines = visible
                        ? List.of(new EventView.Line(what + " = " + rolled.result().total(), List.of(rolled.result()), List.of()))
                        : List.of(EventView.Line.of(hiddenRollSentence(actor, rolled.mode())));
                yield new EventView(logged.seq(), logged.at(), logged.actorId(), actor, "roll", null, rolled.mode(), !visible,
                        lines, List.of(), null);
            }
            case TableEvent.RulesPlayed played -> {
                boolean visible = played.mode().visibleTo(viewer.userId(), viewer.isGm(), logged.actorId());
                // Loops into arrays, not streams: asked for every member at every event, and lists of
                // arrays are what EventView keeps without copying them again.
                List<GameEvent> events = played.events();
                EventView.Line[] lines = new EventView.Line[events.size()];
                String[] names = new String[events.size()];
                for (int i = 0; i < names.length; i++) {
                    GameEvent e = events.get(i);
                    names[i] = table.codec.gameEventName(e);
                    if (visible) {
                        lines[i] = new EventView.Line(e.describeTo(viewer), e.rolls(), e.triggers());
                    }
                }
                List<EventView.Line> shown = visible ? List.of(lines)
                        : List.of(EventView.Line.of(hiddenRollSentence(actor, played.mode())));
                yield new EventView(logged.seq(), logged.at(), logged.actorId(), actor, "rules", played.command(), played.mode(),
                        !visible, shown, List.of(names), null);
            }
            case TableEvent.Reverted reverted -> new EventView(logged.seq(), logged.at(), logged.actorId(), actor, "revert", null,
                    RollMode.PUBLIC, false, List.of(EventView.Line.of("Undid: " + reverted.summary())), List.of(), reverted.seq());
        };
    }

    private static String hiddenRollSentence(String actor, RollMode mode) {
        return switch (mode) {
            case PUBLIC -> actor + " rolled.";
            case GM -> actor + " rolled privately for the GM.";
            case BLIND -> actor + " rolled blind: only the GM sees the result.";
            case SELF -> actor + " rolled for themselves.";
        };
    }

    private static String summary(LoggedEvent event) {
        String what = switch (event.event()) {
            case TableEvent.ChatPosted chat -> "chat message \"" + abbreviate(chat.text()) + "\"";
            case TableEvent.DiceRolled rolled -> "roll of " + rolled.notation();
            case TableEvent.RulesPlayed played -> played.events().isEmpty() ? played.command()
                    : abbreviate(played.events().getFirst().describe());
            case TableEvent.Reverted reverted -> "undo of #" + reverted.seq();
        };
        return "#" + event.seq() + " by " + event.actorName() + ": " + what;
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }

    private static TableMessage.Reply movedOn(String commandId) {
        return TableMessage.Reply.rejected(commandId, "TRY_AGAIN",
                "The table moved on while your command was decided; nothing was changed. Send it again.");
    }

    /** Another node appended the seq this one was about to append. */
    private static final class LostRace extends RuntimeException {
        LostRace() {
            super(null, null, false, false);
        }
    }

    private static TableMessage.Reply tryAgain(String commandId) {
        return TableMessage.Reply.rejected(commandId, "TRY_AGAIN",
                "The table's storage is unavailable right now; nothing was changed. Try again in a moment.");
    }

    private void reply(UUID tableId, Caller caller, TableMessage.Reply reply) {
        publisher.toSession(tableId, caller.userId(), caller.sessionId(), reply);
    }

    private Optional<Member> memberOf(UUID tableId, String userId) {
        return directory.members(tableId).stream().filter(m -> m.userId().equals(userId)).findFirst();
    }

    // --- loading ---------------------------------------------------------------------------------

    private TableRuntime runtime(UUID tableId) {
        TableRuntime table = tables.get(tableId);
        if (table != null) {
            return table;
        }
        TableRuntime loaded = load(tableId);
        TableRuntime raced = tables.putIfAbsent(tableId, loaded);
        return raced == null ? loaded : raced;
    }

    /**
     * The table's live copy, locked. A copy retired while this thread waited for its lock is
     * passed over for a fresh one, so there is never more than one writer per table here.
     */
    private TableRuntime lockCurrent(UUID tableId) {
        while (true) {
            TableRuntime table = runtime(tableId);
            table.lock.lock();
            if (!table.retired) {
                try {
                    catchUp(table);
                    if (sharedLog) {
                        readOn(table);
                    }
                } catch (RuntimeException e) {
                    table.lock.unlock();
                    throw e;
                }
                return table;
            }
            table.lock.unlock();
        }
    }

    /**
     * Drops a copy that may no longer match the log; the next use reloads the table. {@code sent}
     * is the last seq its members were told of, so the reloaded copy can tell them the rest.
     */
    private void retire(TableRuntime table, long sent) {
        table.retired = true;
        untold.merge(table.id, sent, Math::min);
        tables.remove(table.id, table);
    }

    /**
     * Sends members the events a reloaded table found in its log that nobody was told of (an
     * append whose outcome was unknown and that did commit, or another writer's), so no one sees a
     * gap. Their patches are empty except the last one's, which replaces the whole view.
     */
    private void catchUp(TableRuntime table) {
        Long sent = untold.get(table.id);
        if (sent == null) {
            return;
        }
        if (table.seq > sent) {
            List<Member> members = directory.members(table.id);
            Map<String, CharacterCard> characters = directory.characters(table.id);
            List<LoggedEvent> missed = store.after(table.id, sent).stream()
                    .map(row -> toLogged(table, row))
                    .filter(e -> e.seq() <= table.seq)
                    .toList();
            try (ViewWriter writer = new ViewWriter(json)) {
                for (Member member : members) {
                    Viewer viewer = new Viewer(member.userId(), member.role());
                    for (int i = 0; i < missed.size(); i++) {
                        LoggedEvent event = missed.get(i);
                        Patch patch = i < missed.size() - 1 ? Patch.NONE
                                : Patch.replace("", viewOf(table, member, members, characters));
                        publisher.toMember(table.id, member.userId(),
                                writer.event(event.seq(), writer.part(eventView(table, event, viewer)), patch));
                    }
                }
            }
            log.info("Table {}: told members of seq {} to {}, found in the log on reload", table.id, sent + 1, table.seq);
        }
        untold.remove(table.id, sent);
    }

    // --- following a shared log ------------------------------------------------------------------

    /**
     * Another node says the table's log reached {@code seq}: if this node has the table loaded and
     * is behind, it reads on and tells its own connections.
     */
    public void followLog(UUID tableId, long seq) {
        TableRuntime table = tables.get(tableId);
        if (table == null) {
            return; // loaded from the log when someone here needs it
        }
        table.lock.lock();
        try {
            if (!table.retired && table.seq < seq) {
                readOn(table);
            }
        } finally {
            table.lock.unlock();
        }
    }

    /** Reads on every loaded table (after news from other nodes may have been missed). */
    public void followLogs() {
        for (UUID tableId : List.copyOf(tables.keySet())) {
            followLog(tableId, Long.MAX_VALUE);
        }
    }

    /**
     * Folds in the events other nodes appended after this copy's seq, in order, and tells this
     * node's connections each one with its patch, as the writer told its own. One indexed query
     * when there is nothing new. Called with the table's lock held.
     */
    private void readOn(TableRuntime table) {
        List<EventStore.Row> rows = store.after(table.id, table.seq);
        if (rows.isEmpty()) {
            return;
        }
        List<Member> members = directory.members(table.id);
        Map<String, CharacterCard> characters = directory.characters(table.id);
        for (EventStore.Row row : rows) {
            LoggedEvent event = toLogged(table, row);
            if (event.seq() != table.seq + 1) {
                throw new IllegalStateException("Table " + table.id + ": the log has seq " + event.seq() + " after " + table.seq);
            }
            try {
                if (event.event() instanceof TableEvent.Reverted) {
                    table.state = stateAt(table, event.seq());
                } else {
                    table.apply(event.event());
                }
                table.seq = event.seq();
                table.remember(event);
                fanOut(table, members, characters, event);
            } catch (RuntimeException e) {
                // Half-way through this event: the next use reloads the table and tells the rest.
                retire(table, event.seq() - 1);
                throw e;
            }
        }
        log.debug("Table {}: read on to seq {} from the log", table.id, table.seq);
    }

    /** The ruleset state after the log's first {@code seq} events (an undo among them). */
    private Object stateAt(TableRuntime table, long seq) {
        TableRuntime scratch = new TableRuntime(table.id, table.ruleset, table.codec);
        fold(scratch, store.after(table.id, 0).stream().filter(row -> row.seq() <= seq).map(row -> toLogged(table, row)).toList());
        return scratch.state;
    }

    private void forget(UUID tableId) {
        untold.remove(tableId);
        TableRuntime table = tables.remove(tableId);
        if (table != null) {
            table.retired = true;
        }
    }

    /** Rebuilds a table from its latest snapshot plus later events (or from the start, when an undo reaches behind the snapshot). */
    private TableRuntime load(UUID tableId) {
        String rulesetId = directory.rulesetId(tableId)
                .orElseThrow(() -> new IllegalArgumentException("no table " + tableId));
        Ruleset ruleset = Rulesets.byId(rulesetId)
                .orElseThrow(() -> new IllegalStateException("unknown ruleset " + rulesetId));
        TableRuntime table = new TableRuntime(tableId, ruleset, new EventCodec(json, ruleset.referee()));
        Optional<EventStore.Snapshot> snapshot = store.latestSnapshot(tableId);
        long from = snapshot.map(EventStore.Snapshot::seq).orElse(0L);
        List<LoggedEvent> later = store.after(tableId, from).stream().map(row -> toLogged(table, row)).toList();
        boolean undoReachesBehindSnapshot = later.stream()
                .anyMatch(e -> e.event() instanceof TableEvent.Reverted r && r.seq() <= from);
        if (snapshot.isPresent() && !undoReachesBehindSnapshot) {
            table.state = json.readValue(snapshot.get().state(), table.referee.stateType());
            table.seq = from;
            fold(table, later);
        } else {
            fold(table, store.after(tableId, 0).stream().map(row -> toLogged(table, row)).toList());
        }
        for (EventStore.Row row : store.before(tableId, Long.MAX_VALUE, TableRuntime.RECENT)) {
            table.remember(toLogged(table, row));
        }
        log.debug("Table {} loaded at seq {}", tableId, table.seq);
        return table;
    }

    /**
     * The newest event the GM may undo: almost always the newest event, which the table keeps. When
     * that is an undo (or was undone), the log is read further back, page by page (newest first, so
     * an undo is seen before the event it undid).
     */
    private Optional<LoggedEvent> undoCandidate(TableRuntime table) {
        Optional<LoggedEvent> recent = table.undoCandidate();
        LoggedEvent oldestKept = table.recent.peekFirst();
        if (recent.isPresent() || oldestKept == null || oldestKept.seq() == 1) {
            return recent;
        }
        Set<Long> reverted = table.revertedAmongKept();
        long before = oldestKept.seq();
        while (before > 1) {
            List<EventStore.Row> page = store.before(table.id, before, RECENT_IN_SNAPSHOT);
            if (page.isEmpty()) {
                break;
            }
            for (EventStore.Row row : page.reversed()) {
                LoggedEvent event = toLogged(table, row);
                if (TableRuntime.undoable(event, reverted)) {
                    return Optional.of(event);
                }
                if (event.event() instanceof TableEvent.Reverted revert) {
                    reverted.add(revert.seq());
                }
            }
            before = page.getFirst().seq();
        }
        return Optional.empty();
    }

    /**
     * What the GM's view offers to undo. Views are built after the event is stored, where nothing
     * may fail: while the log cannot be read the view offers nothing, and an undo sent meanwhile is
     * answered TRY_AGAIN.
     */
    private Optional<LoggedEvent> undoOffer(TableRuntime table) {
        try {
            return undoCandidate(table);
        } catch (DataAccessException e) {
            log.warn("Table {}: could not read the log for an event to undo: {}", table.id, e.getMessage());
            return Optional.empty();
        }
    }

    private static void fold(TableRuntime table, List<LoggedEvent> events) {
        Set<Long> reverted = new HashSet<>();
        for (LoggedEvent event : events) {
            if (event.event() instanceof TableEvent.Reverted r) {
                reverted.add(r.seq());
            }
        }
        for (LoggedEvent event : events) {
            if (!reverted.contains(event.seq())) {
                table.apply(event.event());
            }
            table.seq = event.seq();
        }
    }

    /** The ruleset state as if {@code undone} (and everything undone before) had never happened. */
    private Object rebuildWithout(TableRuntime table, long undone) {
        TableRuntime scratch = new TableRuntime(table.id, table.ruleset, table.codec);
        List<LoggedEvent> all = new ArrayList<>(store.after(table.id, 0).stream().map(row -> toLogged(table, row)).toList());
        all.add(new LoggedEvent(table.seq + 1, "", "", "", clock.instant(), new TableEvent.Reverted(undone, "")));
        fold(scratch, all);
        return scratch.state;
    }

    private static LoggedEvent toLogged(TableRuntime table, EventStore.Row row) {
        return new LoggedEvent(row.seq(), row.commandId(), row.actorId(), row.actorName(), row.at(),
                table.codec.decode(row.type(), row.payload()));
    }

    /** Used by tests and export: the ruleset events of a table's log, folded afresh from the database. */
    Object replayedState(UUID tableId) {
        TableRuntime table = runtime(tableId);
        TableRuntime scratch = new TableRuntime(tableId, table.ruleset, table.codec);
        fold(scratch, store.after(tableId, 0).stream().map(row -> toLogged(table, row)).toList());
        return scratch.state;
    }

    Object currentState(UUID tableId) {
        return runtime(tableId).state;
    }

    static List<GameEvent> gameEvents(TableEvent event) {
        return event instanceof TableEvent.RulesPlayed played ? played.events() : List.of();
    }
}
