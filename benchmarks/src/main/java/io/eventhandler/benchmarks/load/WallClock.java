package io.eventhandler.benchmarks.load;

import io.eventhandler.api.EpochMicros;


/**
 * Wall-clock time in epoch microseconds, anchored to the monotonic clock: {@link #toEpochMicros} converts a
 * {@code System.nanoTime()} reading with the offset taken at construction, so that durations stay monotonic while
 * instants stay comparable with the events' ISO-8601 stamps and the subscribers' receipt times.
 */
public final class WallClock {

    private final long anchorEpochMicros;
    private final long anchorNanos;

    /** A clock anchored now. */
    public WallClock() {
        this.anchorNanos = System.nanoTime();
        this.anchorEpochMicros = EpochMicros.now();
    }

    /**
     * The wall-clock instant of a monotonic reading.
     *
     * @param nanos a {@code System.nanoTime()} value
     * @return epoch microseconds
     */
    public long toEpochMicros(final long nanos) {
        return anchorEpochMicros + (nanos - anchorNanos) / 1_000;
    }
}
