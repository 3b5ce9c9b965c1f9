package io.eventhandler.core.topic;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.core.subscription.EventFilter;

/**
 * A subscriber attached to a topic: its filter and its outbox.
 *
 * @param outbox       where accepted events go
 * @param filter       which events of the topic it wants
 * @param requirements what it asks of the topic
 * @param startAfter   events numbered up to this were accepted before it attached without asking to resume: their
 *                     dispatch, if it runs later, must not reach it
 */
record Attachment(SubscriberOutbox outbox, EventFilter filter, SubscriberRequirements requirements,
                  long startAfter) {

    /** Whether this subscriber gets the event when it is fanned out. */
    boolean wants(final Event event) {
        return event.sequence() > startAfter && filter.accepts(event);
    }
}
