package io.astragal.realtime;

import java.util.List;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.core.task.SyncTaskExecutor;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageChannel;
import org.springframework.messaging.converter.JacksonJsonMessageConverter;
import org.springframework.messaging.converter.MessageConverter;
import org.springframework.messaging.simp.config.ChannelRegistration;
import org.springframework.messaging.simp.config.MessageBrokerRegistry;
import org.springframework.messaging.support.ChannelInterceptor;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.config.annotation.StompEndpointRegistry;
import org.springframework.web.socket.config.annotation.WebSocketMessageBrokerConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketTransportRegistration;
import org.springframework.web.socket.handler.WebSocketHandlerDecorator;
import org.springframework.web.socket.messaging.StompSubProtocolHandler;
import org.springframework.web.socket.messaging.SubProtocolWebSocketHandler;
import org.springframework.web.socket.server.support.DefaultHandshakeHandler;
import tools.jackson.databind.json.JsonMapper;

/**
 * STOMP over WebSocket at {@code /ws} (docs/protocol.md). Clients SEND to {@code /app/...} and
 * receive on their private {@code /user/queue/...} destinations: from the simple broker on one
 * node, through RabbitMQ when several nodes share it ({@link BrokerRelayProperties}, {@link BrokerRelay}).
 */
@Configuration(proxyBeanMethods = false) // MessageBrokerConfiguration is what @EnableWebSocketMessageBroker would import
// First among the configurers: its InboundFrameGuard must see frames before Spring Security's interceptors,
// and its strict JSON converter must come before Boot's lenient one.
@Order(Ordered.HIGHEST_PRECEDENCE)
class WebSocketConfiguration implements WebSocketMessageBrokerConfigurer, DisposableBean {

    /** Destinations whose subscribers the simple broker keeps at hand: above the sessions one node holds. */
    static final int DESTINATION_CACHE_LIMIT = 100_000;

    /** Where clients SEND: the {@code @MessageMapping} destinations are under it. */
    static final String APPLICATION_PREFIX = "/app";

    private final RealtimeProperties properties;
    private final BrokerRelayProperties relay;
    private final JsonMapper json;
    /**
     * Heart-beats, the relay's, and the connections' send time limits and close waits. Not a bean on
     * purpose: a TaskScheduler bean would become the executor of both STOMP channels (PITFALLS.md).
     */
    private final ThreadPoolTaskScheduler timer = new ThreadPoolTaskScheduler();

    private final SessionHeartbeats sessionHeartbeats;
    private final InboundFrameGuard guard;
    private final ClientFrameErrors clientFrameErrors;
    private final TableStreams streams;

    WebSocketConfiguration(RealtimeProperties properties, BrokerRelayProperties relay, JsonMapper json,
                           ClientFrameErrors clientFrameErrors, TableStreams streams,
                           @Lazy @Qualifier("messageAuthorizationManager") AuthorizationManager<Message<?>> rules,
                           @Lazy @Qualifier("csrfChannelInterceptor") ChannelInterceptor csrf,
                           @Lazy @Qualifier("clientOutboundChannel") MessageChannel toClients) {
        this.properties = properties;
        this.relay = relay;
        this.json = json;
        this.clientFrameErrors = clientFrameErrors;
        this.streams = streams;
        this.guard = new InboundFrameGuard(rules, csrf, toClients);
        this.sessionHeartbeats = new SessionHeartbeats(properties.heartbeatMillis());
        timer.setPoolSize(1);
        timer.setThreadNamePrefix("stomp-timer-");
        timer.initialize();
    }

