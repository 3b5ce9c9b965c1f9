package io.eventhandler.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.server.config.LimitsConfiguration;
import org.glassfish.grizzly.filterchain.FilterChainBuilder;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.http.ContentEncoding;
import org.glassfish.grizzly.http.HttpContent;
import org.glassfish.grizzly.http.HttpHeader;
import org.glassfish.grizzly.http.HttpResponsePacket;
import org.glassfish.grizzly.http.HttpServerFilter;
import org.glassfish.grizzly.http.Protocol;
import org.glassfish.grizzly.http.server.AddOn;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.http.util.Header;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.memory.MemoryManager;
import org.glassfish.grizzly.utils.DelayedExecutor;

import java.io.IOException;

/**
 * Grizzly's HTTP codec, except that a request it cannot parse (head over {@code eh.max.header.bytes}, malformed
 * request line or headers, broken chunked body) is answered with an {@code ErrorMessageDTO} like every other error,
 * not with Grizzly's bare 400. These answers come from below every handler, so only the codec can give them a body.
 */
public final class ErrorBodyHttpCodec extends HttpServerFilter {

    /** Why the request being refused failed, for the body of the refusal (set and read on the same thread). */
    private static final ThreadLocal<String> PROBLEM = new ThreadLocal<>();

    private final ObjectWriter errorWriter;
    private final int maxHeaderBytes;

    private ErrorBodyHttpCodec(final NetworkListener listener, final DelayedExecutor executor,
                               final ObjectWriter errorWriter) {
        super(listener.isChunkingEnabled(), listener.getMaxHttpHeaderSize(), null, listener.getKeepAlive(), executor,
                listener.getMaxRequestHeaders(), listener.getMaxResponseHeaders());
        this.errorWriter = errorWriter;
        this.maxHeaderBytes = listener.getMaxHttpHeaderSize();
    }

    /**
     * Puts this codec in place of the stock one when the listener builds its filter chain, keeping the stock one's
     * settings; {@code executor} runs its keep-alive timeouts and must be started and stopped by the caller.
     */
    public static AddOn installer(final DelayedExecutor executor, final ObjectWriter errorWriter) {
        return (final NetworkListener listener, final FilterChainBuilder builder) -> {
            final int index = builder.indexOfType(HttpServerFilter.class);
            final HttpServerFilter stock = (HttpServerFilter) builder.get(index);
            final ErrorBodyHttpCodec codec = new ErrorBodyHttpCodec(listener, executor, errorWriter);
            for (final ContentEncoding encoding : stock.getContentEncodings()) {
                codec.addContentEncoding(encoding);
            }
            codec.setAllowPayloadForUndefinedHttpMethods(stock.isAllowPayloadForUndefinedHttpMethods());
            codec.setMaxPayloadRemainderToSkip(stock.getMaxPayloadRemainderToSkip());
            codec.getMonitoringConfig().addProbes(stock.getMonitoringConfig().getProbes());
            builder.set(index, codec);
        };
    }

    @Override
    protected void onHttpHeaderError(final HttpHeader header, final FilterChainContext ctx, final Throwable t)
            throws IOException {
        final String reason = t == null ? null : t.getMessage();
        PROBLEM.set(reason != null && reason.contains("too large")
                ? "The request line and headers are larger than the limit of " + maxHeaderBytes + " bytes ("
                        + LimitsConfiguration.MAX_HEADER_BYTES.key() + ")."
                : "The request is not valid HTTP/1.1" + (reason == null ? "." : ": " + reason));
        try {
            super.onHttpHeaderError(header, ctx, t);
        } finally {
            PROBLEM.remove();
        }
    }

    @Override
    protected void onHttpContentError(final HttpHeader header, final FilterChainContext ctx, final Throwable t)
            throws IOException {
        PROBLEM.set("The request body is not valid HTTP/1.1" + (t == null || t.getMessage() == null ? "."
                : ": " + t.getMessage()));
        try {
            super.onHttpContentError(header, ctx, t);
        } finally {
            PROBLEM.remove();
        }
    }

    @Override
    protected HttpContent customizeErrorResponse(final HttpResponsePacket response) {
        if (response.getStatus() >= 500) {
            // Grizzly says 505 to a request line it cannot split into method, target and version: a bad request
            response.setStatus(400);
        }
        // the answer is encoded after the request's version, which may be garbage here (it would fail to encode,
        // with a logged warning and no answer at all)
        response.getRequest().setProtocol(Protocol.HTTP_1_1);
        response.setProtocol(Protocol.HTTP_1_1);
        final int status = response.getStatus();
        final String problem = PROBLEM.get();
        final byte[] body;
        try {
            body = errorWriter.writeValueAsBytes(new ErrorMessageDTO(
                    problem == null ? "HTTP " + status : problem, status, ErrorResponses.typeOf(status), null));
        } catch (final JsonProcessingException e) {
            return super.customizeErrorResponse(response);
        }
        // as a plain header: the codec writes the typed content type only on the normal response path
        response.getHeaders().setValue(Header.ContentType).setString("application/json");
        response.setContentLength(body.length);
        return HttpContent.builder(response)
                .content(Buffers.wrap(MemoryManager.DEFAULT_MEMORY_MANAGER, body))
                .last(true)
                .build();
    }
}
