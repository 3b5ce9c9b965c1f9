package io.eventhandler.api;

import java.util.Map;

/**
 * An event as subscribers receive it ({@code EventDTO} of Arrowhead 4.6): the body of a webhook {@code POST} and
 * the {@code data} of an SSE event. The event type is the string as published.
 *
 * @param eventType the event type as the publisher wrote it
 * @param metaData  the publisher's metadata, or null
 * @param payload   the publisher's payload
 * @param timeStamp ISO-8601 instant of the event's creation
 */
public record EventDTO(
        String eventType,
        Map<String, String> metaData,
        String payload,
        String timeStamp) {
}
