package io.astragal.realtime;

import io.astragal.table.TableEngine;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageHandler;
import org.springframework.messaging.converter.JacksonJsonMessageConverter;
import org.springframework.messaging.converter.MessageConverter;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.SimpMessageType;
import org.springframework.messaging.simp.broker.BrokerAvailabilityEvent;
import org.springframework.messaging.simp.stomp.StompBrokerRelayMessageHandler;
import org.springframework.messaging.simp.user.DefaultUserDestinationResolver;
import org.springframework.messaging.simp.user.MultiServerUserRegistry;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.util.MimeTypeUtils;
import org.springframework.web.socket.config.annotation.WebSocketMessageBrokerConfigurer;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * What several nodes on one RabbitMQ need beyond the relay itself (docs/decisions.md, "Two nodes").
 *
 * <ul>
 * <li>Broker destinations RabbitMQ accepts: a queue name may not contain {@code /}, and a
 *     {@code /queue/} destination is a durable queue that outlives its session. Each session's copy
 *     of a user destination ({@code /user/queue/tables/{id}}) is therefore
 *     {@code /exchange/amq.direct/tables.{id}-user{session}}: a queue of that session's own,
 *     deleted with its connection. Clients keep subscribing to {@code /user/queue/tables/{id}}.</li>
 * <li>The user registry's broadcasts read leniently: the application's JSON is strict about unknown
 *     fields, and Spring's registry snapshots carry fields they do not read back.</li>
 * <li>Broadcasts between nodes (the user registry, unresolved user destinations, the table log)
 *     on {@code amq.direct} too: every node's own queue bound with the same key gets a copy, and
 *     RabbitMQ hands the message back under the destination it was sent to, which is how the
 *     relay finds the handler ({@code amq.topic} would come back as {@code /topic/…}).</li>
 * <li>The table log's news: a node that appends to a table's log says so on
 *     {@link #TABLE_LOG}; every node that has the table loaded reads the new events from the log
 *     and tells its own connections (each node serves only its own connections, in seq order).</li>
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("astragal.realtime.relay.enabled")
class BrokerRelay implements WebSocketMessageBrokerConfigurer, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(BrokerRelay.class);

    /** Where a node sends what it could not deliver to a user it does not know (Spring's user-destination broadcast). */
    static final String UNRESOLVED_USER = "/exchange/amq.direct/astragal.unresolved-user";
    /** Where each node publishes its connected users and sessions (Spring's user-registry broadcast). */
    static final String USER_REGISTRY = "/exchange/amq.direct/astragal.user-registry";
    /** "table {id} has seq {n} in its log", from the node that appended it ({@link #node}), to every node. */
    static final String TABLE_LOG = "/exchange/amq.direct/astragal.table-log";

    private static final String SESSION_QUEUES = "/exchange/amq.direct/";

    /** This node, to pass over its own table-log messages; new at every start. */
    private final String node = UUID.randomUUID().toString();
    private final ExecutorService followers = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("table-log-", 0).factory());
    private final ObjectProvider<TableEngine> engine;

    BrokerRelay(ObjectProvider<TableEngine> engine) {
        this.engine = engine;
    }

    /**
     * The broker destination of one session's copy of {@code /user/queue/…}: {@code /queue/tables/{id}}
     * of session {@code s} is {@code /exchange/amq.direct/tables.{id}-users}.
     */
    static String sessionDestination(String queueDestination, String sessionId) {
        String name = queueDestination.startsWith("/queue/") ? queueDestination.substring("/queue/".length()) : queueDestination;
        return SESSION_QUEUES + name.replace('/', '.') + "-user" + sessionId;
    }

    /** A {@link #TABLE_LOG} message from this node: "{tableId} {seq} {node}". */
    Message<byte[]> logGrew(UUID tableId, long seq) {
        SimpMessageHeaderAccessor headers = SimpMessageHeaderAccessor.create(SimpMessageType.MESSAGE);
        headers.setContentType(MimeTypeUtils.TEXT_PLAIN);
        headers.setLeaveMutable(true);
        return MessageBuilder.createMessage((tableId + " " + seq + " " + node).getBytes(StandardCharsets.US_ASCII),
                headers.getMessageHeaders());
    }

    /** Ahead of the strict converter of client frames: the registry snapshots that nodes broadcast to each other. */
    @Override
    public boolean configureMessageConverters(List<MessageConverter> messageConverters) {
        messageConverters.add(0, new RegistrySnapshots());
        return true;
    }

    /** JSON for {@code MultiServerUserRegistry}'s own snapshot types only, ignoring what they do not read back. */
    static final class RegistrySnapshots extends JacksonJsonMessageConverter {

        RegistrySnapshots() {
            super(JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build());
        }

        @Override
        protected boolean supports(Class<?> type) {
            return type.getName().startsWith(MultiServerUserRegistry.class.getName() + "$");
        }
    }

    /**
     * Puts RabbitMQ-shaped session destinations into Spring's user-destination resolver, and this
     * node's {@link #TABLE_LOG} listener among the relay's own ("system") subscriptions.
     */
    @Bean
    static BeanPostProcessor brokerRelayWiring(ObjectProvider<BrokerRelay> relay) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                if (bean instanceof DefaultUserDestinationResolver resolver && !(bean instanceof SessionQueues)) {
                    return new SessionQueues(resolver);
                }
                if (bean instanceof StompBrokerRelayMessageHandler handler) {
                    Map<String, MessageHandler> subscriptions = new HashMap<>(handler.getSystemSubscriptions());
                    subscriptions.put(TABLE_LOG, message -> relay.getObject().onLogGrew(message));
                    handler.setSystemSubscriptions(subscriptions);
                }
                return bean;
            }
        };
    }

    /** Spring's resolver with {@link #sessionDestination} for the per-session destination. */
    static final class SessionQueues extends DefaultUserDestinationResolver {

        SessionQueues(DefaultUserDestinationResolver original) {
            super(original.getSimpUserRegistry());
            setUserDestinationPrefix(original.getDestinationPrefix());
            setRemoveLeadingSlash(original.isRemoveLeadingSlash());
        }

        @Override
        protected String getTargetDestination(String sourceDestination, String actualDestination, String sessionId,
                                              String user) {
            return sessionDestination(actualDestination, sessionId);
        }
    }

    /** On the relay's I/O thread: hand over at once, the catching up reads the database. */
    private void onLogGrew(Message<?> message) {
        String[] parts = new String((byte[]) message.getPayload(), StandardCharsets.US_ASCII).split(" ");
        UUID tableId;
        long seq;
        try {
            tableId = UUID.fromString(parts[0]);
            seq = Long.parseLong(parts[1]);
        } catch (RuntimeException e) {
            log.warn("Ignored a malformed table-log message: {}", e.toString());
            return;
        }
        if (parts.length > 2 && node.equals(parts[2])) {
            return; // this node's own append: its connections were told as it happened
        }
        followers.execute(() -> follow(tableId, seq));
    }

    private void follow(UUID tableId, long seq) {
        try {
            engine.getObject().followLog(tableId, seq);
        } catch (RuntimeException e) {
            // The next command or sync on this node catches up from the log anyway.
            log.warn("Table {}: could not catch up to seq {} now: {}", tableId, seq, e.toString());
        }
    }

    /** After the broker was away, news may have been lost: check every loaded table against its log. */
    @EventListener
    void onBrokerAvailability(BrokerAvailabilityEvent event) {
        if (event.isBrokerAvailable()) {
            followers.execute(() -> {
                try {
                    engine.getObject().followLogs();
                } catch (RuntimeException e) {
                    log.warn("Could not check the loaded tables against their logs: {}", e.toString());
                }
            });
        }
    }

    @Override
    public void destroy() {
        followers.shutdownNow();
    }
}
