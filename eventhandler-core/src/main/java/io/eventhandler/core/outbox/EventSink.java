package io.eventhandler.core.outbox;

import io.eventhandler.core.event.OutboxItem;

import java.util.List;

/**
 * The far end of one subscriber: an SSE stream or an Arrowhead webhook. Its outbox calls it from one thread at a
 * time and never hands it a new batch before the previous one completed, so a sink needs no locking of its own.
 * A sink must never block for long: a slow peer is waited for asynchronously, by completing later.
 */
public interface EventSink {

    /**
     * Send the items, in order, and complete the callback when the next batch may come. An empty batch means the
     * outbox was woken with nothing to send (a heartbeat tick).
     */
    void deliver(List<OutboxItem> batch, DeliveryCallback callback);

    /**
     * What the sink knows of its peer's state beyond the queue, in one word for the status page (a webhook's circuit:
     * {@code CLOSED}, {@code OPEN}); blank when it has nothing to say. Any thread.
     */
    default String condition() {
        return "";
    }

    /**
     * Whether {@link #deliver} only hands the batch over to a thread of the sink's own, at once and without blocking
     * or writing to a peer (the Kafka export). Its outbox then drains on the thread that queues an event or
     * completes a batch, instead of on the delivery threads: a completion on the sink's own thread wakes no delivery
     * thread. Read once, when the subscriber attaches.
     */
    default boolean handsOver() {
        return false;
    }

    /**
     * Whether {@link #deliver} never blocks its thread (a non-blocking socket write, or a hand-over): a publish
     * served on an I/O thread may then run the subscriber's drain itself, right after its answer. A sink that may
     * block (an HTTP client resolving a host name) keeps the default. Read once, when the subscriber attaches.
     */
    default boolean writesWithoutBlocking() {
        return handsOver();
    }

    /**
     * Bytes of events one batch carries at most (one event at least, however large), besides the outbox's limit on
     * their number: a sink that copies a batch into a write a peer may never read (an SSE stream) bounds what such a
     * peer can hold. Unbounded by default. Read once, when the subscriber attaches.
     */
    default int maxBatchBytes() {
        return Integer.MAX_VALUE;
    }

    /** Release the peer. Called once, from the outbox's drain, never concurrently with {@link #deliver}. */
    void close(CloseReason reason);
}
