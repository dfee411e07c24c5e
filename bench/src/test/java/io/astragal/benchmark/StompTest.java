package io.astragal.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The client's STOMP framing. */
class StompTest {

    @Test
    void aMessageFrameIsReadWithItsHeadersAndBody() {
        Stomp.Frame frame = Stomp.parse("MESSAGE\ndestination:/user/queue/tables/1\nsubscription:t\n"
                + "content-type:application/json\ncontent-length:11\n\n{\"kind\":1}\n\0");
        assertThat(frame.command()).isEqualTo("MESSAGE");
        assertThat(frame.header("subscription")).isEqualTo("t");
        assertThat(frame.body()).isEqualTo("{\"kind\":1}\n");
    }

    @Test
    void heartbeatsBeforeAFrameAndEscapedHeadersAreHandled() {
        Stomp.Frame frame = Stomp.parse("\n\r\nERROR\r\nmessage:Access\\cdenied\\n\r\n\r\n\0");
        assertThat(frame.command()).isEqualTo("ERROR");
        assertThat(frame.header("message")).isEqualTo("Access:denied\n");
        assertThat(frame.body()).isEmpty();
        assertThat(Stomp.isHeartbeat("\n")).isTrue();
        assertThat(Stomp.isHeartbeat("\r\n")).isTrue();
        assertThat(Stomp.isHeartbeat("MESSAGE\n")).isFalse();
    }

    @Test
    void aSendFrameCountsItsBodyInBytes() {
        assertThat(Stomp.send("/app/x", "{\"t\":\"é\"}"))
                .isEqualTo("SEND\ndestination:/app/x\ncontent-type:application/json\ncontent-length:10\n\n{\"t\":\"é\"}\0");
    }
}
