package io.eventhandler.core.replication;

/**
 * Counters of a {@link BackupBuffer}.
 *
 * @param held     copies held now
 * @param received copies received in all
 * @param pruned   copies removed because the original reached every subscriber (Table 3.3 Discard)
 * @param evicted  copies pushed out by a full topic buffer before being pruned (a later discard may still show that
 *                 the original was delivered)
 * @param givenUp  evicted copies never discarded, found at take-overs: events the new primary could not dispatch,
 *                 announced to the topic's subscribers as a gap
 * @param topics   topics with copies held
 */
public record BackupBufferStatistics(long held, long received, long pruned, long evicted, long givenUp,
                                     int topics) {
}
