package io.eventhandler.server.history;

/**
 * The durable history's state.
 *
 * @param file           the store file
 * @param reloadedTopics topics reloaded at start
 * @param reloadedEvents events reloaded at start
 * @param movedAside     where an unreadable store file found at start was moved (null if none was)
 * @param writer         the writer's counters and failure
 */
public record DurableHistoryStatus(String file, int reloadedTopics, long reloadedEvents, String movedAside,
                                   HistoryWriterStatus writer) {
}
