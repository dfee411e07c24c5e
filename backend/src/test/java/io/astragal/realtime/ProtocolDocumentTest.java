package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.DeckView;
import io.astragal.rules.DeclaredView;
import io.astragal.rules.GroupedView;
import io.astragal.rules.Need;
import io.astragal.rules.OrderView;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.TableView;
import io.astragal.dice.Die;
import io.astragal.dice.RollResult;
import io.astragal.table.CommandRequest;
import io.astragal.table.EventView;
import io.astragal.table.TableMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/protocol.md is the contract for outside clients; this keeps it from drifting from the code:
 * every error code the server can send is in its table and every code in the table is sent by
 * something, every message kind has its section, and every field of the messages, the view and
 * the table view is named in it.
 */
class ProtocolDocumentTest {

    private static final Path DOCUMENT = Path.of("..", "docs", "protocol.md");
    private static final Pattern CODE_LITERAL = Pattern.compile("\"([A-Z][A-Z_]{3,})\"");
    private static final Pattern CODE_ROW = Pattern.compile("(?m)^\\| `([A-Z][A-Z_]+)` \\|");

    private static String document() throws IOException {
        return Files.readString(DOCUMENT);
    }

    /** The codes sent by the table engine and the STOMP layer: their code literals, and the rulesets' rejection codes. */
    private static Set<String> codesInTheCode() throws IOException {
        Set<String> codes = new TreeSet<>();
        Arrays.stream(RejectionCode.values()).map(Enum::name).forEach(codes::add);
        for (String dir : List.of("table", "realtime")) {
            try (Stream<Path> files = Files.list(Path.of("src", "main", "java", "io", "astragal", dir))) {
                for (Path file : files.toList()) {
                    Matcher literal = CODE_LITERAL.matcher(Files.readString(file));
                    while (literal.find()) {
                        codes.add(literal.group(1));
                    }
                }
            }
        }
        return codes;
    }

    @Test
    void theErrorCodeTableListsExactlyTheCodesTheServerSends() throws IOException {
        String errors = document().substring(document().indexOf("## Error codes"));
        Set<String> documented = new TreeSet<>();
        Matcher row = CODE_ROW.matcher(errors);
        while (row.find()) {
            documented.add(row.group(1));
        }
        assertThat(documented).isEqualTo(codesInTheCode());
    }

    @Test
    void everyMessageKindHasItsSection() throws IOException {
        String document = document();
        for (Class<?> kind : TableMessage.class.getPermittedSubclasses()) {
            String name = kind.getAnnotation(JsonTypeName.class).value();
            assertThat(document).as("a section for " + name).contains("### `" + name + "`");
            assertThat(document).as("an example of " + name).contains("{\"kind\":\"" + name + "\"");
        }
    }

    @Test
    void everyFieldOfTheMessagesTheViewAndTheTableViewIsNamed() throws Exception {
        String document = document();
        List<Class<?>> records = List.of(TableMessage.Snapshot.class, TableMessage.Event.class, TableMessage.Reply.class,
                TableMessage.History.class, EventView.class, EventView.Line.class, RollResult.class, Die.class,
                Class.forName("io.astragal.table.MemberView"), Class.forName("io.astragal.table.MemberView$Me"),
                Class.forName("io.astragal.table.MemberView$Undo"), Class.forName("io.astragal.table.MemberView$RosterEntry"),
                TableView.class, Need.class, CombatantView.class,
                CombatantView.Track.class, CombatantView.Chip.class, ActionOption.class, DeckView.class, DeckView.Card.class,
                DeckView.Hand.class, DeclaredView.class, DeclaredView.Declaration.class, OrderView.class, OrderView.Entry.class,
                GroupedView.class, GroupedView.Group.class, GroupedView.Member.class, CommandRequest.class,
                TableMessaging.SyncRequest.class, TableMessaging.HistoryRequest.class, StompErrors.StompError.class);
        for (Class<?> type : records) {
            for (var component : type.getRecordComponents()) {
                String field = component.getName();
                assertThat(document).as(type.getSimpleName() + "." + field + " is in docs/protocol.md")
                        .containsAnyOf("`" + field + "`", "\"" + field + "\"", "{" + field + ",", " " + field + ",",
                                " " + field + "}", "{" + field + "}", ", " + field + ":", "{" + field + ":");
            }
        }
    }
}
