package io.eventhandler.server.api;

import io.eventhandler.api.IsoInstants;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/** ISO-8601 instants as Arrowhead writes them, in microseconds since the epoch. */
final class Timestamps {

    private Timestamps() {
    }

    /** @throws DateTimeParseException if the text is not an ISO-8601 instant */
    static long parseMicros(final String text) {
        return toMicros(parse(text));
    }

    /** @throws DateTimeParseException if the text is not an ISO-8601 instant */
    static Instant parse(final String text) {
        return IsoInstants.parse(text.trim());
    }

    static long toMicros(final Instant instant) {
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
    }

    static Instant fromMicros(final long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
    }

    static Instant nowMicros() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
