package io.eventhandler.server.publish;

import io.eventhandler.api.EpochMicros;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.validation.RequestLimits;
import io.eventhandler.server.validation.SystemValidator;
import io.eventhandler.server.validation.Text;
import io.eventhandler.server.validation.Timestamps;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;

/**
 * Arrowhead 4.6's checks of a publish request, with its messages: source system, event type, payload, and the time
 * stamp, which is filled with the current time when blank and must otherwise lie within the tolerance of now.
 */
public final class PublishValidator {

    private static final int ECHOED_CHARACTERS = 64;

    private final int toleranceSeconds;
    private final RequestLimits limits;

    /** With the default request limits. */
    public PublishValidator(final int toleranceSeconds) {
        this(toleranceSeconds, RequestLimits.defaults());
    }

    public PublishValidator(final int toleranceSeconds, final RequestLimits limits) {
        this.toleranceSeconds = toleranceSeconds;
        this.limits = limits;
    }

    /** The validated event, ready for the broker. */
    public EventDraft validate(final EventPublishRequestDTO request, final String origin) {
        if (request == null) {
            throw ArrowheadException.badPayload("Request is null.", origin);
        }
        final SystemRef source = SystemValidator.validate(request.source(), origin);
        if (Text.isBlank(request.eventType())) {
            throw ArrowheadException.badPayload("Request.EventType is null or blank.", origin);
        }
        if (Text.isBlank(request.payload())) {
            throw ArrowheadException.badPayload("Request.Payload is null or blank.", origin);
        }
        final String timeStamp;
        final long createdMicros;
        if (Text.isBlank(request.timeStamp())) {
            final Instant now = Timestamps.nowMicros();
            timeStamp = now.toString();
            createdMicros = EpochMicros.of(now);
        } else {
            timeStamp = request.timeStamp();
            final Instant stamp = parse(timeStamp, origin);
            final Instant now = Instant.now();
            if (stamp.isAfter(now.plusSeconds(toleranceSeconds))) {
                throw ArrowheadException.badPayload(
                        "Request.TimeStamp is further in the future than the tolerated time difference", origin);
            }
            if (stamp.isBefore(now.minusSeconds(toleranceSeconds))) {
                throw ArrowheadException.badPayload(
                        "Request.TimeStamp is further in the past than the tolerated time difference", origin);
            }
            createdMicros = EpochMicros.of(stamp);
        }
        SystemValidator.requirePortAtLeastOne(source.port(), origin);
        limits.system(request.source(), "Request.Source", origin);
        limits.eventType(request.eventType(), "Request.EventType", origin);
        limits.metadata(request.metaData(), "Request.MetaData", origin);
        final Map<String, String> metaData = request.metaData() == null ? null : Map.copyOf(withoutNulls(request.metaData()));
        return new EventDraft(request.eventType(), source, metaData, request.payload(), timeStamp, createdMicros);
    }

    /**
     * Arrowhead's message starts the same; it then appends the exception itself, class name included. Here: where
     * the text stopped parsing, and what to send instead.
     */
    private static Instant parse(final String timeStamp, final String origin) {
        try {
            return Timestamps.parse(timeStamp);
        } catch (final DateTimeParseException e) {
            throw ArrowheadException.badPayload("Request.TimeStamp is in wrong format. Text '"
                    + shortened(timeStamp) + "' could not be parsed at index " + e.getErrorIndex()
                    + "; send an ISO-8601 instant with its zone, e.g. 2024-03-19T10:31:17Z.", origin);
        }
    }

    /** At most {@value #ECHOED_CHARACTERS} characters of the caller's text go back into the message. */
    private static String shortened(final String text) {
        return text.length() <= ECHOED_CHARACTERS ? text : text.substring(0, ECHOED_CHARACTERS) + "...";
    }

    private static Map<String, String> withoutNulls(final Map<String, String> metaData) {
        if (!metaData.containsKey(null) && !metaData.containsValue(null)) {
            return metaData;
        }
        final java.util.HashMap<String, String> copy = new java.util.HashMap<>();
        metaData.forEach((k, v) -> {
            if (k != null && v != null) {
                copy.put(k, v);
            }
        });
        return copy;
    }
}
