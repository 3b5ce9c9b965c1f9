package io.eventhandler.benchmarks.load;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * The open-loop schedule of one publisher: event {@code i} is due at {@code start + i × interval}, whatever happened
 * to the events before it. A publisher that falls behind sends at once, without skipping, so its lag shows up as
 * latency measured from the intended instant instead of disappearing (coordinated omission). With an interval of 0
 * every event is due immediately (back-to-back). Owned by one publisher thread.
 */
public final class RatePacer {

    private final long intervalNanos;
    private final LongSupplier nanoClock;
    private long startNanos;

    /**
     * A pacer.
     *
     * @param intervalNanos nanoseconds between two events, 0 for back-to-back
     * @param nanoClock     monotonic clock, {@code System::nanoTime} outside tests
     */
    public RatePacer(final long intervalNanos, final LongSupplier nanoClock) {
        this.intervalNanos = intervalNanos;
        this.nanoClock = nanoClock;
    }

    /** Starts the schedule now: event 0 is due at once. */
    public void start() {
        startNanos = nanoClock.getAsLong();
    }

    /**
     * When event {@code i} is due.
     *
     * @param i the event's index in this schedule
     * @return its intended send instant on the nano clock
     */
    public long intendedNanos(final long i) {
        return startNanos + i * intervalNanos;
    }

    /**
     * Waits until event {@code i} is due (at once when it is already late or the pacer is back-to-back).
     *
     * @param i the event's index in this schedule
     * @return its intended send instant; for back-to-back, the current instant
     */
    public long awaitSlot(final long i) {
        if (intervalNanos == 0) {
            return nanoClock.getAsLong();
        }
        final long due = intendedNanos(i);
        long remaining;
        while ((remaining = due - nanoClock.getAsLong()) > 0) {
            LockSupport.parkNanos(remaining);
        }
        return due;
    }

    /** The interval, 0 for back-to-back. */
    public long intervalNanos() {
        return intervalNanos;
    }
}
