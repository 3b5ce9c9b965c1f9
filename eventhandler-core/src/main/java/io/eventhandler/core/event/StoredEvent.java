package io.eventhandler.core.event;

/**
 * An event as a previous run of the Event Handler kept it: its content, the number it was given, and when it was
 * accepted (wall clock, since the monotonic clock of that run means nothing now).
 *
 * @param sequence            the number its topic gave it
 * @param draft               its content
 * @param acceptedEpochMillis when it was accepted, in milliseconds since the epoch
 */
public record StoredEvent(long sequence, EventDraft draft, long acceptedEpochMillis) {
}
