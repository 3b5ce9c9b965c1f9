package io.eventhandler.core.topic;

import io.eventhandler.core.event.Event;

import java.util.ArrayList;
import java.util.List;

/**
 * The last {@code capacity} events of one topic, for {@code Last-Event-ID} replay. Not thread-safe: the owning
 * {@link Topic} guards it with its lock. Sequence numbers are contiguous, so slot = sequence mod capacity.
 */
final class TopicHistory {

    private final Event[] ring;
    private long newest;

    TopicHistory(final int capacity) {
        this.ring = new Event[capacity];
    }

    void add(final Event event) {
        if (ring.length > 0) {
            ring[(int) (event.sequence() % ring.length)] = event;
        }
        newest = event.sequence();
    }

    /** Sequence number of the oldest event still held, or {@code newest + 1} when none is held. */
    long oldest() {
        return Math.max(1, newest - ring.length + 1);
    }

    int size() {
        return (int) Math.min(newest, ring.length);
    }

    /** The held events with a sequence number greater than {@code after}, oldest first. */
    List<Event> after(final long after) {
        final long from = Math.max(after + 1, oldest());
        final List<Event> events = new ArrayList<>((int) Math.max(0, newest - from + 1));
        for (long seq = from; seq <= newest; seq++) {
            events.add(ring[(int) (seq % ring.length)]);
        }
        return events;
    }
}
