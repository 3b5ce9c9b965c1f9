package io.eventhandler.core.outbox;

/** How a sink reports that a batch has left and the next may come. Call exactly once per batch, from any thread. */
@FunctionalInterface
public interface DeliveryCallback {

    /**
     * @param delivered events written or acknowledged
     * @param failed    events given up on (after the sink's own retries)
     */
    void completed(int delivered, int failed);
}
