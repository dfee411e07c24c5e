package io.astragal.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The client's STOMP framing. */
class StompTest {

    @Test
    void aMessageFrameIsReadWithItsHeadersAndBody() {
        Stomp.Frame frame = Stomp.parseAll("MESSAGE\ndestination:/user/queue/tables/1\nsubscription:t\n"
                + "content-type:application/json\ncontent-length:11\n\n{\"kind\":1}\n\0").getFirst();
        assertThat(frame.command()).isEqualTo("MESSAGE");
        assertThat(frame.header("subscription")).isEqualTo("t");
        assertThat(frame.body()).isEqualTo("{\"kind\":1}\n");
    }

    @Test
    void heartbeatsBeforeAFrameAndEscapedHeadersAreHandled() {
        List<Stomp.Frame> frames = Stomp.parseAll("\n\r\nERROR\r\nmessage:Access\\cdenied\\n\r\n\r\n\0");
        assertThat(frames).hasSize(1);
        assertThat(frames.getFirst().command()).isEqualTo("ERROR");
        assertThat(frames.getFirst().header("message")).isEqualTo("Access:denied\n");
        assertThat(frames.getFirst().body()).isEmpty();
        assertThat(Stomp.parseAll("\n")).isEmpty();
        assertThat(Stomp.parseAll("\r\n\n")).isEmpty();
    }

    @Test
    void aMessageOfSeveralFramesGivesEachInOrder() {
        List<Stomp.Frame> frames = Stomp.parseAll("MESSAGE\nsubscription:t\nmessage-id:1\n\n{\"kind\":\"event\"}\0"
                + "\nMESSAGE\nsubscription:t\nmessage-id:2\n\n{\"kind\":\"reply\"}\0\n");
        assertThat(frames).extracting(f -> f.header("message-id"), Stomp.Frame::body)
                .containsExactly(tuple("1", "{\"kind\":\"event\"}"), tuple("2", "{\"kind\":\"reply\"}"));
    }

    @Test
    void aSendFrameCountsItsBodyInBytes() {
        assertThat(Stomp.send("/app/x", "{\"t\":\"é\"}"))
                .isEqualTo("SEND\ndestination:/app/x\ncontent-type:application/json\ncontent-length:10\n\n{\"t\":\"é\"}\0");
    }
}
