package io.eventhandler.api.history;

import java.util.List;

/**
 * A page of a topic's history: the events numbered above {@code after}, oldest first, at most {@code limit}.
 *
 * @param eventType    the topic (normalised)
 * @param mode         the history mode (MEMORY or DURABLE)
 * @param lastSequence the highest number the topic has given
 * @param oldest       the number of the oldest event still held ({@code lastSequence + 1} when none is)
 * @param after        the {@code after} asked for
 * @param events       the page
 * @param nextAfter    the {@code after} of the next page: the last listed number, or {@code after} if none
 * @param more         whether held events follow this page
 */
public record HistoryPageDTO(String eventType, String mode, long lastSequence, long oldest, long after,
                             List<HistoryEventDTO> events, long nextAfter, boolean more) {
}
