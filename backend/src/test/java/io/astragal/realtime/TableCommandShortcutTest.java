package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import io.astragal.table.CommandRequest;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.messaging.Message;
import org.springframework.messaging.simp.annotation.support.SimpAnnotationMethodMessageHandler;
import org.springframework.messaging.simp.stomp.StompCommand;
import org.springframework.messaging.simp.stomp.StompHeaderAccessor;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.util.MimeType;
import org.springframework.util.MimeTypeUtils;
import tools.jackson.databind.JsonNode;

/**
 * A command takes the short way to its controller only where Spring's mapping would take it to the
 * same method with the same arguments, and ends as Spring's way would end: a reply, or an error the
 * controller returns; a frame Spring's way would refuse is refused there.
 */
@IntegrationTest
class TableCommandShortcutTest {

    @LocalServerPort
    int port;

    @Autowired
    SimpAnnotationMethodMessageHandler messageMappings;

    @Test
    void onlyACommandsDestinationWithAUuidTakesTheShortcut() {
        UUID table = UUID.randomUUID();
        assertThat(TableCommandShortcut.tableOfCommands("/app/tables/" + table + "/commands")).isEqualTo(table);
        for (String other : new String[] {
                "/app/tables/" + table + "/sync",
                "/app/tables/" + table + "/commands/extra",
                "/app/tables/" + table + "/commandsx",
                "/app/tables/" + table + "/xcommands",
                "/app/tables//commands",
                "/app/tables/commands",
                "/app/tables/not-a-uuid/commands",
                "/app/tables/ " + table + "/commands",
                "/app/tables/" + table + "/x/commands",
                "/topic/tables/" + table + "/commands",
                "/app/bench/rooms/" + table}) {
            assertThat(TableCommandShortcut.tableOfCommands(other)).as(other).isNull();
        }
        assertThat(TableCommandShortcut.tableOfCommands(null)).isNull();
    }

    @Test
    void aCommandsBodyIsReadAsTheMappedMethodsPayload() {
        TableCommandShortcut shortcut = (TableCommandShortcut) messageMappings;
        String chat = "{\"commandId\":\"c-1\",\"type\":\"chat\",\"args\":{\"text\":\"hi\"}}";
        CommandRequest json = shortcut.read(send(chat, MimeTypeUtils.APPLICATION_JSON));
        assertThat(json).isNotNull();
        assertThat(json.commandId()).isEqualTo("c-1");
        assertThat(json.type()).isEqualTo("chat");
        assertThat(shortcut.read(send(chat, null))).as("a frame without content-type, read as JSON").isNotNull();
        assertThat(shortcut.read(send("{\"commandId\":\"c-1\",\"type\":", MimeTypeUtils.APPLICATION_JSON))).isNull();
        assertThat(shortcut.read(send("{\"commandId\":42,\"type\":\"chat\"}", MimeTypeUtils.APPLICATION_JSON))).isNull();
        assertThat(shortcut.read(send("", MimeTypeUtils.APPLICATION_JSON))).isNull();
    }

    @Test
    void eachWayACommandCanEndEndsAsSpringsWayEndsIt() throws Exception {
        Player gm = Player.signUp(port, "Shona");
        UUID table = gm.createCampaign("The Short Way", "actlite");
        Player stranger = Player.signUp(port, "Stray");
        try (TableClient g = TableClient.join(port, gm, table, -1);
             TableClient s = TableClient.open(port, stranger, table)) {
            g.nextOfKind("snapshot");
            s.subscribeErrors();

            // Taken: the reply and the event on the table stream.
            JsonNode accepted = g.replyTo(g.command("chat", Map.of("text", "first")));
            assertThat(accepted.get("seq").asLong()).isEqualTo(1L);
            assertThat(g.awaitEvent(1L).get("event").get("type").asString()).isEqualTo("chat");

            // The controller's own answer, on the error queue: a stranger is no member.
            s.send("/app/tables/" + table + "/commands", Map.of("commandId", "s-1", "type", "chat", "args", Map.of("text", "hi")));
            assertThat(s.nextError().get("code").asString()).isEqualTo("NOT_A_MEMBER");

            // And a table that does not exist has no members.
            g.send("/app/tables/" + UUID.randomUUID() + "/commands",
                    Map.of("commandId", "g-x", "type", "chat", "args", Map.of("text", "nowhere")));
            assertThat(g.nextError().get("code").asString()).isEqualTo("NOT_A_MEMBER");

            // Spring's way: a body the converter cannot read, and an empty one.
            g.sendRaw("/app/tables/" + table + "/commands", "{\"commandId\":\"g-1\",\"type\":");
            assertThat(g.nextError().get("code").asString()).isEqualTo("MALFORMED");
            g.sendRaw("/app/tables/" + table + "/commands", "");
            assertThat(g.nextError().get("code").asString()).isEqualTo("MALFORMED");

            // None of that changed the table.
            assertThat(g.replyTo(g.command("chat", Map.of("text", "second"))).get("seq").asLong()).isEqualTo(2L);
        }
    }

    /** A SEND as Spring's STOMP decoder makes it. */
    private static Message<byte[]> send(String body, MimeType contentType) {
        StompHeaderAccessor headers = StompHeaderAccessor.create(StompCommand.SEND);
        headers.setDestination("/app/tables/" + UUID.randomUUID() + "/commands");
        if (contentType != null) {
            headers.setContentType(contentType);
        }
        return MessageBuilder.createMessage(body.getBytes(StandardCharsets.UTF_8), headers.getMessageHeaders());
    }
}
