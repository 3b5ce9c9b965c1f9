package io.eventhandler.server.sse;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.GapNotice;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.server.calibration.StageRecorder;
import io.eventhandler.server.config.StreamConfiguration;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.AsyncResponses;
import io.eventhandler.server.http.ErrorResponses;
import io.eventhandler.server.http.GrizzlyResponses;
import io.eventhandler.server.http.PeerAddress;
import io.eventhandler.server.qos.AdmissionCheck;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.subscription.AuthorizationGrant;
import io.eventhandler.server.subscription.SubscriptionAuthorizer;
import io.eventhandler.server.validation.RequestLimits;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.server.validation.TopicLimit;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.IOEvent;
import org.glassfish.grizzly.filterchain.Filter;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.http.util.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * {@code GET /eventhandler/subscription}: one SSE stream of one topic, named by the {@code eventtype} header or the
 * {@code eventtype} / {@code event_type} query parameter. {@code Last-Event-ID} resumes from the topic's history.
 * The stream carries only the events of publishers authorized for its subscriber (see {@code subscriber}).
 *
 * <p>Served by Grizzly directly rather than Jersey's {@code SseEventSink}: the stream must be written without ever
 * blocking a delivery thread (Grizzly's {@code canWrite}/{@code notifyCanWrite}), and no thread is held per stream.
 * Most streams never reach this handler: {@link #takeover} opens them below the HTTP server, which then keeps
 * nothing of their request. What it leaves (refusals, HTTP/1.0, {@code Connection: close}) is served here, a stream
 * on a suspended response.
 */
public final class SseHandler extends HttpHandler {

    private static final Logger LOG = LoggerFactory.getLogger(SseHandler.class);
    private static final String ORIGIN = StreamAdmission.ORIGIN;

    private final GrizzlyResponses responses;
    private final long retryMs;
    private final SubscriptionAuthorizer authorizer;
    private final StreamAdmission admission;
    private final DeliveryProblemLog problems;
    private final StreamSlots slots;
    private final StreamOpener opener;

    /**
     * @param streams    the reconnect delay told to clients and the heartbeat interval
     * @param maxStreams streams open at once; one more is answered 503 (each holds a few KiB of heap)
     * @param stalls     where streams that stopped taking writes count what they hold
     * @param stages     where the wait and write stages are recorded ({@link StageRecorder#NONE} unless calibrating)
     */
    public SseHandler(final Broker broker, final ObjectMapper mapper, final GrizzlyResponses responses,
                      final StreamConfiguration streams, final AccessControl access,
                      final SubscriptionAuthorizer authorizer, final RequestLimits limits, final TopicLimit topics,
                      final AdmissionCheck admission, final DeliveryProblemLog problems,
                      final int maxStreams, final StalledStreamMemory stalls, final StageRecorder stages) {
        this.problems = problems;
        this.responses = responses;
        this.retryMs = streams.retryMs();
        this.authorizer = authorizer;
        this.admission = new StreamAdmission(access, limits, topics, admission, authorizer.remote(),
                broker.numbering());
        this.slots = new StreamSlots(maxStreams, stalls);
        this.opener = new StreamOpener(broker, new SseFrames(mapper.writerFor(GapNotice.class), broker.numbering()),
                retryMs, TimeUnit.MILLISECONDS.toNanos(streams.heartbeatIntervalMs()), problems, slots, stalls,
                stages);
    }

    /**
     * The filter that opens this handler's streams below the HTTP server, to be placed right after the HTTP codec.
     *
     * @param serving whether this instance serves subscribers now (a backup leaves them to the router's 503)
     */
    public Filter takeover(final BooleanSupplier serving) {
        return new SseTakeoverFilter(EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION, serving, admission,
                authorizer, slots, opener);
    }

    @Override
    public void service(final Request request, final Response response) throws Exception {
        if (!Method.GET.equals(request.getMethod())) {
            response.setHeader(Header.Allow, "GET");
            responses.error(response, 405, ExceptionType.BAD_PAYLOAD, "Only GET opens an event stream.", ORIGIN);
            return;
        }
        final StreamAdmission.Admitted stream;
        try {
            stream = admission.admit(new ServerStreamRequest(request));
        } catch (final ArrowheadException e) {
            responses.error(response, ErrorResponses.body(e));
            return;
        }
        final CompletableFuture<AuthorizationGrant> grant = grant(request, stream);
        if (grant.isDone() && !grant.isCompletedExceptionally()) {
            open(request, response, stream, grant.join());
            return;
        }
        // the Authorization system is asked: hold the request, not the worker thread
        response.suspend();
        grant.whenComplete((granted, failure) -> {
            try {
                if (failure == null) {
                    open(request, response, stream, granted);
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

    /** The grant {@link #takeover} decided already for a request it left here, or a new check. */
    @SuppressWarnings("unchecked")
    private CompletableFuture<AuthorizationGrant> grant(final Request request, final StreamAdmission.Admitted stream) {
        final Object decided = request.getAttribute(SseTakeoverFilter.GRANT);
        return decided instanceof CompletableFuture<?> given ? (CompletableFuture<AuthorizationGrant>) given
                : authorizer.check(stream.subscriber(), TopicName.normalise(stream.eventType()), ORIGIN);
    }

    private void open(final Request request, final Response response, final StreamAdmission.Admitted stream,
                      final AuthorizationGrant grant) {
        final String client = request.getRemoteAddr() + ":" + request.getRemotePort();
        final Connection<?> connection = request.getContext().getConnection();
        final String address = PeerAddress.of(connection);
        if (!slots.tryAcquire(address)) {
            if (!slots.stalls().admits(address)) {
                refuse(response, stream.eventType(), client, "STALLED_MEMORY", "stalled_bytes="
                        + slots.stalls().heldBytes() + " budget_bytes=" + slots.stalls().budgetBytes(),
                        "Event streams whose clients do not read hold more memory than allowed "
                                + "(eh.sse.stalled.memory.bytes): retry later, or subscribe with a webhook.");
            } else {
                refuse(response, stream.eventType(), client, "STREAM_LIMIT", "max_streams=" + slots.max(),
                        "The Event Handler holds its maximum of " + slots.max()
                                + " event streams (eh.sse.max.streams): retry later, or subscribe with a webhook.");
            }
            return;
        }
        response.setStatus(200);
        response.setContentType("text/event-stream;charset=UTF-8");
        response.setHeader(Header.CacheControl, "no-cache");
        response.setHeader("X-Accel-Buffering", "no");
        if (!response.isSuspended()) {
            response.suspend();
        }
        if (!opener.open(stream, grant, new ResponseOutput(response), connection, client)) {
            return;
        }
        // Grizzly stops reading a connection while its response is suspended, so a client closing an idle stream
        // would go unnoticed until a write to it fails (a heartbeat interval or more later). Reading on lets the
        // end of the stream close the connection at once, and the opener's close listener detach the subscriber.
        try {
            connection.enableIOEvent(IOEvent.READ);
        } catch (final IOException e) {
            connection.closeSilently();
        }
    }

    /** Open streams now, for statistics and tests. */
    public int openStreams() {
        return slots.open();
    }

    private void refuse(final Response response, final String eventType, final String client, final String reason,
                        final String detail, final String message) {
        problems.report(DeliveryProblemLog.Problem.DISCONNECTED, eventType, client, 0, reason, detail);
        try {
            response.setHeader("Retry-After", Long.toString(Math.max(1, retryMs / 1000)));
            responses.error(response, 503, ExceptionType.UNAVAILABLE, message, ORIGIN);
        } catch (final IOException e) {
            LOG.debug("refusing a stream ({}): {}", reason, e.toString());
        } finally {
            if (response.isSuspended()) {
                response.resume();
            }
        }
    }
}
