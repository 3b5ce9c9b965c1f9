package io.eventhandler.server.calibration;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed number of durations of one stage, in nanoseconds: the latest {@code capacity} recorded are kept (a ring),
 * so that a long calibration ends with the samples of a warm JIT rather than those of its first seconds, which a
 * capacity model must not take for the server's service times. Recording is one increment and one array store,
 * and allocates nothing.
 */
final class StageSamples {

    private final long[] nanos;
    private final AtomicInteger next = new AtomicInteger();

    StageSamples(final int capacity) {
        this.nanos = new long[capacity];
    }

    void record(final long duration) {
        final int index = next.getAndIncrement();
        nanos[Math.floorMod(index, nanos.length)] = duration;
    }

    /** Samples kept, oldest first; call when recording has stopped (no happens-before otherwise). */
    long[] snapshot() {
        final int offered = next.get();
        final int count = Math.min(offered, nanos.length);
        final long[] copy = new long[count];
        final int oldest = offered <= nanos.length ? 0 : Math.floorMod(offered, nanos.length);
        for (int i = 0; i < count; i++) {
            copy[i] = nanos[(oldest + i) % nanos.length];
        }
        return copy;
    }

    /** Samples offered, kept or not. */
    int offered() {
        return next.get();
    }
}
