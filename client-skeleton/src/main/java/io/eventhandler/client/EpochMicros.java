package io.eventhandler.client;

import java.time.Instant;

/** Microseconds since the Unix epoch, the unit of the client's latency measurements. */
final class EpochMicros {

    private EpochMicros() {
    }

    /** The current wall-clock time in epoch microseconds. */
    static long now() {
        return of(Instant.now());
    }

    /** {@code instant} in epoch microseconds (sub-microsecond digits are dropped). */
    static long of(final Instant instant) {
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
    }
}
