package io.astragal.realtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Executor;
import org.apache.coyote.http11.upgrade.UpgradeProcessorBase;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketProcessorBase;
import org.apache.tomcat.util.net.SocketWrapperBase;

/**
 * Tomcat's executor for its sockets' events, which runs an {@link UpgradedWebSocket}'s reads and
 * writes on the poller thread that found them rather than on a thread started for each: a client's
 * frame then crosses one thread fewer, and the poller is not woken again to watch the socket
 * (docs/performance.md, step 89). Everything else (HTTP requests, a connection's end) goes to
 * Tomcat's own executor.
 *
 * <p>The poller serves every connection, so nothing it runs may wait: a read hands a STOMP frame
 * whose checks may wait for the database to another thread ({@link PollerFrames}), and a send that
 * the socket does not take at once waits in the connection's queue.
 */
final class PollerReads implements Executor {

    private static final VarHandle WRAPPER;
    private static final VarHandle EVENT;
    /** Set while a poller thread runs a connection's read or write here. */
    private static final ThreadLocal<Boolean> ON_POLLER = ThreadLocal.withInitial(() -> Boolean.FALSE);

    static {
        try {
            // Tomcat keeps a task's socket and event to itself; the task is run either way, so only looking is needed.
            var lookup = MethodHandles.privateLookupIn(SocketProcessorBase.class, MethodHandles.lookup());
            WRAPPER = lookup.findVarHandle(SocketProcessorBase.class, "socketWrapper", SocketWrapperBase.class);
            EVENT = lookup.findVarHandle(SocketProcessorBase.class, "event", SocketEvent.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Executor others;

    PollerReads(Executor others) {
        this.others = others;
    }

    @Override
    public void execute(Runnable task) {
        if (task instanceof SocketProcessorBase<?> processor && upgradedReadOrWrite(processor)) {
            onPoller(task);
        } else {
            others.execute(task);
        }
    }

    /** Whether this thread is a poller running a connection's read or write. */
    static boolean onPoller() {
        return ON_POLLER.get();
    }

    /** Runs {@code task} as a poller runs a connection's read or write. */
    static void onPoller(Runnable task) {
        ON_POLLER.set(Boolean.TRUE);
        try {
            task.run();
        } finally {
            ON_POLLER.set(Boolean.FALSE);
        }
    }

    private static boolean upgradedReadOrWrite(SocketProcessorBase<?> processor) {
        Object event = EVENT.get(processor);
        if (event != SocketEvent.OPEN_READ && event != SocketEvent.OPEN_WRITE) {
            return false;
        }
        // Null while another thread handles an event of the same socket: that one then goes to the executor.
        return ((SocketWrapperBase<?>) WRAPPER.get(processor)).getCurrentProcessor() instanceof UpgradeProcessorBase upgraded
                && upgraded.getUpgradeToken().getHttpUpgradeHandler() instanceof UpgradedWebSocket;
    }
}
