package io.astragal.table;

import io.astragal.rules.Referee;
import io.astragal.rules.Role;
import io.astragal.rules.Rulesets;
import io.astragal.rules.Viewer;
import java.util.UUID;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * For tests that check a server against its log: the ruleset part of a member's view
 * ({@code view.table}) as a fresh fold of every event in the database gives it, snapshots ignored.
 */
public final class TableReplay {

    private TableReplay() {
    }

    /** {@code view.table} for {@code userId} in {@code role}, replayed from the whole log of {@code tableId}. */
    @SuppressWarnings("unchecked")
    public static JsonNode tableView(ApplicationContext context, UUID tableId, String userId, Role role) {
        TableEngine engine = context.getBean(TableEngine.class);
        String rulesetId = context.getBean(TableDirectory.class).rulesetId(tableId).orElseThrow();
        Referee<Object> referee = (Referee<Object>) Rulesets.byId(rulesetId).orElseThrow().referee();
        Object state = engine.replayedState(tableId);
        return context.getBean(JsonMapper.class).valueToTree(SentTable.of(referee.view(state, new Viewer(userId, role))));
    }

    /** The last seq of the table's log in the database, 0 for none. */
    public static long lastSeq(ApplicationContext context, UUID tableId) {
        return context.getBean(EventStore.class).before(tableId, Long.MAX_VALUE, 1).stream()
                .mapToLong(EventStore.Row::seq).max().orElse(0);
    }
}
