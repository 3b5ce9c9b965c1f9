package io.eventhandler.core.topic;

/**
 * What a topic's history may hold: at most {@code maxEvents} events, at most {@code maxBytes} of their encoded
 * notifications, none accepted longer than {@code maxAgeNanos} ago. The oldest go first when any bound is exceeded.
 *
 * @param maxEvents   events kept (0 = none)
 * @param maxBytes    bytes of encoded notifications kept (0 = no byte bound)
 * @param maxAgeNanos age of the oldest kept event (0 = no age bound)
 */
public record HistoryBounds(int maxEvents, long maxBytes, long maxAgeNanos) {

    public HistoryBounds {
        if (maxEvents < 0 || maxBytes < 0 || maxAgeNanos < 0) {
            throw new IllegalArgumentException("history bounds must not be negative: " + maxEvents + " events, "
                    + maxBytes + " bytes, " + maxAgeNanos + " ns");
        }
    }

    /** Only a count bound. */
    public static HistoryBounds count(final int maxEvents) {
        return new HistoryBounds(maxEvents, 0, 0);
    }

    /** Whether an event this many bytes, with this many bytes and events already kept before it, goes over. */
    public boolean exceeded(final int events, final long bytes) {
        return events > maxEvents || (maxBytes > 0 && bytes > maxBytes);
    }

    /** Whether an event accepted at {@code acceptedNanos} is too old at {@code nowNanos}. */
    public boolean expired(final long acceptedNanos, final long nowNanos) {
        return maxAgeNanos > 0 && nowNanos - acceptedNanos > maxAgeNanos;
    }
}
