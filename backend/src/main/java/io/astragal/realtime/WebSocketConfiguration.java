package io.astragal.realtime;

import java.util.List;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.converter.JacksonJsonMessageConverter;
import org.springframework.messaging.converter.MessageConverter;
import org.springframework.messaging.simp.config.ChannelRegistration;
import org.springframework.messaging.simp.config.MessageBrokerRegistry;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.web.socket.config.annotation.EnableWebSocketMessageBroker;
import org.springframework.web.socket.config.annotation.StompEndpointRegistry;
import org.springframework.web.socket.config.annotation.WebSocketMessageBrokerConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketTransportRegistration;
import tools.jackson.databind.json.JsonMapper;

/**
 * STOMP over WebSocket at {@code /ws} (docs/protocol.md). Clients SEND to {@code /app/...} and
 * receive on their private {@code /user/queue/...} destinations from the simple broker.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSocketMessageBroker
class WebSocketConfiguration implements WebSocketMessageBrokerConfigurer, DisposableBean {

    private final RealtimeProperties properties;
    private final JsonMapper json;
    // Not a bean on purpose: a TaskScheduler bean would become the executor of both STOMP channels (PITFALLS.md).
    private final ThreadPoolTaskScheduler heartbeats = new ThreadPoolTaskScheduler();

    WebSocketConfiguration(RealtimeProperties properties, JsonMapper json) {
        this.properties = properties;
        this.json = json;
        heartbeats.setPoolSize(1);
        heartbeats.setThreadNamePrefix("stomp-heartbeat-");
        heartbeats.initialize();
    }

    @Override
    public void registerStompEndpoints(StompEndpointRegistry registry) {
        // Frames of one connection are handled in the order sent, so a SUBSCRIBE is in place before
        // the sync that follows it asks for a snapshot.
        registry.setPreserveReceiveOrder(true);
        var endpoint = registry.addEndpoint("/ws");
        if (!properties.allowedOrigins().isEmpty()) {
            endpoint.setAllowedOriginPatterns(properties.allowedOrigins().toArray(String[]::new));
        }
    }

    @Override
    public void configureMessageBroker(MessageBrokerRegistry registry) {
        long beat = properties.heartbeatMillis();
        registry.enableSimpleBroker("/queue")
                .setHeartbeatValue(new long[] {beat, beat})
                .setTaskScheduler(heartbeats);
        registry.setApplicationDestinationPrefixes("/app");
        registry.setUserDestinationPrefix("/user");
    }

    /**
     * Messages of one table must reach each session in seq order. The table engine publishes them
     * in order from one thread; one outbound thread keeps that order. (Spring's
     * {@code setPreservePublishOrder} does the same per session, but fails on user destinations
     * sent in bursts with "Expected mutable SimpMessageHeaderAccessor".) Sends only hand frames to
     * each session's buffered, time-limited decorator, so one thread keeps up.
     */
    @Override
    public void configureClientOutboundChannel(ChannelRegistration registration) {
        registration.taskExecutor().corePoolSize(1).maxPoolSize(1);
    }

    @Override
    public void configureWebSocketTransport(WebSocketTransportRegistration registration) {
        registration.setMessageSizeLimit(properties.messageSizeLimit())
                .setSendTimeLimit(properties.sendTimeLimitMillis())
                .setSendBufferSizeLimit(properties.sendBufferSizeLimit());
    }

    @Override
    public boolean configureMessageConverters(List<MessageConverter> messageConverters) {
        messageConverters.add(new JacksonJsonMessageConverter(json));
        return false;
    }

    @Override
    public void destroy() {
        heartbeats.shutdown();
    }
}
