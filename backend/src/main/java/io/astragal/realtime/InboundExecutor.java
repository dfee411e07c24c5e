package io.astragal.realtime;

import java.util.ArrayDeque;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.messaging.MessageHandler;
import org.springframework.messaging.simp.broker.SimpleBrokerMessageHandler;
import org.springframework.messaging.simp.user.UserDestinationMessageHandler;
import org.springframework.messaging.support.MessageHandlingRunnable;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/**
 * The executor of the clients' inbound channel. Spring's channel hands each frame to every one of
 * its handlers as a task of its own: on one node three of them, the controllers, the user
 * destinations and the simple broker, so a command woke up to three threads of the pool. Only the
 * controllers' task may wait (a command waits for its event's commit, which is why the pool is
 * there); the other two look at the frame's destination and, for most frames, find nothing to do,
 * and otherwise record or forget a subscription. Their tasks run on the thread that hands them
 * over (the one that read the frame, or the pool's thread that finished the connection's frame
 * before it), so that a command wakes one thread of the pool instead of three
 * (docs/performance.md, step 84). The pool is this executor's own, a bean as Spring's would be;
 * what the relay's handler does with RabbitMQ stays on it.
 *
 * <p>The last of a frame's handlers to finish releases the connection's next frame
 * ({@code setPreserveReceiveOrder}), and so hands over that frame's tasks from within its own. Such a
 * task waits until the one running ends, so that a connection's queued frames are handled one after
 * another on the thread, never one inside another.
 */
final class InboundExecutor extends ThreadPoolTaskExecutor {

    private static final Logger log = LoggerFactory.getLogger(InboundExecutor.class);

    /** Quick tasks handed over while one runs on this thread, to run after it; null while none runs. */
    private static final ThreadLocal<ArrayDeque<Runnable>> WAITING = new ThreadLocal<>();

    InboundExecutor(int threads) {
        setCorePoolSize(threads);
        setMaxPoolSize(threads);
        setThreadNamePrefix("clientInboundChannel-"); // Spring's name for them, which thread dumps and profiles show
    }

    @Override
    public void execute(Runnable task) {
        if (!(task instanceof MessageHandlingRunnable handling) || !quick(handling.getMessageHandler())) {
            super.execute(task);
            return;
        }
        ArrayDeque<Runnable> waiting = WAITING.get();
        if (waiting != null) {
            waiting.addLast(task);
            return;
        }
        waiting = new ArrayDeque<>(4);
        WAITING.set(waiting);
        try {
            for (Runnable next = task; next != null; next = waiting.pollFirst()) {
                runLogged(next);
            }
        } finally {
            WAITING.remove();
        }
    }

    private static void runLogged(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) { // SendTask gives any Throwable of a handler as one
            // As a pool thread would: the frame's other handlers, handed over in the same loop, still get it.
            log.error("Handling a client's frame failed", e);
        }
    }

    /** Whether the handler only looks at the frame and records, never waits. */
    private static boolean quick(MessageHandler handler) {
        return handler instanceof SimpleBrokerMessageHandler || handler instanceof UserDestinationMessageHandler;
    }
}
