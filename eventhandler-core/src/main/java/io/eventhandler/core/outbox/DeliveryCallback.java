package io.eventhandler.core.outbox;

import io.eventhandler.core.event.Event;

/**
 * How a sink reports that a batch has left and the next may come: {@link #completed} exactly once per batch, from any
 * thread. A sink that takes long per event (a webhook, one request each) also reports each event as it is done with,
 * in batch order, before the completion: the backup's copy of it can go, and its latency is its own.
 */
@FunctionalInterface
public interface DeliveryCallback {

    /**
     * The sink is done with the next event of the batch (optional; in order, before {@link #completed}, never after
     * it, from the thread that completes it).
     *
     * @param delivered whether it reached the subscriber (false: given up on, after the sink's own retries)
     */
    default void eventDone(final Event event, final boolean delivered) {
    }

    /**
     * @param delivered events written or acknowledged, those already reported one by one included
     * @param failed    events given up on (after the sink's own retries), likewise
     */
    void completed(int delivered, int failed);
}
