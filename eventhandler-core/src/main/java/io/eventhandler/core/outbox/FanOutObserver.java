package io.eventhandler.core.outbox;

import io.eventhandler.core.event.Event;

import java.util.function.IntSupplier;

/**
 * Told, under the topic's lock, of each event about to be offered to the subscribers; it may ask how many will take
 * it (counting evaluates every filter once more, so only observers that need the number ask). Must not block.
 */
@FunctionalInterface
public interface FanOutObserver {

    FanOutObserver NONE = (event, subscribers) -> { };

    /**
     * @param subscribers counts the subscribers whose filter accepts it; each will report it delivered or dropped
     *                    to its {@link OutboxListener}
     */
    void fanningOut(Event event, IntSupplier subscribers);
}
