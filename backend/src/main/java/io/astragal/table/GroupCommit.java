package io.astragal.table;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;

/**
 * Commits the events of commands at different tables together. A command's thread queues its
 * event; whichever thread finds no insert under way takes every queued event into one multi-row
 * insert, committed on its own, and then wakes the threads whose events it carried. With nothing
 * else queued that is one insert of one row, as it would be anyway; under load, each insert and its
 * commit carry the events that arrived while the one before was under way, and the insert and
 * commit are most of what an event costs PostgreSQL (docs/performance.md, step 62).
 */
@Component
class GroupCommit {

    /** Events in one insert at most: a bounded statement, and a bounded wait for the first of them. */
    static final int MOST_EVENTS = 64;

    /** An event waiting for an insert; its outcome is written before {@code done}. */
    private static final class Waiting {
        final EventStore.TableRow row;
        final Thread thread;
        RuntimeException failure;
        volatile boolean done;

        Waiting(EventStore.TableRow row, Thread thread) {
            this.row = row;
            this.thread = thread;
        }
    }

    private final EventStore store;
    private final ConcurrentLinkedQueue<Waiting> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean inserting = new AtomicBoolean();
    private final Counter inserts;
    private final Counter stored;
    private final Timer commits;

    GroupCommit(EventStore store, MeterRegistry meters) {
        this.store = store;
        this.inserts = Counter.builder("astragal.table.event.inserts")
                .description("Statements that inserted commands' events, each committed on its own")
                .register(meters);
        this.stored = Counter.builder("astragal.table.events.stored")
                .description("Commands' events inserted and committed")
                .register(meters);
        // With buckets, so that a reader of two scrapes knows how the commits between them were spread: every
        // event waits for its commit before anyone sees it, so a slow disk is in every command's latency.
        this.commits = Timer.builder("astragal.table.event.commit")
                .description("An insert of commands' events with its commit, as long as the database took")
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(1))
                .maximumExpectedValue(Duration.ofSeconds(10))
                .register(meters);
        Gauge.builder("astragal.table.events.waiting", queue, ConcurrentLinkedQueue::size)
                .description("Commands' events queued for the next insert")
                .register(meters);
    }

    /**
     * Stores one event of a command; it is committed when this returns. An event whose seq or
     * command its table already holds throws {@link DuplicateKeyException}, and whatever else
     * keeps it from being stored is thrown as it came from the database.
     */
    void append(UUID tableId, EventStore.Row row) {
        Waiting mine = new Waiting(new EventStore.TableRow(tableId, row), Thread.currentThread());
        queue.add(mine);
        boolean interrupted = false;
        while (!mine.done) {
            if (inserting.compareAndSet(false, true)) {
                try {
                    insert(take());
                } finally {
                    inserting.set(false);
                    // Whoever queued while this insert was under way leads the next one: woken here, since
                    // it may have gone to sleep just before this thread stopped inserting.
                    Waiting next = queue.peek();
                    if (next != null) {
                        LockSupport.unpark(next.thread);
                    }
                }
            } else {
                LockSupport.park(this);
                // An interrupted thread's park returns at once: cleared here so that it waits without spinning, and set again below.
                interrupted |= Thread.interrupted();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (mine.failure != null) {
            throw mine.failure;
        }
    }

    /** Events waiting for an insert. */
    int waiting() {
        return queue.size();
    }

    private List<Waiting> take() {
        List<Waiting> batch = new ArrayList<>();
        for (Waiting next; batch.size() < MOST_EVENTS && (next = queue.poll()) != null; ) {
            batch.add(next);
        }
        return batch;
    }

    private void insert(List<Waiting> batch) {
        if (batch.isEmpty()) {
            return;
        }
        try {
            inserts.increment();
            long started = System.nanoTime();
            Set<EventStore.Key> inserted = store.insertNew(batch.stream().map(waiting -> waiting.row).toList());
            commits.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
            for (Waiting waiting : batch) {
                EventStore.Row row = waiting.row.row();
                boolean in = inserted.contains(new EventStore.Key(waiting.row.tableId(), row.seq()));
                finish(waiting, in ? null : new DuplicateKeyException("Table " + waiting.row.tableId()
                        + " already holds seq " + row.seq() + " or command " + row.commandId()));
            }
            stored.increment(inserted.size());
        } catch (DataIntegrityViolationException refused) {
            // The database refused one of the rows, so none went in; each alone learns whether it was this one.
            if (batch.size() == 1) {
                finish(batch.getFirst(), refused);
            } else {
                batch.forEach(waiting -> insert(List.of(waiting)));
            }
        } catch (RuntimeException e) {
            batch.forEach(waiting -> finish(waiting, e));
        } finally {
            // Nobody is left asleep: an Error on the way ends their wait too.
            for (Waiting waiting : batch) {
                if (!waiting.done) {
                    finish(waiting, new IllegalStateException("The insert of this event stopped before it ended"));
                }
            }
        }
    }

    private static void finish(Waiting waiting, RuntimeException failure) {
        waiting.failure = failure;
        waiting.done = true;
        if (waiting.thread != Thread.currentThread()) {
            LockSupport.unpark(waiting.thread);
        }
    }
}
