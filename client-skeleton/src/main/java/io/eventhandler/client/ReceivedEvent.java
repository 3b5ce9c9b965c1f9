package io.eventhandler.client;

import io.eventhandler.api.EpochMicros;

import io.eventhandler.api.EventDTO;
import io.eventhandler.api.IsoInstants;
import java.time.format.DateTimeParseException;
import java.util.Objects;

/**
 * An event as a subscriber received it.
 *
 * @param sequence            the per-topic sequence number (SSE {@code id} or the {@code X-Event-Sequence} header),
 *                            -1 when unknown
 * @param event               the event
 * @param receivedEpochMicros when it arrived (wall clock, microseconds since the epoch), taken before the JSON
 *                            was parsed
 */
public record ReceivedEvent(long sequence, EventDTO event, long receivedEpochMicros) {

    /** Sequence number of an event that came without one. */
    public static final long UNKNOWN_SEQUENCE = -1;

    public ReceivedEvent {
        Objects.requireNonNull(event, "event");
    }

    /**
     * The event's {@code timeStamp} (an ISO-8601 instant) in microseconds since the epoch.
     *
     * @throws IllegalStateException when the event has no timeStamp or it is not an ISO-8601 instant
     */
    public long createdEpochMicros() {
        final String timeStamp = event.timeStamp();
        if (timeStamp == null) {
            throw new IllegalStateException("event has no timeStamp");
        }
        try {
            return EpochMicros.of(IsoInstants.parse(timeStamp));
        } catch (final DateTimeParseException e) {
            throw new IllegalStateException("event timeStamp is not an ISO-8601 instant: " + timeStamp, e);
        }
    }

    /** Microseconds from the event's creation ({@code timeStamp}) to its arrival; needs synchronized clocks. */
    public long latencyMicros() {
        return receivedEpochMicros - createdEpochMicros();
    }
}
