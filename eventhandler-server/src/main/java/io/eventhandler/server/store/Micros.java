package io.eventhandler.server.store;

import java.time.Instant;

/** Instants as the store's {@code BIGINT} columns hold them: microseconds since the epoch. */
final class Micros {

    private Micros() {
    }

    static long of(final Instant instant) {
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
    }

    static Instant toInstant(final long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
    }
}
