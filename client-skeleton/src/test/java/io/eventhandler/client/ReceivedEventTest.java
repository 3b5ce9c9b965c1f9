package io.eventhandler.client;

import io.eventhandler.api.EpochMicros;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.api.EventDTO;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ReceivedEventTest {

    private static EventDTO stamped(final String timeStamp) {
        return new EventDTO("TEMPERATURE", null, "21.5", timeStamp);
    }

    @Test
    void createdTimeAndLatencyInMicroseconds() {
        final long created = Instant.parse("2024-03-19T10:31:17.123456Z").getEpochSecond() * 1_000_000L + 123_456;
        final ReceivedEvent event = new ReceivedEvent(7, stamped("2024-03-19T10:31:17.123456Z"), created + 850);

        assertEquals(created, event.createdEpochMicros());
        assertEquals(850, event.latencyMicros());
    }

    @Test
    void secondPrecisionAndNanosecondStampsAreAccepted() {
        assertEquals(1_710_844_277_000_000L, new ReceivedEvent(1, stamped("2024-03-19T10:31:17Z"), 0).createdEpochMicros());
        assertEquals(1_710_844_277_000_001L,
                new ReceivedEvent(1, stamped("2024-03-19T10:31:17.000001999Z"), 0).createdEpochMicros());
    }

    @Test
    void missingOrMalformedStampIsReported() {
        assertThrows(IllegalStateException.class, () -> new ReceivedEvent(1, stamped(null), 0).createdEpochMicros());
        final IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new ReceivedEvent(1, stamped("2024-03-19 10:31:17"), 0).createdEpochMicros());
        assertTrue(e.getMessage().contains("2024-03-19 10:31:17"));
    }

    @Test
    void publisherStampsHaveMicrosecondPrecisionAndParseBack() {
        final long before = EpochMicros.now();
        final String stamp = EventPublisher.now();
        final long after = EpochMicros.now();

        assertTrue(stamp.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{3}|\\.\\d{6})?Z"), stamp);
        final long parsed = new ReceivedEvent(1, stamped(stamp), 0).createdEpochMicros();
        assertTrue(parsed >= before && parsed <= after, before + " <= " + parsed + " <= " + after);
    }
}
