package io.eventhandler.server.publish;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.EventPublishRequestDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.JournalAck;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.server.api.PublishValidator;
import io.eventhandler.server.calibration.StageRecorder;
import io.eventhandler.server.config.HistoryMode;
import io.eventhandler.server.history.HistoryService;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.ErrorResponses;
import io.eventhandler.server.http.GrizzlyResponses;
import io.eventhandler.server.http.JsonLimits;
import io.eventhandler.server.http.PayloadTooLargeException;
import io.eventhandler.server.security.AccessControl;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.http.util.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * {@code POST /eventhandler/publish}, the hot path, served by Grizzly directly: read the body (bounded), parse the
 * {@code EventPublishRequestDTO}, validate it as Arrowhead does, hand it to the broker (which numbers it and schedules
 * its dispatch) and answer 200 with an empty body and the topic's publisher retention N in {@code Eh-Retention}.
 * Errors are the same {@code ErrorMessageDTO}s the Jersey endpoints give.
 *
 * <p>A 200 means the event is accepted in memory (numbered, held for replay, scheduled for delivery). With
 * {@code Eh-Durable: true} on the request, or {@code eh.history.sync=true}, it means more: the event is committed to
 * the durable history (a crash of the process does not lose it), and the answer carries {@code Eh-Durable: true} and
 * the event's number in {@code X-Event-Sequence}.
 * The request is then suspended, not its worker thread, until the writer's batch commit (group commit). While the
 * durable history cannot be written such a publish is answered 503 without accepting the event; if writing fails
 * after it was accepted, 503 says that it is delivered from memory but not durable.
 */
public final class PublishHandler extends HttpHandler {

    private static final Logger LOG = LoggerFactory.getLogger(PublishHandler.class);
    private static final String ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH;

    private final Broker broker;
    private final PublishValidator validator;
    private final ObjectReader reader;
    private final GrizzlyResponses responses;
    private final int maxBodyBytes;
    private final AccessControl access;
    private final PublisherRateLimiter rateLimiter;
    private final ToIntFunction<String> retention;
    private final HistoryService history;

    /**
     * @param retention the publisher retention N of a (normalised) topic, answered as {@code Eh-Retention} so that
     *                  publishers know how many events to keep for a failover
     */
    public PublishHandler(final Broker broker, final PublishValidator validator, final ObjectReader reader,
                          final GrizzlyResponses responses, final int maxBodyBytes, final AccessControl access,
                          final PublisherRateLimiter rateLimiter, final ToIntFunction<String> retention,
                          final HistoryService history) {
        this.history = history;
        this.rateLimiter = rateLimiter;
        this.retention = retention;
        this.broker = broker;
        this.validator = validator;
        this.reader = reader.forType(EventPublishRequestDTO.class);
        this.responses = responses;
        this.maxBodyBytes = maxBodyBytes;
        this.access = access;
    }

    @Override
    public void service(final Request request, final Response response) throws Exception {
        final long received = StageRecorder.global().received();
        if (!Method.POST.equals(request.getMethod())) {
            response.setHeader(Header.Allow, "POST");
            responses.error(response, 405, "HTTP 405 Method Not Allowed", ORIGIN);
            return;
        }
        if (!isJson(request.getContentType())) {
            responses.error(response, 415, "HTTP 415 Unsupported Media Type", ORIGIN);
            return;
        }
        final EventDraft draft;
        try {
            final byte[] body = readBody(request);
            // no body is a null request, as on the Jersey endpoints (and in Arrowhead), not a JSON error
            final EventPublishRequestDTO dto = body.length == 0 ? null : reader.readValue(body);
            if (dto != null) {
                // Arrowhead's access filter runs before the controller's validation
                access.requireRequester(request, dto.source() == null ? null : dto.source().systemName(), ORIGIN);
            }
            draft = validator.validate(dto, ORIGIN);
            if (!rateLimiter.admit(draft.source().name(), body.length, System.nanoTime())) {
                response.setHeader("Retry-After", "1");
                responses.error(response, 429, ExceptionType.UNAVAILABLE, "Publisher " + draft.source().name()
                        + " is over its publishing limit (" + rateLimiter + "); retry in a second.", ORIGIN);
                return;
            }
        } catch (final ArrowheadException e) {
            responses.error(response, ErrorResponses.body(e));
            return;
        } catch (final PayloadTooLargeException e) {
            responses.error(response, 413, ExceptionType.BAD_PAYLOAD, e.getMessage(), ORIGIN);
            return;
        } catch (final JsonProcessingException e) {
            responses.error(response, 400, ExceptionType.BAD_PAYLOAD, JsonLimits.describe(e), ORIGIN);
            return;
        }
        if (history.syncByDefault() || "true".equalsIgnoreCase(request.getHeader(EventHandlerApi.DURABLE_HEADER))) {
            acceptDurably(draft, response);
            return;
        }
        try {
            broker.accept(draft);
            StageRecorder.global().accepted(received);
        } catch (final RuntimeException e) {
            LOG.error("accepting a published event failed", e);
            responses.error(response, 500, ExceptionType.GENERIC, "Internal error: " + e.getClass().getSimpleName(),
                    ORIGIN);
            return;
        }
        ok(response, draft, false);
    }

