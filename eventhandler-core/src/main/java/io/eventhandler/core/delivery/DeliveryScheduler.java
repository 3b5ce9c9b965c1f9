package io.eventhandler.core.delivery;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.outbox.FanOut;
import io.eventhandler.core.outbox.FanOutObserver;

/**
 * Decides when an accepted event is fanned out to its topic's subscribers: at once on the accepting thread, or as a
 * job of an earliest-deadline-first queue ({@link EdfScheduler}). Whatever the order of its calls,
 * {@link FanOut#dispatchUpTo} keeps each subscriber's queue in sequence order.
 */
public interface DeliveryScheduler {

    /** Fans out on the accepting thread: the broker on its own, as in unit tests. */
    DeliveryScheduler IMMEDIATE = (topic, event) -> topic.dispatchUpTo(event.sequence(), FanOutObserver.NONE);

    /** The topic has accepted the event; arrange for {@code topic.dispatchUpTo(event.sequence(), …)} to run. */
    void schedule(FanOut topic, Event event);

    /**
     * A copy recovered by a promoted backup is in the topic: dispatch it like a new event, with deadlines from its
     * original creation time and no replication (the promoted broker has no backup yet).
     */
    default void scheduleRecovered(final FanOut topic, final Event event) {
        schedule(topic, event);
    }
}
