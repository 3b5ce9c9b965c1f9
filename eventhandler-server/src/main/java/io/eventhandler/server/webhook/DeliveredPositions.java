package io.eventhandler.server.webhook;

import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.store.SubscriptionStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Each webhook subscription's delivered position: the sequence number through which its events were acknowledged by
 * the subscriber (or given up on, counted and logged). A delivery only raises a number in memory; a timer writes the
 * positions that moved to the subscription store in one transaction every interval, and once more at close, so the
 * hot path never waits on the database. After a crash a subscription resumes from the last position written: the
 * events delivered since are delivered again (at least once; each POST carries its {@code X-Event-Sequence}).
 */
public final class DeliveredPositions implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DeliveredPositions.class);

    /** One subscription's position, advanced by its sink. */
    public static final class Position {
        private final AtomicLong delivered;
        private volatile long written;

        Position(final long start, final boolean written) {
            this.delivered = new AtomicLong(start);
            this.written = written ? start : -1;
        }

        /** Every event through {@code sequence} is done with. Called in order by the subscription's one sink. */
        public void advance(final long sequence) {
            if (sequence > delivered.get()) {
                delivered.set(sequence);
            }
        }

        public long delivered() {
            return delivered.get();
        }
    }

    /** A position nobody writes (a subscription whose position is not kept). */
    public static Position untracked() {
        return new Position(0, true);
    }

    private final Map<Long, Position> positions = new ConcurrentHashMap<>();
    private final SubscriptionStore store;
    private final ScheduledExecutorService timer;
    /** Whether the last write on the timer failed (touched by the timer thread only). */
    private boolean failing;

    /**
     * @param interval how often the positions that moved are written
     * @param runner   makes the timer thread, {@code eh-webhook-positions}
     */
    public DeliveredPositions(final SubscriptionStore store, final Duration interval, final Runner runner) {
        this.store = store;
        this.timer = runner.timer("eh-webhook-positions", Duration.ofSeconds(10));
        timer.scheduleWithFixedDelay(this::writeQuietly, interval.toMillis(), interval.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    /** What was written for each subscription, by id (read at start, before any delivery). */
    public Map<Long, Long> stored() {
        return store.deliveredPositions();
    }

    /**
     * The position of subscription {@code id}, starting at {@code start}.
     *
     * @param written whether {@code start} is what the store holds already
     */
    public Position track(final long id, final long start, final boolean written) {
        final Position position = new Position(start, written);
        positions.put(id, position);
        return position;
    }

    /**
     * The position of subscription {@code id}, starting at {@code start}, written to the store at once: a subscription
     * attached without a recorded position (new, or re-attached from now) must not depend on the timer's next write,
     * or a crash before it would restore the subscription with no position, and it would resume from the events
     * accepted after the restart, skipping those it had not been delivered yet. If the write fails, the timer writes
     * it.
     */
    public Position trackWritten(final long id, final long start) {
        try {
            store.recordStartingPosition(id, start);
            return track(id, start, true);
        } catch (final RuntimeException e) {
            LOG.warn("webhook subscription {}: its starting position not written yet ({}); the next interval writes it",
                    id, e.getMessage());
            return track(id, start, false);
        }
    }

    /** Stop tracking a subscription that was removed or replaced. */
    public void forget(final long id) {
        positions.remove(id);
    }

    /** Writes the positions that moved since they were last written; returns how many. */
    public synchronized int write() {
        final Map<Long, Long> moved = new HashMap<>();
        positions.forEach((id, position) -> {
            final long delivered = position.delivered();
            if (delivered != position.written) {
                moved.put(id, delivered);
            }
        });
        if (!moved.isEmpty()) {
            store.recordDeliveredPositions(moved);
            moved.forEach((id, delivered) -> {
                final Position position = positions.get(id);
                if (position != null) {
                    position.written = delivered;
                }
            });
        }
        return moved.size();
    }

    private void writeQuietly() {
        try {
            write();
            if (failing) {
                failing = false;
                LOG.info("webhook delivered positions written again");
            }
        } catch (final RuntimeException e) {
            // the next interval tries again; what is not written is at worst delivered again after a crash. Once
            // per episode: the store itself logs why, and a full disk fails every interval until space is freed
            if (!failing) {
                failing = true;
                LOG.warn("webhook delivered positions not written ({}); trying every interval", e.getMessage());
            }
        }
    }

    /** Writes what moved one last time (after the orderly stop drained delivery), then stops the timer. */
    @Override
    public void close() {
        timer.shutdownNow();
        writeQuietly();
    }
}
