package io.eventhandler.server.observability;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.ErrorAnsweringHandler;
import io.eventhandler.server.http.ErrorResponses;
import io.eventhandler.server.http.GrizzlyResponses;
import io.eventhandler.server.runtime.Runner;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.io.NIOOutputStream;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.http.util.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * {@code GET /eventhandler/status/stream}: a {@link StatusSnapshot} as an SSE {@code data:} line once a second to
 * every open status page. One timer thread builds each snapshot once and writes it to every stream without
 * blocking; a page that does not read its stream misses ticks (each snapshot replaces the last) instead of holding
 * the thread. No Grizzly worker is held by an open page.
 */
public final class StatusStream extends ErrorAnsweringHandler implements AutoCloseable {

    static final String ORIGIN = "eventhandler/status/stream";
    private static final Logger LOG = LoggerFactory.getLogger(StatusStream.class);

    private final ObservedState state;
    private final ObjectWriter writer;
    private final MetricsAccess access;
    private final Set<Response> streams = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService timer;

    public StatusStream(final ObservedState state, final ObjectWriter writer, final MetricsAccess access,
                        final GrizzlyResponses responses, final long periodMs, final Runner runner) {
        super(responses);
        this.timer = runner.timer("eh-status", Duration.ofMillis(periodMs));
        this.state = state;
        this.writer = writer;
        this.access = access;
        timer.scheduleAtFixedRate(this::tick, periodMs, periodMs, TimeUnit.MILLISECONDS);
    }

    @Override
    public void service(final Request request, final Response response) throws Exception {
        if (!Method.GET.equals(request.getMethod())) {
            response.setHeader(Header.Allow, "GET");
            responses.error(response, 405, ExceptionType.BAD_PAYLOAD, "Only GET opens the status stream.", ORIGIN);
            return;
        }
        try {
            access.requireReader(request, ORIGIN);
        } catch (final ArrowheadException e) {
            responses.error(response, ErrorResponses.body(e));
            return;
        }
        response.setContentType("text/event-stream;charset=utf-8");
        response.setHeader(Header.CacheControl, "no-cache");
        response.suspend();
        request.getContext().getConnection().addCloseListener((closeable, type) -> streams.remove(response));
        streams.add(response);
        // the first snapshot at once: the page shows something before the first tick
        send(response, frame());
    }

    private void tick() {
        if (streams.isEmpty()) {
            return;
        }
        try {
            final byte[] frame = frame();
            streams.forEach(response -> send(response, frame));
        } catch (final RuntimeException e) {
            LOG.warn("status snapshot failed", e);
        }
    }

    private byte[] frame() {
        try {
            return ("data: " + writer.writeValueAsString(StatusSnapshot.of(state, state.sample(),
                    System.currentTimeMillis())) + "\n\n").getBytes(StandardCharsets.UTF_8);
        } catch (final JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private void send(final Response response, final byte[] frame) {
        final NIOOutputStream out = response.getNIOOutputStream();
        if (!out.canWrite()) {
            return; // the page is not reading: it gets the next snapshot instead
        }
        try {
            synchronized (response) {
                out.write(frame);
                out.flush();
            }
        } catch (final IOException | RuntimeException e) {
            streams.remove(response);
            end(response);
        }
    }

    private static void end(final Response response) {
        try {
            if (response.isSuspended()) {
                response.resume();
            }
        } catch (final RuntimeException ignored) {
            // the connection is gone already
        }
    }

    /** Streams open now (for tests and metrics). */
    public int open() {
        return streams.size();
    }

    @Override
    public void close() {
        timer.shutdownNow();
        streams.forEach(StatusStream::end);
        streams.clear();
    }
}
