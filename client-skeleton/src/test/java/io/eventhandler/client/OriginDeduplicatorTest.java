package io.eventhandler.client;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.api.EventDTO;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OriginDeduplicatorTest {

    private final OriginDeduplicator deduplicator = new OriginDeduplicator(2);

    private static EventDTO stamped(final String eventType, final String origin, final String seq) {
        final Map<String, String> metaData = new HashMap<>();
        metaData.put("unit", "celsius");
        if (origin != null) {
            metaData.put("eh-origin", origin);
        }
        if (seq != null) {
            metaData.put("eh-seq", seq);
        }
        return new EventDTO(eventType, metaData, "p", null);
    }

    @Test
    void aStampSeenBeforeIsADuplicateOfTheSameOriginAndTopic() {
        assertFalse(deduplicator.isDuplicate(stamped("temperature", "a", "1")));
        assertFalse(deduplicator.isDuplicate(stamped("temperature", "a", "2")));
        assertTrue(deduplicator.isDuplicate(stamped(" TEMPERATURE ", "a", "1")), "the same topic, as the server sees it");
        assertFalse(deduplicator.isDuplicate(stamped("pressure", "a", "1")), "another topic has its own counter");
        assertFalse(deduplicator.isDuplicate(stamped("temperature", "b", "1")), "another publisher");
    }

    @Test
    void unstampedEventsAlwaysPass() {
        for (int i = 0; i < 2; i++) {
            assertFalse(deduplicator.isDuplicate(new EventDTO("t", null, "p", null)));
            assertFalse(deduplicator.isDuplicate(stamped("t", null, "1")));
            assertFalse(deduplicator.isDuplicate(stamped("t", "a", null)));
            assertFalse(deduplicator.isDuplicate(stamped("t", "a", "x")));
            assertFalse(deduplicator.isDuplicate(stamped("t", "a", "0")));
        }
    }

    @Test
    void aForgottenEventPassesOnceMore() {
        final EventDTO event = stamped("t", "a", "3");
        assertFalse(deduplicator.isDuplicate(event));
        deduplicator.forget(event);
        assertFalse(deduplicator.isDuplicate(event));
        assertTrue(deduplicator.isDuplicate(event));
    }

    @Test
    void theLeastRecentlyUsedOriginIsForgottenBeyondTheLimit() {
        assertFalse(deduplicator.isDuplicate(stamped("t", "a", "1")));
        assertFalse(deduplicator.isDuplicate(stamped("t", "b", "1")));
        assertTrue(deduplicator.isDuplicate(stamped("t", "a", "1")), "a is used again, b is now the eldest");
        assertFalse(deduplicator.isDuplicate(stamped("t", "c", "1")));
        assertTrue(deduplicator.isDuplicate(stamped("t", "a", "1")));
        assertFalse(deduplicator.isDuplicate(stamped("t", "b", "1")), "b was evicted and starts afresh");
    }
}
