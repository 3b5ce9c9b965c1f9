package io.eventhandler.server.publish;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.ErrorResponses;
import io.eventhandler.server.http.GrizzlyResponses;
import io.eventhandler.server.http.JsonErrors;
import io.eventhandler.server.http.PayloadTooLargeException;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.validation.TopicLimit;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.http.util.Header;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the single and the batch publish share before anything is accepted: the method and media type, the bounded
 * body, Arrowhead's access check and validation of one event, the publisher's rate limit, and the
 * {@code ErrorMessageDTO} each refusal is answered with.
 */
public final class PublishIntake {

    private static final int TOO_MANY_REQUESTS = 429;

    private final PublishValidator validator;
    private final GrizzlyResponses responses;
    private final AccessControl access;
    private final PublisherRateLimiter rateLimiter;
    private final TopicLimit topics;

    public PublishIntake(final PublishValidator validator, final GrizzlyResponses responses,
                         final AccessControl access, final PublisherRateLimiter rateLimiter, final TopicLimit topics) {
        this.topics = topics;
        this.validator = validator;
        this.responses = responses;
        this.access = access;
        this.rateLimiter = rateLimiter;
    }

    /** Whether the request is a JSON POST; if it is not, it has been answered 405 or 415. */
    boolean jsonPost(final Request request, final Response response, final String origin) throws IOException {
        if (!Method.POST.equals(request.getMethod())) {
            response.setHeader(Header.Allow, "POST");
            responses.error(response, 405, "HTTP 405 Method Not Allowed", origin);
            return false;
        }
        if (!isJson(request.getContentType())) {
            responses.error(response, 415, ErrorResponses.JSON_REQUIRED, origin);
            return false;
        }
        return true;
    }

    /** The body, of at most {@code limit} bytes, the value of the setting {@code key}. */
    byte[] readBody(final Request request, final int limit, final String key) throws IOException {
        final long declared = request.getContentLengthLong();
        if (declared > limit) {
            throw new PayloadTooLargeException(limit, key);
        }
        final InputStream in = request.getInputStream();
        if (declared >= 0) {
            // The usual case: exactly the declared bytes, one array, no growing.
            return in.readNBytes((int) declared);
        }
        // Chunked: read at most one byte past the limit, so an oversized body is noticed without buffering it all.
        final byte[] body = in.readNBytes(limit + 1);
        if (body.length > limit) {
            throw new PayloadTooLargeException(limit, key);
        }
        return body;
    }

    /**
     * One event as Arrowhead checks it: its access filter runs before the controller's validation; then whether its
     * topic exists or fits under the topic limit.
     */
    EventDraft validate(final Request request, final EventPublishRequestDTO dto, final String origin) {
        if (dto != null) {
            access.requireRequester(request, dto.source() == null ? null : dto.source().systemName(), origin);
        }
        return validated(dto, origin);
    }

    /**
     * {@link #validate(Request, EventPublishRequestDTO, String)} for a caller identified outside HTTP (an MQTT
     * request's {@code authentication}, through the same {@link AccessControl}).
     */
    EventDraft validate(final Optional<SystemIdentity> caller, final EventPublishRequestDTO dto,
                        final String origin) {
        if (dto != null) {
            access.requireRequester(caller, dto.source() == null ? null : dto.source().systemName(), origin);
        }
        return validated(dto, origin);
    }

    /** After the access check, on every entry point: the cloud's event type name, validation, the topic limit. */
    private EventDraft validated(final EventPublishRequestDTO dto, final String origin) {
        final EventDraft draft = validator.validate(dto == null ? null : named(dto, origin), origin);
        topics.requireRoom(draft.topic(), origin);
        return draft;
    }

    /** The request with the event type as the cloud names it; the same request when the name stays (4.6). */
    private EventPublishRequestDTO named(final EventPublishRequestDTO dto, final String origin) {
        if (dto.eventType() == null || dto.eventType().isBlank()) {
            return dto; // the validator's 400
        }
        final String name = access.eventTypeName(dto.eventType(), origin);
        return name.equals(dto.eventType()) ? dto
                : new EventPublishRequestDTO(name, dto.source(), dto.metaData(), dto.payload(), dto.timeStamp());
    }

    /**
     * Count the event of this many body bytes against its publisher's limits: 429 when over them. In plain mode the
     * system name is only a claim, so the limits apply to the client address as well, over every name it publishes
     * under: rotating names gains nothing.
     */
    void admit(final Request request, final EventDraft draft, final int bytes, final String origin) {
        if (rateLimiter.enabled()) { // the client's address costs a look-up per request: only when limits apply
            admit(addressKey(request), draft, bytes, origin);
        }
    }

