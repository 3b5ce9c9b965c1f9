package io.eventhandler.core.broker;

import io.eventhandler.core.event.Event;

/**
 * Where the broker hands every accepted event for durable keeping (a durable history). Called on the accepting
 * thread after the event is numbered: it must return at once (queue the event, never write it).
 */
@FunctionalInterface
public interface EventJournal {

    /** No journal: nothing is kept beyond memory; an awaited acknowledgement fails at once. */
    EventJournal NONE = (event, ack) -> ack.failed("no durable history is configured");

    /**
     * Take an accepted event.
     *
     * @param ack told once the event is durable, or that it will not be ({@link JournalAck#NONE} if nobody waits)
     */
    void append(Event event, JournalAck ack);
}
