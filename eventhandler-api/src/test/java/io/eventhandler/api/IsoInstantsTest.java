package io.eventhandler.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The fast path agrees with {@code Instant.parse} wherever it answers, and declines everything else. */
class IsoInstantsTest {

    @Test
    void agreesWithInstantParseOnRandomInstantsAtEveryFractionLength() {
        final SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 20_000; i++) {
            final Instant instant = Instant.ofEpochSecond(random.nextLong(-62_135_596_800L, 253_402_300_799L),
                    random.nextInt(1_000_000_000));
            final String text = instant.toString();
            assertEquals(Instant.parse(text), IsoInstants.parseSimple(text), text);
            final int dot = text.indexOf('.');
            if (dot > 0) {
                for (int digits = 1; digits <= 9 && dot + 1 + digits < text.length(); digits++) {
                    final String cut = text.substring(0, dot + 1 + digits) + "Z";
                    assertEquals(Instant.parse(cut), IsoInstants.parseSimple(cut), cut);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-02-29T23:59:59Z", "2023-12-31T00:00:00.5Z", "1970-01-01T00:00:00Z",
        "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z", "2026-11-23T09:50:00.123456Z"})
    void parsesTheSimpleFormExactly(final String text) {
        assertEquals(Instant.parse(text), IsoInstants.parseSimple(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-04-31T00:00:00Z",
        "2024-01-01T24:00:00Z", "2024-01-01T10:60:00Z", "2024-01-01T10:00:61Z", "2024-01-01T10:00:00.Z",
        "2024-01-01T10:00:00.1234567890Z", "2024-01-01 10:00:00Z", "2024-01-01T10:00:00z", "2024-1-01T10:00:00Z",
        "2024-01-01T10:00:00+01:00", "+2024-01-01T10:00:00Z", "2024-01-01T10:00Z", "20x4-01-01T10:00:00Z",
        "2024-01-01T10:00:00.12a4Z", ""})
    void declinesEverythingElse(final String text) {
        assertNull(IsoInstants.parseSimple(text), text);
    }

    @Test
    void parseFallsBackToInstantParseForTheRest() {
        assertEquals(Instant.parse("+12024-01-01T10:00:00Z"), IsoInstants.parse("+12024-01-01T10:00:00Z"));
        assertEquals(Instant.parse("2024-01-01T10:00:00+01:00"), IsoInstants.parse("2024-01-01T10:00:00+01:00"));
        assertEquals(Instant.parse("2024-01-01T23:59:60Z"), IsoInstants.parse("2024-01-01T23:59:60Z"));
        assertThrows(DateTimeParseException.class, () -> IsoInstants.parse("2023-02-29T00:00:00Z"));
    }
}
