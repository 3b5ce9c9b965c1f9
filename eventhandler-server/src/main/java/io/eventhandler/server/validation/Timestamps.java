package io.eventhandler.server.validation;

import io.eventhandler.api.EpochMicros;
import io.eventhandler.api.IsoInstants;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/** ISO-8601 instants as Arrowhead writes them, in microseconds since the epoch. */
public final class Timestamps {

    private Timestamps() {
    }

    /** @throws DateTimeParseException if the text is not an ISO-8601 instant */
    public static long parseMicros(final String text) {
        return EpochMicros.of(parse(text));
    }

    /** @throws DateTimeParseException if the text is not an ISO-8601 instant */
    public static Instant parse(final String text) {
        return IsoInstants.parse(text.trim());
    }

    public static Instant nowMicros() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
