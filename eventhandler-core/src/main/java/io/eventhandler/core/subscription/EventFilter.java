package io.eventhandler.core.subscription;

import io.eventhandler.core.event.Event;

/** Decides whether a subscription receives an event of its topic. Evaluated on the publish path: keep it cheap. */
@FunctionalInterface
public interface EventFilter {

    /** Every event of the topic. */
    EventFilter ALL = event -> true;

    boolean accepts(Event event);

    /** Events both filters accept. */
    default EventFilter and(final EventFilter other) {
        return event -> accepts(event) && other.accepts(event);
    }
}
