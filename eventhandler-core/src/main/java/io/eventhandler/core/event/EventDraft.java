package io.eventhandler.core.event;

import java.util.Map;

/**
 * A validated event before the broker has sequenced it.
 *
 * @param eventType          the event type as published (the topic is its normalised form)
 * @param source             the publishing system
 * @param metaData           the publisher's metadata, unmodifiable, or null
 * @param payload            the payload
 * @param timeStamp          the creation instant as an ISO-8601 string, as subscribers will see it
 * @param createdEpochMicros the creation instant in microseconds since the epoch (wall clock)
 */
public record EventDraft(
        String eventType,
        SystemRef source,
        Map<String, String> metaData,
        String payload,
        String timeStamp,
        long createdEpochMicros) {

    /** The topic this event belongs to. */
    public String topic() {
        return TopicName.normalise(eventType);
    }
}
