package io.eventhandler.api;

import java.time.Instant;

/**
 * Microseconds since the Unix epoch: the unit of event creation times, validity intervals and latency measurements
 * (finer than Arrowhead's timestamps need, coarse enough for a {@code long}).
 */
public final class EpochMicros {

    private EpochMicros() {
    }

    /** The current wall-clock time. */
    public static long now() {
        return of(Instant.now());
    }

    /** {@code instant} in epoch microseconds (sub-microsecond digits are dropped). */
    public static long of(final Instant instant) {
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
    }

    /** The instant of an epoch-microsecond value. */
    public static Instant toInstant(final long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
    }
}
