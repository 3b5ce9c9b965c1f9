package io.eventhandler.core.topic;

import io.eventhandler.core.event.Event;

import java.util.ArrayList;
import java.util.List;

/**
 * The last {@code capacity} events of one topic, for {@code Last-Event-ID} replay. Not thread-safe: the owning
 * {@link Topic} guards it with its lock. Sequence numbers only increase but need not be contiguous: a promoted backup
 * holds the copies it recovered under their original numbers, then continues in a new epoch.
 */
final class TopicHistory {

    private final Event[] ring;
    /** Slot of the oldest held event. */
    private int head;
    private int count;
    private long newest;
    /** The highest sequence number pushed out of the ring: what a resume can no longer be given. */
    private long evictedThrough;

    TopicHistory(final int capacity) {
        this.ring = new Event[capacity];
    }

    void add(final Event event) {
        if (event.sequence() <= newest) {
            throw new IllegalArgumentException("history sequence must increase: " + event.sequence() + " after "
                    + newest);
        }
        newest = event.sequence();
        if (ring.length == 0) {
            evictedThrough = newest;
            return;
        }
        if (count == ring.length) {
            evictedThrough = ring[head].sequence();
            ring[head] = event;
            head = (head + 1) % ring.length;
        } else {
            ring[(head + count) % ring.length] = event;
            count++;
        }
    }

    /** No event numbered {@code base} or below will be added: when none is held, the next one is above it. */
    void continueAbove(final long base) {
        newest = Math.max(newest, base);
    }

    /** Sequence number of the oldest event still held, or {@code newest + 1} when none is held. */
    long oldest() {
        return count == 0 ? newest + 1 : ring[head].sequence();
    }

    /** The highest sequence number no longer held (0 if none was ever evicted). */
    long evictedThrough() {
        return evictedThrough;
    }

    int size() {
        return count;
    }

    /** The held events with a sequence number greater than {@code after}, oldest first. */
    List<Event> after(final long after) {
        int low = 0;
        int high = count;
        while (low < high) { // first held index with sequence > after
            final int mid = (low + high) >>> 1;
            if (at(mid).sequence() <= after) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        final List<Event> events = new ArrayList<>(count - low);
        for (int i = low; i < count; i++) {
            events.add(at(i));
        }
        return events;
    }

    private Event at(final int index) {
        return ring[(head + index) % ring.length];
    }
}
