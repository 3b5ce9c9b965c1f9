package io.eventhandler.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.config.HttpConfiguration;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.EmptyCompletionHandler;
import org.glassfish.grizzly.WriteResult;
import org.glassfish.grizzly.filterchain.BaseFilter;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.FilterChainEvent;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.http.HttpBrokenContent;
import org.glassfish.grizzly.http.HttpContent;
import org.glassfish.grizzly.http.HttpRequestPacket;
import org.glassfish.grizzly.http.HttpResponsePacket;
import org.glassfish.grizzly.http.util.Header;
import org.glassfish.grizzly.http.util.HttpStatus;
import org.glassfish.grizzly.memory.Buffers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Right above the HTTP codec: a request reaches the handlers, and with them a worker thread that would block reading
 * its body, only once it has arrived whole. A body that arrives in pieces is gathered here, on the reading thread,
 * between reads (no thread waits for it), and handed up as one piece; a request that arrives whole in one read (the
 * usual publish) passes untouched. The guard's deadline sweep has a request still arriving answered 408 here.
 *
 * <p>{@code Expect: 100-continue} is acknowledged here, since the handler that would acknowledge it runs only once
 * the body is in. A body declared larger than {@code holdLimit} (the largest any endpoint takes) is not gathered:
 * the request goes up at once and its handler refuses it with 413 without reading it.
 */
public final class WholeRequestFilter extends BaseFilter {

    private static final Logger LOG = LoggerFactory.getLogger(WholeRequestFilter.class);

    private final long holdLimit;
    private final long timeoutMs;
    private final ObjectWriter errorWriter;
    private final ConnectionStatistics statistics;

    public WholeRequestFilter(final long holdLimit, final long timeoutMs, final ObjectWriter errorWriter,
                              final ConnectionStatistics statistics) {
        this.holdLimit = holdLimit;
        this.timeoutMs = timeoutMs;
        this.errorWriter = errorWriter;
        this.statistics = statistics;
    }

    @Override
    public NextAction handleRead(final FilterChainContext ctx) {
        if (!(ctx.getMessage() instanceof HttpContent content)
                || !(content.getHttpHeader() instanceof HttpRequestPacket request)) {
            return ctx.getInvokeAction();
        }
        final ClientConnection client = ConnectionGuard.CLIENT.get(ctx.getConnection());
        if (client == null) {
            return ctx.getInvokeAction();
        }
        if (client.request == null && !client.cut && (content.isLast() || content instanceof HttpBrokenContent
                || upgradeWithoutBody(request))) {
            client.arrived(); // the usual case: the whole request in one read
            return ctx.getInvokeAction();
        }
        synchronized (client) {
            return gather(ctx, client, request, content);
        }
    }

    private NextAction gather(final FilterChainContext ctx, final ClientConnection client,
                              final HttpRequestPacket request, final HttpContent content) {
        if (client.cut) {
            if (content.isLast()) {
                client.cut = false;
            }
            return ctx.getStopAction(); // the rest of a request answered 408; the connection is closing
        }
        if (client.request == null) {
            if (!startGathering(ctx, request)) {
                client.arrived();
                return ctx.getInvokeAction();
            }
            client.request = request;
            client.body = Buffers.EMPTY_BUFFER;
        }
        if (content instanceof HttpBrokenContent) {
            clear(client);
            client.arrived();
            return ctx.getInvokeAction();
        }
        client.body = Buffers.appendBuffers(ctx.getMemoryManager(), client.body, content.getContent());
        if (!content.isLast() && !(request.isUpgrade() && client.body.remaining() >= request.getContentLength())) {
            return ctx.getStopAction();
        }
        final HttpContent whole = HttpContent.builder(request).content(client.body).last(true).build();
        clear(client);
        client.arrived();
        ctx.setMessage(whole);
        return ctx.getInvokeAction();
    }

    /**
     * A request asking to switch protocols (the JDK client's and curl's {@code Upgrade: h2c}): the codec passes
     * everything after its head up as content that never ends, since after a switch the bytes are the new protocol's.
     * The Event Handler never switches and answers in HTTP/1.1, so such a request is whole once its declared body is
     * in: at once without one; with a {@code Content-Length}, when that many bytes are gathered. One without a length
     * (chunked) is never whole and the deadline cuts it.
     */
    private static boolean upgradeWithoutBody(final HttpRequestPacket request) {
        return request.isUpgrade() && request.getContentLength() <= 0 && !request.isChunked();
    }

    /**
     * Whether to gather this request's body; acknowledges {@code Expect: 100-continue} if so. Not when the body is
     * declared too large, nor with another expectation (the handler answers 417).
     */
    private boolean startGathering(final FilterChainContext ctx, final HttpRequestPacket request) {
        if (request.getContentLength() > holdLimit) {
            return false;
        }
        if (request.requiresAcknowledgement()) {
            if (!"100-continue".equalsIgnoreCase(request.getHeader(Header.Expect))) {
                return false;
            }
            final HttpResponsePacket response = request.getResponse();
            response.setStatus(HttpStatus.CONINTUE_100);
            response.setAcknowledgement(true);
            ctx.write(response); // encoded now (the codec clears the expectation), sent asynchronously
            response.setStatus(HttpStatus.OK_200);
        }
        return true;
    }

    private static void clear(final ClientConnection client) {
        client.request = null;
        client.body = null;
    }

    @Override
    public NextAction handleEvent(final FilterChainContext ctx, final FilterChainEvent event) {
        if (!(event instanceof ConnectionGuard.RequestTimeout timeout)) {
            return ctx.getInvokeAction();
        }
        final ClientConnection client = timeout.client();
        final HttpRequestPacket request;
        synchronized (client) {
            request = client.request;
            if (request == null || client.cut) {
                return ctx.getStopAction(); // arrived whole meanwhile
            }
            clear(client);
            client.cut = true;
        }
        statistics.cutInBody();
        LOG.debug("Request from {} answered 408: its body did not arrive within {} ms", client.address, timeoutMs);
        answerTimeout(ctx, request);
        return ctx.getStopAction();
    }

    private void answerTimeout(final FilterChainContext ctx, final HttpRequestPacket request) {
        final Connection<?> connection = ctx.getConnection();
        final byte[] body;
        try {
            body = errorWriter.writeValueAsBytes(new ErrorMessageDTO("The request did not arrive whole within "
                    + timeoutMs + " ms (" + HttpConfiguration.REQUEST_TIMEOUT.key() + "): send the body without "
                    + "pauses, on a new connection.", 408, ExceptionType.BAD_PAYLOAD, null));
        } catch (final JsonProcessingException e) {
            connection.closeSilently();
            return;
        }
        final HttpResponsePacket response = request.getResponse();
        response.setStatus(HttpStatus.REQUEST_TIMEOUT_408);
        response.getProcessingState().setKeepAlive(false);
        response.getHeaders().setValue(Header.Connection).setString("close");
        response.getHeaders().setValue(Header.ContentType).setString("application/json");
        response.setContentLength(body.length);
        final Buffer content = Buffers.wrap(ctx.getMemoryManager(), body);
        ctx.write(HttpContent.builder(response).content(content).last(true).build(),
                new EmptyCompletionHandler<WriteResult>() {
                    @Override
                    public void completed(final WriteResult result) {
                        connection.closeSilently();
                    }

                    @Override
                    public void failed(final Throwable throwable) {
                        connection.closeSilently();
                    }
                });
    }
}