    private void ok(final Response response, final EventDraft draft, final boolean durable) throws IOException {
        response.setStatus(200);
        response.setHeader(EventHandlerApi.RETENTION_HEADER, Integer.toString(retention.applyAsInt(draft.topic())));
        if (durable) {
            response.setHeader(EventHandlerApi.DURABLE_HEADER, "true");
        }
        response.setContentLength(0);
        response.flush();
    }

    /** Accept, and answer once the event is committed to the durable history (or cannot be). */
    private void acceptDurably(final EventDraft draft, final Response response) throws IOException {
        final Optional<String> unavailable = history.durableAckUnavailable();
        if (unavailable.isPresent()) {
            if (history.mode() == HistoryMode.DURABLE) {
                responses.error(response, 503, ExceptionType.UNAVAILABLE, "The durable history cannot be written ("
                        + unavailable.get() + "); the event was not accepted. Retry later, or publish without "
                        + EventHandlerApi.DURABLE_HEADER + " to have it delivered from memory.", ORIGIN);
            } else {
                responses.error(response, 409, ExceptionType.INVALID_PARAMETER, EventHandlerApi.DURABLE_HEADER
                        + ": true cannot be honoured: " + unavailable.get() + ".", ORIGIN);
            }
            return;
        }
        response.suspend();
        try {
            broker.accept(draft, new JournalAck() {
                @Override
                public void durable(final Event event) {
                    try {
                        response.setHeader(EventHandlerApi.SEQUENCE_HEADER, Long.toString(event.sequence()));
                        ok(response, draft, true);
                    } catch (final IOException e) {
                        LOG.debug("answering a durable publish failed: {}", e.toString());
                    } finally {
                        response.resume();
                    }
                }

                @Override
                public void failed(final String reason) {
                    try {
                        responses.error(response, 503, ExceptionType.UNAVAILABLE, "The event was accepted and is "
                                + "delivered from memory, but it is not durable: " + reason + ".", ORIGIN);
                    } catch (final IOException e) {
                        LOG.debug("answering a durable publish failed: {}", e.toString());
                    } finally {
                        response.resume();
                    }
                }
            });
        } catch (final RuntimeException e) {
            LOG.error("accepting a published event failed", e);
            responses.error(response, 500, ExceptionType.GENERIC, "Internal error: " + e.getClass().getSimpleName(),
                    ORIGIN);
            response.resume();
        }
    }

    private byte[] readBody(final Request request) throws IOException {
        final long declared = request.getContentLengthLong();
        if (declared > maxBodyBytes) {
            throw new PayloadTooLargeException(maxBodyBytes);
        }
        final InputStream in = request.getInputStream();
        if (declared >= 0) {
            // The usual case: exactly the declared bytes, one array, no growing.
            return in.readNBytes((int) declared);
        }
        // Chunked: read at most one byte past the limit, so an oversized body is noticed without buffering it all.
        final byte[] body = in.readNBytes(maxBodyBytes + 1);
        if (body.length > maxBodyBytes) {
            throw new PayloadTooLargeException(maxBodyBytes);
        }
        return body;
    }

    private static boolean isJson(final String contentType) {
        if (contentType == null) {
            return false;
        }
        final String type = contentType.toLowerCase(Locale.ROOT).split(";", 2)[0].trim();
        return type.equals("application/json") || type.endsWith("+json");
    }
}
