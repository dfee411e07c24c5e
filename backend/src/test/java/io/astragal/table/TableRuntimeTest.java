package io.astragal.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.Ruleset;
import io.astragal.rules.Rulesets;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** What a table in memory answers a command sent again with. */
class TableRuntimeTest {

    private final Ruleset actlite = Rulesets.byId("actlite").orElseThrow();
    private final TableRuntime table = new TableRuntime(UUID.randomUUID(), actlite,
            new EventCodec(JsonMapper.builder().build(), actlite.referee()));

    private void played(long seq, String commandId) {
        table.remember(new LoggedEvent(seq, commandId, "alda", "Alda", Instant.EPOCH, new TableEvent.ChatPosted("line " + seq)));
    }

    @Test
    void aCommandWhoseEventIsAmongTheRecentOnesIsAnsweredWithThatEventsSeq() {
        for (long seq = 1; seq <= 10; seq++) {
            played(seq, "c-" + seq);
        }
        assertThat(table.earlierReply("c-7")).contains(TableMessage.Reply.accepted("c-7", 7));
        assertThat(table.earlierReply("c-11")).isEmpty();
    }

    @Test
    void aCommandWhoseEventLeftTheRecentOnesIsNotAnsweredFromMemory() {
        int played = TableRuntime.RECENT + 5;
        for (long seq = 1; seq <= played; seq++) {
            played(seq, "c-" + seq);
        }
        assertThat(table.earlierReply("c-5")).as("older than the recent events: the log decides").isEmpty();
        assertThat(table.earlierReply("c-6")).contains(TableMessage.Reply.accepted("c-6", 6));
        assertThat(table.earlierReply("c-" + played)).contains(TableMessage.Reply.accepted("c-" + played, played));
    }

    @Test
    void aRefusalIsRememberedToAnswerTheSameCommandAgain() {
        var refusal = TableMessage.Reply.rejected("c-9", "NOT_ENOUGH_AP", "Alda has 1 AP.");
        table.rememberRefusal(refusal);
        assertThat(table.earlierReply("c-9")).contains(refusal);
    }

    @Test
    void commandIdsWithTheSameHashAreStillToldApart() {
        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
        played(1, "Aa");
        assertThat(table.earlierReply("BB")).isEmpty();
        assertThat(table.earlierReply("Aa")).contains(TableMessage.Reply.accepted("Aa", 1));
    }
}