    @Override
    public void registerStompEndpoints(StompEndpointRegistry registry) {
        // Frames of one connection are handled in the order sent, so a SUBSCRIBE is in place before
        // the sync that follows it asks for a snapshot: Spring's inbound channel releases each next
        // frame, and PollerFrames keeps the frames waiting (PollerFrames.InOrder).
        registry.setPreserveReceiveOrder(true);
        registry.setErrorHandler(clientFrameErrors);
        // Astragal's own WebSocket connections: their sends neither block nor wake a thread (UpgradedWebSocket).
        var endpoint = registry.addEndpoint("/ws")
                .setHandshakeHandler(new DefaultHandshakeHandler(new WebSocketUpgrade(properties, timer)));
        if (!properties.allowedOrigins().isEmpty()) {
            endpoint.setAllowedOriginPatterns(properties.allowedOrigins().toArray(String[]::new));
        }
    }

    @Override
    public void configureMessageBroker(MessageBrokerRegistry registry) {
        if (relay.enabled()) {
            // Heartbeats are the broker's then: it answers a client's CONNECT, the relay passes frames through.
            registry.enableStompBrokerRelay("/exchange", "/queue", "/topic")
                    .setRelayHost(relay.host())
                    .setRelayPort(relay.port())
                    .setClientLogin(relay.login())
                    .setClientPasscode(relay.passcode())
                    .setSystemLogin(relay.login())
                    .setSystemPasscode(relay.passcode())
                    .setVirtualHost(relay.virtualHost())
                    .setTaskScheduler(timer)
                    .setUserDestinationBroadcast(BrokerRelay.UNRESOLVED_USER)
                    .setUserRegistryBroadcast(BrokerRelay.USER_REGISTRY);
        } else {
            // Heart-beats both ways are kept by each connection, not by the broker (SessionHeartbeats).
            registry.enableSimpleBroker("/queue")
                    .setHeartbeatValue(sessionHeartbeats.brokerValue());
            if (properties.heartbeatMillis() > 0) {
                timer.scheduleWithFixedDelay(sessionHeartbeats::beat, sessionHeartbeats.tick());
            }
        }
        // Every session has its own destinations (/queue/errors-user{session}; table streams go
        // around the broker, TableStreams); with Spring's default of 1,024 cached destinations, more
        // sessions than that made each send scan every subscription of the node (docs/performance.md,
        // "Load benchmark"). Entries exist only for destinations sent to, a few hundred bytes each.
        registry.setCacheLimit(DESTINATION_CACHE_LIMIT);
        registry.setApplicationDestinationPrefixes(APPLICATION_PREFIX);
        registry.setUserDestinationPrefix("/user");
    }

    @Override
    public void configureClientInboundChannel(ChannelRegistration registration) {
        registration.interceptors(guard, streams.subscriptions());
        registration.executor(new InboundExecutor(properties.inboundThreads()));
        if (!relay.enabled()) {
            registration.interceptors(sessionHeartbeats.inboundHeartbeats());
        }
    }

    /**
     * What goes to a client is queued on its session on the thread that sends it, with no hand-off:
     * each session's {@link QueuedSendSession} only queues, so a client that stops reading cannot
     * hold anyone up. So a client gets what it is sent in the order it was caused: a table's
     * messages in seq order (sent under the table's lock, {@link TableStreams} on one node, RabbitMQ's
     * order through the relay), and the answer to a frame (an error on {@code /user/queue/errors}, an
     * ERROR frame) before anything its next frame causes. (Spring's {@code setPreservePublishOrder}
     * keeps order per session with a queue of its own, but fails on user destinations sent in bursts
     * with "Expected mutable SimpMessageHeaderAccessor".)
     */
    @Override
    public void configureClientOutboundChannel(ChannelRegistration registration) {
        registration.executor(new SyncTaskExecutor());
        if (!relay.enabled()) {
            registration.interceptors(sessionHeartbeats.connectAcks());
        }
    }

    @Override
    public void configureWebSocketTransport(WebSocketTransportRegistration registration) {
        registration.setMessageSizeLimit(properties.messageSizeLimit())
                .setSendTimeLimit(properties.sendTimeLimitMillis())
                .setSendBufferSizeLimit(properties.sendBufferSizeLimit())
                .addDecoratorFactory(this::queuedSends);
    }

