package io.astragal.table;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The append-only log of every table, in plain SQL. {@code (table_id, seq)} is the primary key and
 * {@code (table_id, command_id)} is unique, so the database itself refuses a lost race or a repeat.
 */
@Repository
class EventStore {

    /** A row of {@code table_events}, payload still JSON. */
    record Row(long seq, String commandId, String actorId, String actorName, Instant at, String type, String payload) {
    }

    record Snapshot(long seq, String state) {
    }

    /** An event of a table, to be inserted with others. */
    record TableRow(UUID tableId, Row row) {
    }

    /** A row of {@code table_events} by its primary key. */
    record Key(UUID tableId, long seq) {
    }

    private static final String COLUMNS = "insert into table_events (table_id, seq, command_id, actor, actor_name, type, payload, "
            + "created_at) values ";
    private static final String VALUES = "(?, ?, ?, ?, ?, ?, cast(? as jsonb), ?)";

    private final JdbcClient jdbc;

    EventStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Inserts one event in the caller's transaction, if there is one (a campaign import); a
     * command's event goes through {@link GroupCommit}.
     */
    void append(UUID tableId, Row row) {
        jdbc.sql(COLUMNS + VALUES)
                .params(tableId, row.seq(), row.commandId(), row.actorId(), row.actorName(), row.type(), row.payload(),
                        Timestamp.from(row.at()))
                .update();
    }

    /**
     * Inserts the rows in one statement, committed when this returns, and answers which went in.
     * A row whose seq or command its table already holds is left out rather than failing the rest;
     * any other refusal fails the statement, and nothing is inserted.
     */
    Set<Key> insertNew(List<TableRow> rows) {
        List<Object> params = new ArrayList<>(rows.size() * 8);
        for (TableRow each : rows) {
            Row row = each.row();
            Collections.addAll(params, each.tableId(), row.seq(), row.commandId(), row.actorId(), row.actorName(), row.type(),
                    row.payload(), Timestamp.from(row.at()));
        }
        String sql = COLUMNS + String.join(", ", Collections.nCopies(rows.size(), VALUES))
                + " on conflict do nothing returning table_id, seq";
        return Set.copyOf(jdbc.sql(sql).params(params)
                .query((rs, n) -> new Key(rs.getObject(1, UUID.class), rs.getLong(2)))
                .list());
    }

    List<Row> after(UUID tableId, long afterSeq) {
        return jdbc.sql("""
                        select seq, command_id, actor, actor_name, created_at, type, payload::text as payload
                        from table_events where table_id = ? and seq > ? order by seq""")
                .params(tableId, afterSeq)
                .query(EventStore::row)
                .list();
    }

    /** Up to {@code limit} events before {@code beforeSeq}, oldest first. */
    List<Row> before(UUID tableId, long beforeSeq, int limit) {
        List<Row> newestFirst = jdbc.sql("""
                        select seq, command_id, actor, actor_name, created_at, type, payload::text as payload
                        from table_events where table_id = ? and seq < ? order by seq desc limit ?""")
                .params(tableId, beforeSeq, limit)
                .query(EventStore::row)
                .list();
        return newestFirst.reversed();
    }

    Optional<Long> seqOfCommand(UUID tableId, String commandId) {
        return jdbc.sql("select seq from table_events where table_id = ? and command_id = ?")
                .params(tableId, commandId)
                .query(Long.class)
                .optional();
    }

    Optional<Snapshot> latestSnapshot(UUID tableId) {
        return jdbc.sql("select seq, state::text from table_snapshots where table_id = ? order by seq desc limit 1")
                .param(tableId)
                .query((rs, n) -> new Snapshot(rs.getLong(1), rs.getString(2)))
                .optional();
    }

    void saveSnapshot(UUID tableId, long seq, String state, Instant at) {
        jdbc.sql("""
                        insert into table_snapshots (table_id, seq, state, created_at) values (?, ?, cast(? as jsonb), ?)
                        on conflict (table_id, seq) do nothing""")
                .params(tableId, seq, state, Timestamp.from(at))
                .update();
    }

    void deleteTable(UUID tableId) {
        jdbc.sql("delete from table_snapshots where table_id = ?").param(tableId).update();
        jdbc.sql("delete from table_events where table_id = ?").param(tableId).update();
    }

    private static Row row(java.sql.ResultSet rs, int rowNum) throws java.sql.SQLException {
        return new Row(rs.getLong("seq"), rs.getString("command_id"), rs.getString("actor"), rs.getString("actor_name"),
                rs.getTimestamp("created_at").toInstant(), rs.getString("type"), rs.getString("payload"));
    }
}
