package io.eventhandler.core.event;

/** What a subscriber's outbox carries, in order: events, and notices of events it will not get. */
public sealed interface OutboxItem permits Event, Gap {
}
