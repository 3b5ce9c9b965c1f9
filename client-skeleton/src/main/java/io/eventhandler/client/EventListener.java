package io.eventhandler.client;

import io.eventhandler.api.GapNotice;

/**
 * Receives what an {@link EventSubscriber} (SSE) or a {@link WebhookReceiver} gets from the Event Handler.
 * Callbacks of one {@link EventSubscriber} come from its single reader thread, in stream order; callbacks of a
 * {@link WebhookReceiver} come from its request threads. Keep them short: a slow listener delays the stream.
 * An exception thrown by a callback is logged and does not stop the delivery.
 */
@FunctionalInterface
public interface EventListener {

    /** An event arrived. */
    void onEvent(ReceivedEvent event);

    /** The Event Handler reported events it could not deliver (SSE only). Default: ignored. */
    default void onGap(final GapNotice gap) {
    }

    /** The SSE stream is open (again). Default: ignored. */
    default void onConnected() {
    }

    /**
     * The open SSE stream ended. Default: ignored.
     *
     * @param cause why: an I/O error, an {@link java.io.EOFException} when the server ended the stream, or null
     *              when the subscriber was closed locally
     */
    default void onDisconnected(final Throwable cause) {
    }
}
