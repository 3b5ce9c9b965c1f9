package io.eventhandler.core.replication;

/**
 * What a publisher stamps on each event so that its resends can be recognised: its random id and its own counter
 * for the topic (the {@code eh-origin} and {@code eh-seq} metadata of the client library).
 */
public record ResendStamp(String origin, long originSequence) {

    /** The stamp of these two texts, or null if either is missing or the counter is not a number. */
    public static ResendStamp parse(final String origin, final String originSequence) {
        if (origin == null || originSequence == null) {
            return null;
        }
        try {
            return new ResendStamp(origin, Long.parseLong(originSequence));
        } catch (final NumberFormatException e) {
            return null;
        }
    }
}
