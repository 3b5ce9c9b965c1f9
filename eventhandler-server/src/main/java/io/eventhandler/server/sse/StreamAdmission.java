package io.eventhandler.server.sse;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.core.broker.Numbering;
import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.core.topic.ResumeNumbering;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.validation.TopicLimit;
import io.eventhandler.server.qos.AdmissionCheck;
import io.eventhandler.server.qos.QosDocuments;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.validation.RequestLimits;

import java.util.Optional;
import java.util.function.Function;

/**
 * Whether a request may open an SSE stream, and of what: the caller (secure mode), the topic, where to resume, what
 * the stream asks of its topic and who the subscriber is. Every refusal is an {@link ArrowheadException} carrying
 * the answer the client gets; the checks run in the order their errors take precedence.
 */
final class StreamAdmission {

    static final String ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION;

    private final AccessControl access;
    private final RequestLimits limits;
    private final AdmissionCheck admission;
    private final boolean remoteAuthorization;
    private final Numbering numbering;
    private final TopicLimit topics;

    StreamAdmission(final AccessControl access, final RequestLimits limits, final TopicLimit topics,
                    final AdmissionCheck admission, final boolean remoteAuthorization, final Numbering numbering) {
        this.numbering = numbering;
        this.topics = topics;
        this.access = access;
        this.limits = limits;
        this.admission = admission;
        this.remoteAuthorization = remoteAuthorization;
    }

    /** A request admitted as a stream, not yet authorized. */
    record Admitted(String eventType, long resumeAfter, ResumeNumbering numbering,
                    SubscriberRequirements requirements, SystemRequestDTO subscriber) {
    }

    Admitted admit(final StreamRequest request) {
        // in secure mode the stream belongs to the system named by the client certificate
        final Optional<SystemIdentity> caller = access.requireLocalCloud(request.connection(), request::target,
                request::header, ORIGIN);
        final String given = eventType(request);
        if (given == null) {
            throw ArrowheadException.badPayload(
                    "Event type is missing: give it in the 'eventtype' header or query parameter.", ORIGIN);
        }
        final String eventType = access.eventTypeName(given, ORIGIN);
        limits.eventType(eventType, "Event type", ORIGIN);
        topics.requireRoom(TopicName.normalise(eventType), ORIGIN);
        final ResumeId resume = lastEventId(request);
        final SubscriberRequirements requirements;
        try {
            requirements = requirements(request);
            admission.admit(eventType, requirements, ORIGIN);
        } catch (final IllegalArgumentException e) {
            throw ArrowheadException.badPayload(e.getMessage(), ORIGIN);
        }
        return new Admitted(eventType, resume.after(), numbering.classify(resume.token()), requirements,
                subscriber(request, caller));
    }

    /**
     * Who the stream is for: the certificate's system in secure mode ({@code system_name} may repeat it), else the
     * {@code system_name} parameter if given. With an Authorization system the subscriber must also give the
     * {@code address} and {@code port} it is registered with, as a webhook subscriber does in its request body.
     */
    private SystemRequestDTO subscriber(final StreamRequest request, final Optional<SystemIdentity> caller) {
        final String named = blankToNull(request.parameter(EventHandlerApi.UNSUBSCRIBE_SYSTEM_NAME));
        if (caller.isPresent() && named != null) {
            access.requireRequester(caller, named, ORIGIN);
        }
        final String name = caller.map(SystemIdentity::systemName).orElse(named);
        final String address = blankToNull(request.parameter(EventHandlerApi.UNSUBSCRIBE_ADDRESS));
        limits.systemName(name, "Parameter 'system_name'", ORIGIN);
        limits.address(address, "Parameter 'address'", ORIGIN);
        final String portText = blankToNull(request.parameter(EventHandlerApi.UNSUBSCRIBE_PORT));
        Integer port = null;
        if (portText != null) {
            try {
                port = Integer.valueOf(portText);
            } catch (final NumberFormatException e) {
                throw ArrowheadException.badPayload("Parameter 'port' is not a whole number.", ORIGIN);
            }
        }
        if (remoteAuthorization && (name == null || address == null || port == null)) {
            throw ArrowheadException.badPayload("An event stream names its subscriber as registered in the Service "
                    + "Registry: give the 'address' and 'port' parameters (and 'system_name' without a client "
                    + "certificate), so that the Authorization system can be asked which publishers may reach it.",
                    ORIGIN);
        }
        return new SystemRequestDTO(name, address, port, null, null);
    }

