package io.eventhandler.core.broker;

import io.eventhandler.core.delivery.OutboxListener;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.topic.Topic;

/**
 * Decides when an accepted event is fanned out to its topic's subscribers: at once on the accepting thread, or as a
 * job of an earliest-deadline-first queue. Whatever the order of its calls, {@link Topic#dispatchUpTo} keeps each
 * subscriber's queue in sequence order.
 */
public interface DeliveryScheduler {

    /** Fans out on the accepting thread, with no accounting: the broker on its own, as in unit tests. */
    DeliveryScheduler IMMEDIATE = new DeliveryScheduler() {
        @Override
        public void schedule(final Topic topic, final Event event) {
            topic.dispatchUpTo(event.sequence());
        }

        @Override
        public OutboxListener listenerFor(final String topic, final String subscriber,
                                          final boolean receivesEverything) {
            return OutboxListener.NONE;
        }
    };

    /** The topic has accepted the event; arrange for {@code topic.dispatchUpTo(event.sequence())} to run. */
    void schedule(Topic topic, Event event);

    /**
     * A copy recovered by a promoted backup is in the topic: dispatch it like a new event, with deadlines from its
     * original creation time and no replication (the promoted broker has no backup yet).
     */
    default void scheduleRecovered(final Topic topic, final Event event) {
        schedule(topic, event);
    }

    /**
     * What a new subscriber's queue reports each event's fate to.
     *
     * @param receivesEverything whether it wants every event of the topic (no filter), so a sequence it never gets
     *                           is a loss
     */
    OutboxListener listenerFor(String topic, String subscriber, boolean receivesEverything);
}