    /**
     * {@link #admit(Request, EventDraft, int, String)} for a client that is known by {@code clientKey} rather than
     * by an HTTP client address (the MQTT broker connection's); the key starts with '@' as no system name does.
     */
    void admit(final String clientKey, final EventDraft draft, final int bytes, final String origin) {
        if (!rateLimiter.enabled()) {
            return;
        }
        if (access.isSecure()) {
            if (!rateLimiter.admit(draft.source().name(), bytes, System.nanoTime())) {
                throw overLimit(draft, origin);
            }
        } else if (rateLimiter.admitAll(List.of(draft.source().name(), clientKey), List.of(bytes, bytes),
                System.nanoTime()) >= 0) {
            throw overLimit(draft, origin);
        }
    }

    /**
     * Count a batch's events against their publishers' limits (and in plain mode the client address's), all or none.
     *
     * @return -1 if admitted, else the index of the first event refused (429 for it via {@link #overLimit})
     */
    int admitAll(final Request request, final List<EventDraft> drafts, final List<Integer> sizes) {
        return rateLimiter.enabled() ? admitAll(addressKey(request), drafts, sizes) : -1;
    }

    /** {@link #admitAll(Request, List, List)} for a client known by {@code clientKey} (the MQTT connection's). */
    int admitAll(final String clientKey, final List<EventDraft> drafts, final List<Integer> sizes) {
        if (!rateLimiter.enabled()) {
            return -1;
        }
        final List<String> publishers = new ArrayList<>(drafts.stream().map(d -> d.source().name()).toList());
        final List<Integer> counted = new ArrayList<>(sizes);
        if (!access.isSecure()) {
            final String address = clientKey;
            drafts.forEach(d -> publishers.add(address));
            counted.addAll(sizes);
        }
        final int refused = rateLimiter.admitAll(publishers, counted, System.nanoTime());
        return refused < 0 ? -1 : refused % drafts.size();
    }

    /** The client address's bucket; no system name starts with '@' (names are letters, digits and '-'). */
    private static String addressKey(final Request request) {
        return "@" + request.getRemoteAddr();
    }

    /** The refusal of an event over its publisher's limits. */
    ArrowheadException overLimit(final EventDraft draft, final String origin) {
        return new ArrowheadException(ExceptionType.UNAVAILABLE, TOO_MANY_REQUESTS, "Publisher "
                + draft.source().name() + (access.isSecure() ? "" : ", or its client address,")
                + " is over its publishing limit (" + rateLimiter + "); retry in a second.", origin);
    }

    /**
     * Answer a refused publish.
     *
     * @param prefix names the refused event within a batch; empty for a single publish
     */
    void refuse(final Response response, final Exception refusal, final String prefix, final String origin)
            throws IOException {
        if (refusal instanceof ArrowheadException e) {
            if (e.status() == TOO_MANY_REQUESTS) {
                response.setHeader("Retry-After", "1");
            }
            responses.error(response, e.status(), e.type(), prefix + e.getMessage(), e.origin());
        } else if (refusal instanceof PayloadTooLargeException e) {
            responses.error(response, 413, ExceptionType.BAD_PAYLOAD, prefix + e.getMessage(), origin);
        } else if (refusal instanceof JsonProcessingException e) {
            responses.error(response, 400, ExceptionType.BAD_PAYLOAD, prefix + JsonErrors.describe(e), origin);
        } else {
            throw new IllegalArgumentException("not a refusal: " + refusal, refusal);
        }
    }

    /**
     * Whether the media type, parameters aside and in any case, is application/json or a +json type: what
     * {@code toLowerCase(ROOT).split(";")[0].trim()} tells, without its three copies per publish.
     */
    static boolean isJson(final String contentType) {
        if (contentType == null) {
            return false;
        }
        final int semicolon = contentType.indexOf(';');
        int end = semicolon < 0 ? contentType.length() : semicolon;
        int start = 0;
        while (start < end && contentType.charAt(start) <= ' ') {
            start++;
        }
        while (end > start && contentType.charAt(end - 1) <= ' ') {
            end--;
        }
        final String json = "application/json";
        final int length = end - start;
        return (length == json.length() && lowerCaseIs(contentType, start, json))
                || (length >= 5 && lowerCaseIs(contentType, end - 5, "+json"));
    }

    /** Whether the text from {@code start} is {@code lower} (ASCII, lower case) in any case of its letters. */
    private static boolean lowerCaseIs(final String text, final int start, final String lower) {
        for (int i = 0; i < lower.length(); i++) {
            final char c = text.charAt(start + i);
            final char expected = lower.charAt(i);
            if (c != expected && !(expected >= 'a' && expected <= 'z' && c == expected - ('a' - 'A'))) {
                return false;
            }
        }
        return true;
    }
}
