package io.eventhandler.core.topic;

import io.eventhandler.core.event.Event;

import java.util.ArrayList;
import java.util.List;

/**
 * The last events of one topic within its {@link HistoryBounds} (count, bytes, age), for {@code Last-Event-ID}
 * replay. Not thread-safe: the owning {@link Topic} guards it with its lock. Sequence numbers only increase but need
 * not be contiguous: a promoted backup holds the copies it recovered under their original numbers, then continues in
 * a new epoch.
 */
final class TopicHistory {

    private final HistoryBounds bounds;
    private final HistoryBudget budget;
    private final Event[] ring;
    /** Slot of the oldest held event. */
    private int head;
    private int count;
    /** Encoded bytes of the held events. */
    private long bytes;
    /** Heap the held events are counted for in the {@link HistoryBudget}. */
    private long cost;
    private long newest;
    /** The highest sequence number pushed out of the ring: what a resume can no longer be given. */
    private long evictedThrough;

    TopicHistory(final int capacity) {
        this(HistoryBounds.count(capacity), new HistoryBudget(0));
    }

    TopicHistory(final HistoryBounds bounds, final HistoryBudget budget) {
        this.bounds = bounds;
        this.budget = budget;
        this.ring = new Event[bounds.maxEvents()];
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
        final long costBefore = cost;
        final int countBefore = count;
        if (count == ring.length) {
            evictOldest();
        }
        ring[(head + count) % ring.length] = event;
        count++;
        bytes += event.encoded().length;
        cost += HistoryBudget.cost(event);
        while (count > 0 && bounds.exceeded(count, bytes)) {
            evictOldest(); // may evict the new event itself, when it alone is larger than the byte bound
        }
        dropExpired(event.acceptedNanos());
        if (settle(costBefore, countBefore)) {
            trimToShare();
        }
    }

    /** Drop what is older than the age bound at {@code nowNanos}. */
    void expire(final long nowNanos) {
        final long costBefore = cost;
        final int countBefore = count;
        dropExpired(nowNanos);
        settle(costBefore, countBefore);
    }

    /**
     * While the budget is exceeded, drop the oldest events until this history holds no more than its share (even
     * the newest: an event larger than the share is not kept for replay).
     *
     * @return how many events were dropped
     */
    int trimToShare() {
        if (!budget.exceeded()) {
            return 0;
        }
        final long costBefore = cost;
        final int countBefore = count;
        final long share = budget.share();
        while (count > 0 && cost > share) {
            evictOldest();
        }
        final int trimmed = countBefore - count;
        if (trimmed > 0) {
            budget.trimmed(trimmed);
            settle(costBefore, countBefore);
        }
        return trimmed;
    }

    private void dropExpired(final long nowNanos) {
        while (count > 0 && bounds.expired(ring[head].acceptedNanos(), nowNanos)) {
            evictOldest();
        }
    }

    /** Tell the budget what changed since {@code costBefore}, {@code countBefore}; whether it is now exceeded. */
    private boolean settle(final long costBefore, final int countBefore) {
        if ((countBefore == 0) != (count == 0)) {
            budget.holding(count > 0);
        }
        return budget.add(cost - costBefore);
    }

    private void evictOldest() {
        final Event oldest = ring[head];
        evictedThrough = oldest.sequence();
        bytes -= oldest.encoded().length;
        cost -= HistoryBudget.cost(oldest);
        ring[head] = null;
        head = (head + 1) % ring.length;
        count--;
    }

    /** No event numbered {@code base} or below will be added: when none is held, the next one is above it. */
    void continueAbove(final long base) {
        newest = Math.max(newest, base);
    }

    /**
     * After a reload: whatever was numbered up to {@code through} and is not held is gone for good (a resume from
     * before it is told of a gap, not of a reset).
     */
    void lostThrough(final long through) {
        evictedThrough = Math.max(evictedThrough, through);
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

    long bytes() {
        return bytes;
    }

    /** Heap the held events are counted for in the budget. */
    long cost() {
        return cost;
    }

    /** The held events with a sequence number greater than {@code after}, oldest first. */
    List<Event> after(final long after) {
        return after(after, Integer.MAX_VALUE);
    }

    /** At most {@code limit} held events with a sequence number greater than {@code after}, oldest first. */
    List<Event> after(final long after, final int limit) {
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
        final int end = (int) Math.min(count, (long) low + limit);
        final List<Event> events = new ArrayList<>(end - low);
        for (int i = low; i < end; i++) {
            events.add(at(i));
        }
        return events;
    }

    private Event at(final int index) {
        return ring[(head + index) % ring.length];
    }
}
