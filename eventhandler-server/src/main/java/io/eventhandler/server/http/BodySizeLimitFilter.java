package io.eventhandler.server.http;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * Refuses request bodies over the configured limit: at once when {@code Content-Length} says so, otherwise (chunked
 * bodies) as soon as reading passes the limit. A path may have a limit of its own (the replication batch, which
 * carries the whole mirrored state).
 */
@PreMatching
public final class BodySizeLimitFilter implements ContainerRequestFilter {

    /** A limit, and the setting that sets it (named in the 413). */
    public record Limit(long bytes, String key) {
    }

    private final Limit defaultLimit;
    private final Map<String, Limit> limitsByPath;

    /**
     * @param limitsByPath absolute request paths (e.g. {@code /eventhandler/replication/batch}) with limits of their own
     */
    public BodySizeLimitFilter(final Limit limit, final Map<String, Limit> limitsByPath) {
        this.defaultLimit = limit;
        this.limitsByPath = Map.copyOf(limitsByPath);
    }

    @Override
    public void filter(final ContainerRequestContext request) throws IOException {
        final Limit limit = limitsByPath.isEmpty() ? defaultLimit
                : limitsByPath.getOrDefault(request.getUriInfo().getRequestUri().getPath(), defaultLimit);
        if (request.getLength() > limit.bytes()) {
            throw new PayloadTooLargeException(limit.bytes(), limit.key());
        }
        // hasEntity() would peek at the stream, which fails on a body-less upgrade request (the JDK client's GET
        // offering h2c): only a declared body is wrapped
        if (request.getLength() > 0 || request.getHeaderString("Transfer-Encoding") != null) {
            request.setEntityStream(new LimitedInputStream(request.getEntityStream(), limit));
        }
    }

    private static final class LimitedInputStream extends FilterInputStream {
        private final Limit limit;
        private long read;

        LimitedInputStream(final InputStream in, final Limit limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            final int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(final byte[] buffer, final int offset, final int length) throws IOException {
            final int n = super.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(final int n) throws PayloadTooLargeException {
            read += n;
            if (read > limit.bytes()) {
                throw new PayloadTooLargeException(limit.bytes(), limit.key());
            }
        }
    }
}