    /**
     * Hands STOMP a session that queues its sends (see {@link QueuedSendSession}), written by the
     * thread that sends while no other is writing to the connection. Spring's own send limits sit on
     * top but never trip: its sends no longer block; the connection enforces them.
     *
     * <p>It also takes WebSocket messages in parts: STOMP's decoder buffers bytes until a frame is
     * whole, up to {@code astragal.realtime.message-size-limit}, whatever the messages that carried
     * them, so a connection holds no buffer for the longest message (docs/performance.md, step 22).
     */
    private WebSocketHandler queuedSends(WebSocketHandler handler) {
        return new WebSocketHandlerDecorator(handler) {
            @Override
            public void afterConnectionEstablished(WebSocketSession session) throws Exception {
                var queued = new QueuedSendSession(session, Runnable::run, properties.sendBufferSizeLimit());
                streams.opened(queued);
                if (!relay.enabled()) {
                    sessionHeartbeats.opened(queued);
                }
                super.afterConnectionEstablished(queued);
            }

            @Override
            public void handleMessage(WebSocketSession session, WebSocketMessage<?> message) throws Exception {
                sessionHeartbeats.received(session.getId());
                super.handleMessage(session, message);
            }

            @Override
            public void afterConnectionClosed(WebSocketSession session, CloseStatus closeStatus) throws Exception {
                sessionHeartbeats.closed(session.getId());
                streams.closed(session.getId());
                super.afterConnectionClosed(session, closeStatus);
            }

            @Override
            public boolean supportsPartialMessages() {
                return true;
            }
        };
    }

    @Override
    public boolean configureMessageConverters(List<MessageConverter> messageConverters) {
        messageConverters.add(new JacksonJsonMessageConverter(StrictJson.of(json)));
        return false;
    }

    /**
     * The socket's read and write buffers of each open connection go outside the heap, held for as long
     * as it lives (docs/performance.md, "Where the memory goes"). With Tomcat's threads virtual (as
     * configured), the reads and writes of Astragal's WebSocket connections run on the poller that
     * found them ({@link PollerReads}).
     */
    @Bean
    static TomcatConnectorCustomizer tomcatConnections() {
        return connector -> {
            connector.setProperty("socket.directBuffer", "true");
            var protocol = connector.getProtocolHandler();
            if (protocol.getExecutor() != null) { // else Tomcat makes a pool of its own when it starts
                protocol.setExecutor(new PollerReads(protocol.getExecutor()));
            }
        };
    }

    /** Tomcat's connector speaks {@link UpgradedNioProtocol}: HTTP/1.1 on NIO, as before. */
    @Bean
    static WebServerFactoryCustomizer<TomcatServletWebServerFactory> upgradedNioProtocol() {
        return factory -> factory.setProtocol(UpgradedNioProtocol.class.getName());
    }

    /**
     * Spring's STOMP handler, with the frames a poller must not check handed to other threads, and each
     * connection's frames decoded and kept in order without Spring's per-connection queues ({@link PollerFrames}).
     */
    @Bean
    static SmartInitializingSingleton pollerFrames(@Qualifier("subProtocolWebSocketHandler") ObjectProvider<WebSocketHandler> handler) {
        return () -> {
            if (handler.getObject() instanceof SubProtocolWebSocketHandler subProtocols) {
                SimpleAsyncTaskExecutor elsewhere = new SimpleAsyncTaskExecutor("stomp-frame-");
                elsewhere.setVirtualThreads(true);
                subProtocols.setProtocolHandlers(subProtocols.getProtocolHandlers().stream()
                        .map(each -> each instanceof StompSubProtocolHandler stomp ? new PollerFrames(stomp, elsewhere) : each)
                        .toList());
            }
        };
    }

    @Override
    public void destroy() {
        timer.shutdown();
    }
}
