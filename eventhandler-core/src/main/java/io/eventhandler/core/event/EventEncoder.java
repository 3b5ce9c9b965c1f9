package io.eventhandler.core.event;

/**
 * Encodes an event once, at acceptance, into the bytes every subscriber receives. The server supplies the
 * wire format (Arrowhead {@code EventDTO} JSON); the core never looks inside.
 */
@FunctionalInterface
public interface EventEncoder {

    /** The notification body for this event. */
    byte[] encode(EventDraft draft);
}
