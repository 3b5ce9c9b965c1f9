package io.eventhandler.api;

/**
 * The data of an SSE {@code gap} event: the stream could not deliver the events with ids
 * {@code firstMissingId..lastMissingId} of {@code eventType}. Sent instead of silently skipping them.
 *
 * @param eventType      the topic of the stream
 * @param firstMissingId first sequence number not delivered
 * @param lastMissingId  last sequence number not delivered
 * @param missed         how many events are missing
 * @param reason         {@link #REASON_HISTORY}, {@link #REASON_OVERFLOW}, {@link #REASON_RESET} or
 *                       {@link #REASON_FAILOVER}
 */
public record GapNotice(
        String eventType,
        long firstMissingId,
        long lastMissingId,
        long missed,
        String reason) {

    /** The requested {@code Last-Event-ID} is older than the history the Event Handler still holds. */
    public static final String REASON_HISTORY = "history";
    /** The subscriber's queue overflowed and events were dropped for it. */
    public static final String REASON_OVERFLOW = "overflow";
    /** The requested {@code Last-Event-ID} is ahead of the topic: the Event Handler restarted its sequence. */
    public static final String REASON_RESET = "reset";
    /** A backup took over without these events: its buffer had given up their copies (counted, see the pair). */
    public static final String REASON_FAILOVER = "failover";
}
