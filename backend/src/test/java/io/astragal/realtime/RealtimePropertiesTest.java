package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RealtimePropertiesTest {

    @Test
    void sixteenInboundThreadsUnlessToldOtherwise() {
        assertThat(new RealtimeProperties(null, null, null, null, null, null, null).inboundThreads()).isEqualTo(16);
        assertThat(new RealtimeProperties(null, null, null, null, null, null, 4).inboundThreads()).isEqualTo(4);
    }

    @Test
    void noInboundThreadsAtAllIsRefusedAtStartWithTheSettingNamed() {
        assertThatThrownBy(() -> new RealtimeProperties(null, null, null, null, null, null, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("astragal.realtime.inbound-threads must be at least 1, not 0");
    }
}
