package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.Principal;
import java.util.ConcurrentModificationException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationEvent;
import org.springframework.messaging.Message;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.support.GenericMessage;
import org.springframework.web.socket.messaging.DefaultSimpUserRegistry;
import org.springframework.web.socket.messaging.SessionConnectedEvent;
import org.springframework.web.socket.messaging.SessionSubscribeEvent;

class StompEventPublishingTest {

    private static final Principal ALDA = () -> "u-alda";

    /** A frame's message whose headers cannot be printed, as while another thread adds one to them. */
    private static Message<byte[]> unprintable(Map<String, Object> headers) {
        return new GenericMessage<>(new byte[0], headers) {
            @Override
            public String toString() {
                throw new ConcurrentModificationException();
            }
        };
    }

    @Test
    void aSubscribeToABlankDestinationThatSpringsUserRegistryRefusesIsNoProblemAndTheMessageIsNotPrinted() {
        DefaultSimpUserRegistry registry = new DefaultSimpUserRegistry();
        StompEventPublishing publishing = new StompEventPublishing(null, event -> registry.onApplicationEvent((ApplicationEvent) event));
        publishing.publish(new SessionConnectedEvent(this, new GenericMessage<>(new byte[0],
                Map.of(SimpMessageHeaderAccessor.SESSION_ID_HEADER, "s1")), ALDA));
        SessionSubscribeEvent blank = new SessionSubscribeEvent(this, unprintable(Map.of(SimpMessageHeaderAccessor.SESSION_ID_HEADER, "s1",
                SimpMessageHeaderAccessor.SUBSCRIPTION_ID_HEADER, "sub-0", SimpMessageHeaderAccessor.DESTINATION_HEADER, "")), ALDA);
        // What Spring's own publishing would meet: the listener throws, and printing the event throws too.
        assertThatThrownBy(() -> registry.onApplicationEvent(blank)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(blank::toString).isInstanceOf(ConcurrentModificationException.class);

        try (LogCapture log = LogCapture.open()) {
            publishing.publish(blank);
            assertThat(log.problems()).isEmpty();
        }
        assertThat(registry.getUser("u-alda").getSession("s1").getSubscriptions()).isEmpty();
    }

    @Test
    void anyOtherListenerFailureIsAWarningWithItsSessionAndGoesNoFurther() {
        StompEventPublishing publishing = new StompEventPublishing(null, event -> {
            throw new IllegalStateException("a listener broke");
        });
        try (LogCapture log = LogCapture.open()) {
            publishing.publish(new SessionSubscribeEvent(this, unprintable(Map.of(SimpMessageHeaderAccessor.SESSION_ID_HEADER, "s7",
                    SimpMessageHeaderAccessor.SUBSCRIPTION_ID_HEADER, "sub-0",
                    SimpMessageHeaderAccessor.DESTINATION_HEADER, "/user/queue/errors")), ALDA));
            assertThat(log.problems()).singleElement().asString()
                    .contains("A listener of SessionSubscribeEvent of session s7 failed")
                    .contains("a listener broke");
        }
    }
}
