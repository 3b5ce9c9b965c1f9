package io.eventhandler.server.calibration;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed number of durations of one stage, in nanoseconds: the first {@code capacity} recorded are kept, the rest
 * dropped (counted). Recording is one increment and one array store, and allocates nothing.
 */
final class StageSamples {

    private final long[] nanos;
    private final AtomicInteger next = new AtomicInteger();

    StageSamples(final int capacity) {
        this.nanos = new long[capacity];
    }

    void record(final long duration) {
        final int index = next.getAndIncrement();
        if (index < nanos.length) {
            nanos[index] = duration;
        }
    }

    /** Samples kept, in recording order; call when recording has stopped (no happens-before otherwise). */
    long[] snapshot() {
        final int count = Math.min(next.get(), nanos.length);
        final long[] copy = new long[count];
        System.arraycopy(nanos, 0, copy, 0, count);
        return copy;
    }

    /** Samples offered, kept or not. */
    int offered() {
        return next.get();
    }
}
