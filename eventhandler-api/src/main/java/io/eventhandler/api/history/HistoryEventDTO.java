package io.eventhandler.api.history;

import io.eventhandler.api.SystemRequestDTO;

import java.util.Map;

/**
 * One event of a topic's history, as {@code GET /eventhandler/mgmt/events} lists it.
 *
 * @param sequence  the number its topic gave it (the SSE {@code id})
 * @param eventType the event type as published
 * @param source    the publisher
 * @param metaData  the publisher's metadata, or null
 * @param payload   the payload
 * @param timeStamp the creation instant as published
 */
public record HistoryEventDTO(long sequence, String eventType, SystemRequestDTO source, Map<String, String> metaData,
                              String payload, String timeStamp) {
}
