package io.eventhandler.server.history;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.StoredEvent;
import io.eventhandler.core.event.SystemRef;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The stored form of an event gives back exactly what was published, and its header is readable on its own. */
class HistoryRecordsTest {

    private static Event event(final Map<String, String> metaData, final String payload) {
        final EventDraft draft = new EventDraft("Temperature.Ü", SystemRef.of("sensör-1", "10.0.0.7", 8080), metaData,
                payload, "2026-11-23T18:00:00.123456Z", 1_795_000_000_123_456L);
        return new Event("temperature.ü", 42, draft, new byte[321], 0);
    }

    @Test
    void everyFieldComesBackAsPublished() {
        final Map<String, String> metaData = new LinkedHashMap<>();
        metaData.put("unit", "°C");
        metaData.put("empty", "");
        final Event event = event(metaData, "{\"v\": 21.5, \"note\": \"ß\\n\"}");
        final byte[] record = HistoryRecords.encode(event, 1_795_000_000_999L);
        final StoredEvent stored = HistoryRecords.decode(42, record);
        assertEquals(42, stored.sequence());
        assertEquals(1_795_000_000_999L, stored.acceptedEpochMillis());
        final EventDraft draft = stored.draft();
        assertEquals(event.eventType(), draft.eventType());
        assertEquals(event.source(), draft.source());
        assertEquals(metaData, draft.metaData());
        assertEquals(event.payload(), draft.payload());
        assertEquals(event.timeStamp(), draft.timeStamp());
        assertEquals(event.createdEpochMicros(), draft.createdEpochMicros());
        assertEquals(1_795_000_000_999L, HistoryRecords.acceptedEpochMillis(record));
        assertEquals(321, HistoryRecords.encodedLength(record), "the notification's size, for the byte bound");
    }

    @Test
    void absentMetaDataStaysAbsentAndAnUnknownVersionIsRefused() {
        final byte[] record = HistoryRecords.encode(event(null, ""), 1);
        assertEquals(null, HistoryRecords.decode(1, record).draft().metaData());
        assertEquals("", HistoryRecords.decode(1, record).draft().payload());
        record[0] = 9;
        assertThrows(IllegalStateException.class, () -> HistoryRecords.decode(1, record));
    }
}
