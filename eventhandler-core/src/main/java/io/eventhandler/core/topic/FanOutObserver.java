package io.eventhandler.core.topic;

import io.eventhandler.core.event.Event;

/** Told, under the topic's lock, how many subscribers an event is about to be offered to. Must not block. */
@FunctionalInterface
public interface FanOutObserver {

    FanOutObserver NONE = (event, subscribers) -> { };

    /**
     * @param subscribers the subscribers whose filter accepts it; each will report it delivered or dropped to its
     *                    {@link io.eventhandler.core.delivery.OutboxListener}
     */
    void fanningOut(Event event, int subscribers);
}
