package io.eventhandler.core.broker;

import io.eventhandler.core.event.Event;

/** Told, once, whether an event handed to an {@link EventJournal} became durable. Must not block. */
public interface JournalAck {

    /** Nobody waits. */
    JournalAck NONE = new JournalAck() {
        @Override
        public void durable(final Event event) {
        }

        @Override
        public void failed(final String reason) {
        }
    };

    /** The event is committed to durable storage. */
    void durable(Event event);

    /** The event is not durable, and will not become so (it is still delivered from memory). */
    void failed(String reason);
}
