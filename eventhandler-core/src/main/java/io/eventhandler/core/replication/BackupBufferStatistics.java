package io.eventhandler.core.replication;

/**
 * Counters of a {@link BackupBuffer}.
 *
 * @param held     copies held now
 * @param received copies received in all
 * @param pruned   copies removed because the primary dispatched the original (Table 3.3 Discard)
 * @param evicted  copies pushed out by a full topic buffer before being pruned: each is a message a failover could
 *                 not recover
 * @param topics   topics with copies held
 */
public record BackupBufferStatistics(long held, long received, long pruned, long evicted, int topics) {
}
