package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageHandler;
import org.springframework.messaging.simp.broker.SimpleBrokerMessageHandler;
import org.springframework.messaging.simp.user.DefaultUserDestinationResolver;
import org.springframework.messaging.simp.user.UserDestinationMessageHandler;
import org.springframework.messaging.support.ExecutorSubscribableChannel;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.messaging.support.MessageHandlingRunnable;
import org.springframework.web.socket.messaging.DefaultSimpUserRegistry;

class InboundExecutorTest {

    private final ExecutorSubscribableChannel channel = new ExecutorSubscribableChannel();
    private final MessageHandler broker = new SimpleBrokerMessageHandler(channel, channel, channel, List.of("/queue"));
    private final MessageHandler userDestinations =
            new UserDestinationMessageHandler(channel, channel, new DefaultUserDestinationResolver(new DefaultSimpUserRegistry()));
    private final MessageHandler controllers = message -> {
    };
    private final InboundExecutor executor = new InboundExecutor(2);
    private final List<String> seen = new CopyOnWriteArrayList<>();

    /** A frame's task for one handler, as Spring's channel hands it over. */
    private record Handling(MessageHandler handler, Runnable work) implements MessageHandlingRunnable {

        @Override
        public Message<?> getMessage() {
            return MessageBuilder.withPayload("frame").build();
        }

        @Override
        public MessageHandler getMessageHandler() {
            return handler;
        }

        @Override
        public void run() {
            work.run();
        }
    }

    @BeforeEach
    void start() {
        executor.initialize();
    }

    @AfterEach
    void stop() {
        executor.shutdown();
    }

    @Test
    void theBrokersAndTheUserDestinationsTasksRunOnTheThreadThatHandsThemOver() {
        Thread caller = Thread.currentThread();
        var threads = new CopyOnWriteArrayList<Thread>();

        executor.execute(new Handling(broker, () -> threads.add(Thread.currentThread())));
        executor.execute(new Handling(userDestinations, () -> threads.add(Thread.currentThread())));

        assertThat(threads).containsExactly(caller, caller);
    }

    @Test
    void theControllersTaskRunsOnThePool() throws Exception {
        var thread = new CompletableFuture<Thread>();

        executor.execute(new Handling(controllers, () -> thread.complete(Thread.currentThread())));

        assertThat(thread.get(5, TimeUnit.SECONDS).getName()).startsWith("clientInboundChannel-");
    }

    @Test
    void aQuickTaskHandedOverWhileOneRunsRunsAfterItNotWithinIt() {
        executor.execute(new Handling(broker, () -> {
            seen.add("first frame starts");
            // The first frame's last handler ends and releases the connection's next frame.
            executor.execute(new Handling(userDestinations, () -> seen.add("next frame")));
            seen.add("first frame ends");
        }));
        executor.execute(new Handling(broker, () -> seen.add("a later frame, at once")));

        assertThat(seen).containsExactly("first frame starts", "first frame ends", "next frame", "a later frame, at once");
    }

    @Test
    void aQuickTaskThatFailsDoesNotStopTheTasksWaitingBehindIt() {
        executor.execute(new Handling(broker, () -> {
            executor.execute(new Handling(broker, () -> {
                throw new IllegalStateException("a handler failed");
            }));
            executor.execute(new Handling(userDestinations, () -> seen.add("the one after")));
        }));

        assertThat(seen).containsExactly("the one after");
    }
}
