package io.eventhandler.core.event;

/**
 * A run of sequence numbers a subscriber will not receive, told to it in order instead of being skipped silently.
 *
 * @param topic          the topic
 * @param firstMissingId first sequence number not delivered (for {@link Reason#RESET}: the first id that follows)
 * @param lastMissingId  last sequence number not delivered (for {@link Reason#RESET}: the id the subscriber asked
 *                       to resume after)
 * @param reason         why
 */
public record Gap(String topic, long firstMissingId, long lastMissingId, Reason reason) implements OutboxItem {

    /** Why events are missing. */
    public enum Reason {
        /** The resume point is older than what the topic's history still holds. */
        HISTORY,
        /** The subscriber's queue was full and events were dropped for it. */
        OVERFLOW,
        /** The resume point is ahead of the topic: the sequence restarted. Ids start again at firstMissingId. */
        RESET,
        /** A backup took over without the copies of these events: its buffer had to give them up. */
        FAILOVER
    }

    /** How many events are missing (0 for a reset). */
    public long missed() {
        return reason == Reason.RESET ? 0 : lastMissingId - firstMissingId + 1;
    }
}
