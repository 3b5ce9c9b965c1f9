package io.eventhandler.core.event;

import java.util.Locale;

/** Event types are topics matched case-insensitively, as in Arrowhead (which upper-cases them). */
public final class TopicName {

    private TopicName() {
    }

    /** The key under which an event type's topic is kept. */
    public static String normalise(final String eventType) {
        return eventType.trim().toUpperCase(Locale.ROOT);
    }
}
