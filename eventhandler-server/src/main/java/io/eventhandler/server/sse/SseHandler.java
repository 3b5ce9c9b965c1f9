package io.eventhandler.server.sse;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.GapNotice;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.broker.SubscriberRequirements;
import io.eventhandler.server.api.SubscriptionValidator;
import io.eventhandler.server.delivery.QosDocuments;
import io.eventhandler.core.delivery.CloseReason;
import io.eventhandler.core.delivery.DeliveryProblemLog;
import io.eventhandler.core.delivery.SubscriberOutbox;
import io.eventhandler.core.subscription.EventFilter;
import io.eventhandler.security.certs.SystemIdentity;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.api.RequestLimits;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.AsyncResponses;
import io.eventhandler.server.subscription.AuthorizationGrant;
import io.eventhandler.server.subscription.SubscriptionAuthorizer;
import io.eventhandler.server.http.ErrorResponses;
import io.eventhandler.server.http.GrizzlyResponses;
import io.eventhandler.server.security.AccessControl;
import org.glassfish.grizzly.CloseListener;
import org.glassfish.grizzly.Closeable;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.IOEvent;
import org.glassfish.grizzly.ICloseType;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.http.util.Header;
import org.glassfish.grizzly.http.Method;

import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code GET /eventhandler/subscription}: one SSE stream of one topic, named by the {@code eventtype} header or the
 * {@code eventtype} / {@code event_type} query parameter. {@code Last-Event-ID} resumes from the topic's history.
 * The stream carries only the events of publishers authorized for its subscriber (see {@code subscriber}).
 *
 * <p>Served by Grizzly directly rather than Jersey's {@code SseEventSink}: the stream must be written without ever
 * blocking a delivery thread (Grizzly's {@code canWrite}/{@code notifyCanWrite}), and no thread is held per stream.
 */
public final class SseHandler extends HttpHandler {

    private static final Logger LOG = LoggerFactory.getLogger(SseHandler.class);
    private static final String ORIGIN = EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION;

    private final Broker broker;
    private final GrizzlyResponses responses;
    private final SseFrames frames;
    private final long retryMs;
    private final long heartbeatIntervalNanos;
    private final AtomicLong streams = new AtomicLong();
    private final AccessControl access;
    private final SubscriptionAuthorizer authorizer;
    private final RequestLimits limits;
    private final SubscriptionValidator.RequirementsCheck admission;
    private final DeliveryProblemLog problems;
    /** Streams open now (attached and not closed), bounded by {@link #maxStreams}. */
    private final AtomicInteger openStreams = new AtomicInteger();
    private final int maxStreams;

    /**
     * @param maxStreams streams open at once; one more is answered 503 (each holds tens of KiB of heap)
     */
    public SseHandler(final Broker broker, final ObjectMapper mapper, final GrizzlyResponses responses,
                      final long retryMs, final long heartbeatIntervalMs, final AccessControl access,
                      final SubscriptionAuthorizer authorizer, final RequestLimits limits,
                      final SubscriptionValidator.RequirementsCheck admission, final DeliveryProblemLog problems,
                      final int maxStreams) {
        this.maxStreams = maxStreams;
        this.problems = problems;
        this.limits = limits;
        this.broker = broker;
        this.responses = responses;
        this.frames = new SseFrames(mapper.writerFor(GapNotice.class));
        this.retryMs = retryMs;
        this.heartbeatIntervalNanos = TimeUnit.MILLISECONDS.toNanos(heartbeatIntervalMs);
        this.access = access;
        this.authorizer = authorizer;
        this.admission = admission;
    }

    @Override
    public void service(final Request request, final Response response) throws Exception {
        if (!Method.GET.equals(request.getMethod())) {
            response.setHeader(Header.Allow, "GET");
            responses.error(response, 405, ExceptionType.BAD_PAYLOAD, "Only GET opens an event stream.", ORIGIN);
            return;
        }
        // in secure mode the stream belongs to the system named by the client certificate
        final Optional<SystemIdentity> caller;
        try {
            caller = access.requireLocalCloud(request, ORIGIN);
        } catch (final ArrowheadException e) {
            responses.error(response, ErrorResponses.body(e));
            return;
        }
        final String eventType = eventType(request);
        if (eventType == null) {
            responses.error(response, 400, ExceptionType.BAD_PAYLOAD,
                    "Event type is missing: give it in the 'eventtype' header or query parameter.", ORIGIN);
            return;
        }
        final long resumeAfter;
        try {
            limits.eventType(eventType, "Event type", ORIGIN);
        } catch (final ArrowheadException e) {
            responses.error(response, ErrorResponses.body(e));
            return;
        }
        try {
            resumeAfter = lastEventId(request);
        } catch (final NumberFormatException e) {
            responses.error(response, 400, ExceptionType.BAD_PAYLOAD,
                    "Last-Event-ID must be a non-negative whole number (an event's sequence number).", ORIGIN);
            return;
        }
        final SubscriberRequirements requirements;
        try {
            requirements = requirements(request);
            admission.admit(eventType, requirements, ORIGIN);
        } catch (final IllegalArgumentException e) {
            responses.error(response, 400, ExceptionType.BAD_PAYLOAD, e.getMessage(), ORIGIN);
            return;
        } catch (final ArrowheadException e) {
            responses.error(response, ErrorResponses.body(e));
            return;
        }
        final SystemRequestDTO subscriber;
        try {
            subscriber = subscriber(request, caller);
        } catch (final ArrowheadException e) {
            responses.error(response, ErrorResponses.body(e));
            return;
        }
        final CompletableFuture<AuthorizationGrant> grant = authorizer.check(subscriber, ORIGIN);
        if (grant.isDone() && !grant.isCompletedExceptionally()) {
            open(request, response, eventType, resumeAfter, requirements, subscriber, grant.join());
            return;
        }
        // the Authorization system is asked: hold the request, not the worker thread
        response.suspend();
        grant.whenComplete((granted, failure) -> {
            try {
                if (failure == null) {
                    open(request, response, eventType, resumeAfter, requirements, subscriber, granted);
                } else {
                    final Throwable cause = AsyncResponses.unwrap(failure);
                    responses.error(response, cause instanceof ArrowheadException e ? ErrorResponses.body(e)
                            : new ErrorMessageDTO("Authorization check failed: " + cause.getMessage(), 504,
                                    ExceptionType.UNAVAILABLE, ORIGIN));
                    response.resume();
                }
            } catch (final IOException e) {
                response.resume();
            }
        });
    }

    /**
     * Who the stream is for: the certificate's system in secure mode ({@code system_name} may repeat it), else the
     * {@code system_name} parameter if given. With an Authorization system the subscriber must also give the
     * {@code address} and {@code port} it is registered with, as a webhook subscriber does in its request body.
     */
    private SystemRequestDTO subscriber(final Request request, final Optional<SystemIdentity> caller) {
        final String named = blankToNull(request.getParameter(EventHandlerApi.UNSUBSCRIBE_SYSTEM_NAME));
        if (caller.isPresent() && named != null) {
            access.requireRequester(request, named, ORIGIN);
        }
        final String name = caller.map(SystemIdentity::systemName).orElse(named);
        final String address = blankToNull(request.getParameter(EventHandlerApi.UNSUBSCRIBE_ADDRESS));
        limits.systemName(name, "Parameter 'system_name'", ORIGIN);
        limits.address(address, "Parameter 'address'", ORIGIN);
        final String portText = blankToNull(request.getParameter(EventHandlerApi.UNSUBSCRIBE_PORT));
        Integer port = null;
        if (portText != null) {
            try {
                port = Integer.valueOf(portText);
            } catch (final NumberFormatException e) {
                throw ArrowheadException.badPayload("Parameter 'port' is not a whole number.", ORIGIN);
            }
        }
        if (authorizer.remote() && (name == null || address == null || port == null)) {
            throw ArrowheadException.badPayload("An event stream names its subscriber as registered in the Service "
                    + "Registry: give the 'address' and 'port' parameters (and 'system_name' without a client "
                    + "certificate), so that the Authorization system can be asked which publishers may reach it.",
                    ORIGIN);
        }
        return new SystemRequestDTO(name, address, port, null, null);
    }

    /**
     * A stream's grant never changes while it is open (authorization updates re-check stored webhook subscriptions;
     * a stream gets the current rules when it reconnects), so a grant to everyone needs no check per event.
     */
    private static EventFilter streamFilter(final AuthorizationGrant grant) {
        return grant.everyone() ? EventFilter.ALL : grant.filter();
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
    private static SubscriberRequirements requirements(final Request request) {
        final String priority = blankToNull(request.getParameter(EventHandlerApi.PRIORITY_PARAM));
        final String deadline = blankToNull(request.getParameter(EventHandlerApi.DEADLINE_PARAM));
        final String loss = blankToNull(request.getParameter(EventHandlerApi.LOSS_TOLERANCE_PARAM));
        final String latency = blankToNull(request.getParameter(EventHandlerApi.LATENCY_PARAM));
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

    private static <T> T number(final String text, final String parameter,
                                final java.util.function.Function<String, T> parse, final String what) {
        try {
            return parse.apply(text);
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("Parameter '" + parameter + "' must be " + what + ".");
        }
    }

    private void open(final Request request, final Response response, final String eventType, final long resumeAfter,
                      final SubscriberRequirements requirements, final SystemRequestDTO subscriber,
                      final AuthorizationGrant grant) {
        if (openStreams.incrementAndGet() > maxStreams) {
            openStreams.decrementAndGet();
            refuseOverLimit(response, eventType, request.getRemoteAddr() + ":" + request.getRemotePort());
            return;
        }
        response.setStatus(200);
        response.setContentType("text/event-stream;charset=UTF-8");
        response.setHeader(Header.CacheControl, "no-cache");
        response.setHeader("X-Accel-Buffering", "no");
        if (!response.isSuspended()) {
            response.suspend();
        }
        final long streamId = streams.incrementAndGet();
        final String description = "sse#" + streamId + " "
                + (subscriber.systemName() == null ? "" : subscriber.systemName() + "@")
                + request.getRemoteAddr() + ":" + request.getRemotePort();
        final SseSink sink = new SseSink(response, frames, eventType, description, heartbeatIntervalNanos, retryMs,
                problems, openStreams::decrementAndGet);
        final SubscriberOutbox outbox;
        try {
            outbox = broker.subscribe(new SubscribeRequest(eventType, new StreamKey(streamId), description,
                    streamFilter(grant), sink, resumeAfter, requirements));
        } catch (final RuntimeException e) {
            sink.close(CloseReason.UNSUBSCRIBED); // counts the stream out again
            throw e;
        }
        sink.onFailure(reason -> broker.detach(outbox, reason));
        final Connection<?> connection = request.getContext().getConnection();
        connection.addCloseListener(new CloseListener<Closeable, ICloseType>() {
            @Override
            public void onClosed(final Closeable closeable, final ICloseType type) {
                broker.detach(outbox, CloseReason.UNSUBSCRIBED);
            }
        });
        // Grizzly stops reading a connection while its response is suspended, so a client closing an idle stream
        // would go unnoticed until a write to it fails (a heartbeat interval or more later). Reading on lets the
        // end of the stream close the connection at once, and the listener above detach the subscriber.
        try {
            connection.enableIOEvent(IOEvent.READ);
        } catch (final IOException e) {
            broker.detach(outbox, CloseReason.UNSUBSCRIBED);
            return;
        }
        outbox.wake();
    }

    /** Open streams now, for statistics and tests. */
    public int openStreams() {
        return openStreams.get();
    }

    private void refuseOverLimit(final Response response, final String eventType, final String client) {
        problems.report(DeliveryProblemLog.Problem.DISCONNECTED, eventType, client, 0, "STREAM_LIMIT",
                "max_streams=" + maxStreams);
        try {
            response.setHeader("Retry-After", Long.toString(Math.max(1, retryMs / 1000)));
            responses.error(response, 503, ExceptionType.UNAVAILABLE, "The Event Handler holds its maximum of "
                    + maxStreams + " event streams (eh.sse.max.streams): retry later, or subscribe with a webhook.",
                    ORIGIN);
        } catch (final IOException e) {
            LOG.debug("refusing a stream over the limit: {}", e.toString());
        } finally {
            if (response.isSuspended()) {
                response.resume();
            }
        }
    }

    private static String eventType(final Request request) {
        for (final String candidate : new String[] {request.getParameter(EventHandlerApi.EVENT_TYPE_HEADER),
            request.getParameter(EventHandlerApi.EVENT_TYPE_PARAM), request.getHeader(EventHandlerApi.EVENT_TYPE_HEADER)}) {
            if (candidate != null && !candidate.isBlank()) {
                return candidate.trim();
            }
        }
        return null;
    }

    private static long lastEventId(final Request request) {
        final String header = request.getHeader(EventHandlerApi.LAST_EVENT_ID_HEADER);
        if (header == null || header.isBlank()) {
            return -1;
        }
        final long id = Long.parseLong(header.trim());
        if (id < 0) {
            throw new NumberFormatException("negative");
        }
        return id;
    }


    /** Each stream is its own subscriber: keys are unique, so a stream never replaces another. */
    record StreamKey(long id) {
    }
}
