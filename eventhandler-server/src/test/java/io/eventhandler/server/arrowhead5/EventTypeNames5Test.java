package io.eventhandler.server.arrowhead5;

import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.config.Arrowhead5Configuration;
import io.eventhandler.server.http.ArrowheadException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EventTypeNames5Test {

    private static final String ORIGIN = "/eventhandler/publish";

    private final EventTypeNames5 names = EventTypeNames5.of(new Arrowhead5Configuration("EventHandler",
            Arrowhead5Configuration.Identity.DECLARED, true, "127.0.0.1", 8445, 30_000,
            "TEMPERATURE_READING:temperatureReading, EVENT_TYPE_1:eventType1"));

    @Test
    void mappedNamesBecomeTheirFiveNamesAndBack() {
        assertEquals("temperatureReading", names.toFive("TEMPERATURE_READING", ORIGIN));
        assertEquals("eventType1", names.toFive("EVENT_TYPE_1", ORIGIN));
        assertEquals("EVENT_TYPE_1", names.fromFive("eventType1"));
    }

    @Test
    void fiveNamesAreThemselves() {
        assertEquals("pressureAlarm", names.toFive("pressureAlarm", ORIGIN));
        assertEquals("x", names.toFive("x", ORIGIN));
        assertEquals("pressureAlarm", names.fromFive("pressureAlarm"));
    }

    @Test
    void anUnmappedOldNameIsRefusedNeverNormalised() {
        final ArrowheadException refused = assertThrows(ArrowheadException.class,
                () -> names.toFive("EVENT_TYPE_2", ORIGIN));
        assertEquals(400, refused.status());
        assertEquals(ExceptionType.INVALID_PARAMETER, refused.type());
        assertTrue(refused.getMessage().startsWith("Event type EVENT_TYPE_2 is not an Arrowhead 5 event type name"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("eh.ah5.event.types"), refused.getMessage());
    }

    @Test
    void tooLongAndInvalidFiveNamesAreRefused() {
        assertThrows(ArrowheadException.class, () -> names.toFive("a".repeat(64), ORIGIN));
        assertThrows(ArrowheadException.class, () -> names.toFive("temperature alarm!", ORIGIN));
        assertThrows(ArrowheadException.class, () -> names.toFive("TemperatureAlarm", ORIGIN));
        assertEquals("a".repeat(63), names.toFive("a".repeat(63), ORIGIN));
    }

    @Test
    void mappedTypesAreKeptUnderTheirOldNameWhicheverNameTheClientGives() {
        assertEquals("TEMPERATURE_READING", names.kept("temperatureReading", ORIGIN));
        assertEquals("TEMPERATURE_READING", names.kept("temperature_reading", ORIGIN));
        assertEquals("temperatureReading", names.fiveOfKept("TEMPERATURE_READING"));
    }

    @Test
    void otherFiveNamesAreKeptInUpperSnakeCaseAndComeBackExactly() {
        for (final String five : new String[]{"pressureAlarm", "x", "iOSAlarm", "temp2x", "tempX2", "aBC1d"}) {
            final String kept = names.kept(five, ORIGIN);
            assertEquals(kept.toUpperCase(java.util.Locale.ROOT), kept, five);
            assertEquals(five, names.fiveOfKept(kept), five);
        }
        assertEquals("PRESSURE_ALARM", names.kept("pressureAlarm", ORIGIN));
    }

    @Test
    void aFiveNameWhoseKeptFormIsAnotherMappedTypeIsRefused() {
        final EventTypeNames5 clashing = new EventTypeNames5(Map.of("TEMPERATURE_READING", "tempReading"));
        final ArrowheadException refused = assertThrows(ArrowheadException.class,
                () -> clashing.kept("temperatureReading", ORIGIN));
        assertEquals(400, refused.status());
        assertTrue(refused.getMessage().contains("use tempReading"), refused.getMessage());
    }

    @Test
    void aBadMappingIsRefusedByTheConfiguration() {
        for (final String bad : new String[]{"EVENT_TYPE_1:eVENT_TYPE_1", "EVENT_TYPE_1", "A:a,B:a", "A:a,A:b"}) {
            assertThrows(IllegalArgumentException.class, () -> new Arrowhead5Configuration("EventHandler",
                    Arrowhead5Configuration.Identity.DECLARED, true, "h", 8445, 1, bad).eventTypeMapping(), bad);
        }
    }
}