    private static String blankToNull(final String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    /**
     * What the stream asks of its topic: {@code priority} (a derived topic's), {@code deadline_ms} and
     * {@code loss_tolerance} (stricter than the topic's QoS), {@code latency_ms} (its own Δ_BS, when larger than the
     * destination's).
     *
     * @throws IllegalArgumentException naming the bad parameter
     */
    private static SubscriberRequirements requirements(final StreamRequest request) {
        final String priority = blankToNull(request.parameter(EventHandlerApi.PRIORITY_PARAM));
        final String deadline = blankToNull(request.parameter(EventHandlerApi.DEADLINE_PARAM));
        final String loss = blankToNull(request.parameter(EventHandlerApi.LOSS_TOLERANCE_PARAM));
        final String latency = blankToNull(request.parameter(EventHandlerApi.LATENCY_PARAM));
        if (priority == null && deadline == null && loss == null && latency == null) {
            return SubscriberRequirements.NONE;
        }
        return new SubscriberRequirements(
                priority == null ? null : number(priority, EventHandlerApi.PRIORITY_PARAM, Integer::valueOf,
                        "a whole number (higher is more urgent)"),
                QosDocuments.request(
                        deadline == null ? null : number(deadline, EventHandlerApi.DEADLINE_PARAM, Double::valueOf,
                                "a number of milliseconds"),
                        loss == null ? null : number(loss, EventHandlerApi.LOSS_TOLERANCE_PARAM, Integer::valueOf,
                                "a whole number of consecutive losses"),
                        latency == null ? null : number(latency, EventHandlerApi.LATENCY_PARAM, Double::valueOf,
                                "a number of milliseconds")));
    }

    private static <T> T number(final String text, final String parameter, final Function<String, T> parse,
                                final String what) {
        try {
            return parse.apply(text);
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("Parameter '" + parameter + "' must be " + what + ".");
        }
    }

    private static String eventType(final StreamRequest request) {
        for (final String candidate : new String[] {request.parameter(EventHandlerApi.EVENT_TYPE_HEADER),
            request.parameter(EventHandlerApi.EVENT_TYPE_PARAM), request.header(EventHandlerApi.EVENT_TYPE_HEADER)}) {
            if (candidate != null && !candidate.isBlank()) {
                return candidate.trim();
            }
        }
        return null;
    }

    /** A {@code Last-Event-ID}: the numbering's token (null for a plain number) and the sequence number. */
    private record ResumeId(String token, long after) {
    }

    /** {@code <token>-<sequence>} as sent in event ids, or a plain sequence number as stock clients may send. */
    private static ResumeId lastEventId(final StreamRequest request) {
        final String header = request.header(EventHandlerApi.LAST_EVENT_ID_HEADER);
        if (header == null || header.isBlank()) {
            return new ResumeId(null, -1);
        }
        final String id = header.trim();
        final int dash = id.lastIndexOf('-');
        final String token = dash > 0 ? id.substring(0, dash) : null;
        if (dash != 0 && (token == null || isToken(token))) {
            try {
                final long sequence = Long.parseLong(id.substring(dash + 1));
                if (sequence >= 0 && id.indexOf('+') < 0) {
                    return new ResumeId(token, sequence);
                }
            } catch (final NumberFormatException e) {
                // refused below
            }
        }
        throw ArrowheadException.badPayload("Last-Event-ID must be the id of an event this stream sent "
                + "(<numbering>-<sequence>) or a non-negative whole number (an event's sequence number).", ORIGIN);
    }

    private static boolean isToken(final String token) {
        if (token.length() > 32) {
            return false;
        }
        for (int i = 0; i < token.length(); i++) {
            final char c = token.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9')) {
                return false;
            }
        }
        return true;
    }
}
