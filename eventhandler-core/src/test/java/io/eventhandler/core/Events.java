package io.eventhandler.core;

import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.SystemRef;

import java.util.Map;

/** Drafts for tests. */
public final class Events {

    public static final SystemRef PUBLISHER = SystemRef.of("publisher", "127.0.0.1", 5000);

    private Events() {
    }

    public static EventDraft draft(final String eventType, final String payload) {
        return draft(eventType, payload, null, PUBLISHER, 1_700_000_000_000_000L);
    }

    public static EventDraft draft(final String eventType, final String payload, final Map<String, String> metaData,
                                   final SystemRef source, final long createdMicros) {
        return new EventDraft(eventType, source, metaData, payload, "2023-11-14T22:13:20Z", createdMicros);
    }
}
