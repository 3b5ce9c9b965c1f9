package io.eventhandler.server.sse;

import io.eventhandler.core.event.TopicName;
import io.eventhandler.server.http.PeerAddress;
import io.eventhandler.server.subscription.AuthorizationGrant;
import io.eventhandler.server.subscription.SubscriptionAuthorizer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.filterchain.BaseFilter;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.http.HttpContent;
import org.glassfish.grizzly.http.HttpRequestPacket;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.Protocol;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/**
 * Opens SSE streams below the HTTP server, between the HTTP codec and Grizzly's HTTP server filter. A suspended
 * HTTP server request keeps its whole parsed request (headers, parameters, their decode buffers, input and output
 * buffers: about 20 KiB) for the stream's lifetime; a stream opened here keeps only its connection, and writes its
 * response head and chunks to it itself ({@link ConnectionOutput}).
 *
 * <p>Only a request that becomes a stream is taken: an HTTP/1.1 keep-alive GET of the stream path without a body,
 * admitted, authorized (asking the Authorization system holds the request, as the handler would) and within the
 * stream limit. Every other request, refusals included, goes on to the HTTP server unchanged, where
 * {@link SseHandler} serves it as before; its checks are the same ({@link StreamAdmission}), so it gives the same
 * answer, and a grant decided here goes with the request ({@link #GRANT}) rather than being asked again.
 */
final class SseTakeoverFilter extends BaseFilter {

    private static final Logger LOG = LoggerFactory.getLogger(SseTakeoverFilter.class);
    /** The request attribute with the grant decided here for a request left to the handler (asked only once). */
    static final String GRANT = SseTakeoverFilter.class.getName() + ".grant";
    /** Set on a connection that carries a stream opened here. */
    private static final Attribute<Boolean> STREAMING =
            Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(SseTakeoverFilter.class.getName() + ".streaming");

    private final String path;
    private final BooleanSupplier serving;
    private final StreamAdmission admission;
    private final SubscriptionAuthorizer authorizer;
    private final StreamSlots slots;
    private final StreamOpener opener;

    SseTakeoverFilter(final String path, final BooleanSupplier serving, final StreamAdmission admission,
                      final SubscriptionAuthorizer authorizer, final StreamSlots slots, final StreamOpener opener) {
        this.path = path;
        this.serving = serving;
        this.admission = admission;
        this.authorizer = authorizer;
        this.slots = slots;
        this.opener = opener;
    }

    @Override
    public NextAction handleRead(final FilterChainContext ctx) {
        final Connection<?> connection = ctx.getConnection();
        if (STREAMING.isSet(connection)) {
            // a client sends nothing after opening a stream; the HTTP server would not serve it while the stream
            // is open either
            return ctx.getStopAction();
        }
        if (!(ctx.getMessage() instanceof HttpContent content)
                || !(content.getHttpHeader() instanceof HttpRequestPacket request)
                || !takeable(content, request)) {
            return ctx.getInvokeAction();
        }
        final StreamAdmission.Admitted stream;
        final PacketStreamRequest view = new PacketStreamRequest(request);
        try {
            stream = admission.admit(view);
        } catch (final RuntimeException e) {
            return ctx.getInvokeAction(); // refused: the handler answers it, with the same checks
        }
        final CompletableFuture<AuthorizationGrant> grant = authorizer.check(stream.subscriber(),
                TopicName.normalise(stream.eventType()), StreamAdmission.ORIGIN);
        if (grant.isDone()) {
            return tryOpen(connection, request, view, stream, grant) ? ctx.getStopAction() : ctx.getInvokeAction();
        }
        // the Authorization system is asked: hold the request, not the worker thread (nor the connection's reads)
        ctx.suspend();
        grant.whenComplete((granted, failure) -> {
            if (tryOpen(connection, request, view, stream, grant)) {
                ctx.resume(ctx.getStopAction());
            } else {
                ctx.resumeNext();
            }
        });
        return ctx.getSuspendAction();
    }

    /**
     * Opens the stream if it was granted and a slot is free; else leaves the request, with its decided grant, to
     * the handler, which answers the refusal.
     */
    private boolean tryOpen(final Connection<?> connection, final HttpRequestPacket request,
                            final PacketStreamRequest view, final StreamAdmission.Admitted stream,
                            final CompletableFuture<AuthorizationGrant> grant) {
        if (grant.isCompletedExceptionally() || !slots.tryAcquire(PeerAddress.of(connection))) {
            request.setAttribute(GRANT, grant);
            return false;
        }
        STREAMING.set(connection, Boolean.TRUE);
        try {
            opener.open(stream, grant.join(), new ConnectionOutput(connection), connection, view.client());
        } catch (final RuntimeException e) {
            // the stream's sink has closed it and given its slot back
            LOG.warn("could not open the event stream of {}: {}", view.client(), e.toString());
        }
        return true;
    }

    /** Whether the request is one this filter can answer as the HTTP server would answer it. */
    private boolean takeable(final HttpContent content, final HttpRequestPacket request) {
        return content.isLast()
                && request.getMethod() == Method.GET
                && request.getProtocol() == Protocol.HTTP_1_1
                && request.getProcessingState().isKeepAlive()
                && request.getContentLength() <= 0 && !request.isChunked()
                && path.equals(request.getRequestURI())
                && serving.getAsBoolean();
    }
}
