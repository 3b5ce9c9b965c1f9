package io.eventhandler.server.observability;

import java.util.HashSet;
import java.util.Set;

/**
 * Which topics get metric series of their own: the first {@code limit} topics seen keep theirs for the life of the
 * process, every later one is summed into {@value #OTHER}. Topics are named by publishers, so without a cap their
 * number, and the scraper's memory, would be theirs to choose. Thread-safe.
 */
final class TopicSeries {

    /** The label of every topic beyond the limit. */
    static final String OTHER = "_other";

    private final int limit;
    private final Set<String> own = new HashSet<>();

    TopicSeries(final int limit) {
        this.limit = limit;
    }

    /** The {@code topic} label of this topic's series. */
    synchronized String label(final String topic) {
        if (own.contains(topic)) {
            return topic;
        }
        if (own.size() < limit && !OTHER.equals(topic)) {
            own.add(topic);
            return topic;
        }
        return OTHER;
    }
}
