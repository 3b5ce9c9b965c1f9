package io.eventhandler.server.history;

/**
 * The body of {@code GET /eventhandler/mgmt/history}.
 *
 * @param mode     OFF, MEMORY or DURABLE
 * @param sync     whether every publish waits for its event to be durable
 * @param fsync    whether commits are forced to the disk
 * @param commitIntervalMs how long the writer gathers after a commit nobody waited for
 * @param maxEvents      the count bound per topic
 * @param maxBytes       the byte bound per topic (0 = none)
 * @param maxAgeSeconds  the age bound (0 = none)
 * @param memoryMaxBytes the heap budget of all topics' in-memory histories together (0 = none)
 * @param memoryHeldBytes what they are counted as holding now
 * @param trimmedForMemory events dropped from a history to keep within the budget
 * @param durable  the durable store's state (null unless DURABLE)
 */
public record HistoryStatus(String mode, boolean sync, boolean fsync, int commitIntervalMs, int maxEvents, long maxBytes,
                            long maxAgeSeconds, long memoryMaxBytes, long memoryHeldBytes, long trimmedForMemory,
                            DurableHistoryStatus durable) {
}
