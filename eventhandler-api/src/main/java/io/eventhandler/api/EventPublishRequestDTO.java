package io.eventhandler.api;

import java.util.Map;

/**
 * The body of {@code POST /eventhandler/publish} ({@code EventPublishRequestDTO} of Arrowhead 4.6).
 *
 * @param eventType the topic; matched case-insensitively
 * @param source    the publishing system
 * @param metaData  optional key/value pairs that subscriptions may filter on
 * @param payload   the event's content, a non-blank string
 * @param timeStamp ISO-8601 instant of the event's creation (fractions allowed); filled in by the Event Handler
 *                  when blank
 */
public record EventPublishRequestDTO(
        String eventType,
        SystemRequestDTO source,
        Map<String, String> metaData,
        String payload,
        String timeStamp) {
}
