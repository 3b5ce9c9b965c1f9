package io.eventhandler.server.testing;

import io.eventhandler.api.EventDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.GapNotice;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import javax.net.ssl.SSLContext;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An SSE subscriber on a raw socket: sends {@code GET /eventhandler/subscription} (optionally with
 * {@code Last-Event-ID}), then parses the stream into frames on a background thread. It can also open a stream and
 * not read it (a stalled subscriber with a tiny receive buffer), and start reading later.
 */
public final class SseTestClient implements AutoCloseable {

    /** One dispatched SSE frame; {@code event} is null for data events. */
    public record Frame(String id, String event, String data) {
        public boolean isGap() {
            return EventHandlerApi.GAP_EVENT_NAME.equals(event);
        }

        /** The sequence number in the id ({@code <numbering>-<sequence>}). */
        public long sequence() {
            return Long.parseLong(id.substring(id.lastIndexOf('-') + 1));
        }

        /** The numbering token in the id. */
        public String numbering() {
            return id.substring(0, id.lastIndexOf('-'));
        }

        public EventDTO eventDto() {
            return EhHttp.read(data, EventDTO.class);
        }

        public GapNotice gap() {
            return EhHttp.read(data, GapNotice.class);
        }
    }

    private final RawHttp http;
    private final List<Frame> frames = new CopyOnWriteArrayList<>();
    private final AtomicInteger comments = new AtomicInteger();
    private volatile Long retry;
    private volatile int status;
    private volatile java.util.Map<String, String> headers = java.util.Map.of();
    private volatile boolean ended;
    private volatile String errorBody;

    private SseTestClient(final RawHttp http) {
        this.http = http;
    }

    /** Subscribe to {@code eventType} by query parameter and return once the stream's head has arrived. */
    public static SseTestClient open(final URI base, final String eventType) {
        return openQuery(base, "?eventtype=" + encode(eventType));
    }

    /**
     * Send {@code GET /eventhandler/subscription<query>} with the extra header lines and return once the response
     * head has arrived (for a 200 the stream is attached to its topic then: the server sends the head only after).
     */
    public static SseTestClient openQuery(final URI base, final String query, final String... headers) {
        return openQuery(base, null, query, headers);
    }

    /** {@link #openQuery(URI, String, String...)} over TLS with this context (null for plain HTTP). */
    public static SseTestClient openQuery(final URI base, final SSLContext tls, final String query,
                                          final String... headers) {
        return readHead(send(base, 0, tls, query, headers));
    }

    /**
     * {@link #openQuery(URI, String, String...)} from this local address: another loopback address (127.0.0.2) is
     * another client address to the server.
     */
    public static SseTestClient openQueryFrom(final URI base, final String localAddress, final String query,
                                              final String... headers) {
        return readHead(send(RawHttp.connectFrom(base, localAddress), query, headers));
    }

    private static SseTestClient readHead(final SseTestClient client) {
        try {
            final RawHttp.Head head = client.http.readHead();
            client.status = head.status();
            client.headers = head.headers();
            if (head.status() != 200) {
                client.errorBody = new String(client.http.bodyStream(head).readNBytes(
                        Integer.parseInt(head.headers().getOrDefault("content-length", "0"))), StandardCharsets.UTF_8);
                client.ended = true;
                return client;
            }
            client.http.readTimeout(0);
            client.readInBackground(head);
            return client;
        } catch (final IOException e) {
            client.close();
            throw new UncheckedIOException(e);
        }
    }

    /** Send the subscription request but read nothing (not even the head) until {@link #startReading()}. */
    public static SseTestClient openPaused(final URI base, final String eventType, final int receiveBuffer) {
        return send(base, receiveBuffer, null, "?eventtype=" + encode(eventType));
    }

    /** {@link #openPaused(URI, String, int)} with a query and extra header lines. */
    public static SseTestClient openPausedQuery(final URI base, final String query, final int receiveBuffer,
                                                final String... headers) {
        return send(base, receiveBuffer, null, query, headers);
    }

    private static SseTestClient send(final URI base, final int receiveBuffer, final SSLContext tls,
                                      final String query, final String... headers) {
        return send(RawHttp.connect(base, receiveBuffer, tls), query, headers);
    }

    private static SseTestClient send(final RawHttp http, final String query, final String... headers) {
        final String[] all = new String[headers.length + 1];
        all[0] = "Accept: text/event-stream";
        System.arraycopy(headers, 0, all, 1, headers.length);
        http.send("GET", EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION + query, null, all);
        return new SseTestClient(http);
    }

    /** Start reading a paused stream. */
    public void startReading() {
        http.readTimeout(0);
        final Thread thread = new Thread(() -> {
            try {
                final RawHttp.Head head = http.readHead();
                headers = head.headers();
                if (head.status() != 200) {
                    errorBody = new String(http.bodyStream(head).readNBytes(Integer.parseInt(
                            head.headers().getOrDefault("content-length", "0"))), StandardCharsets.UTF_8);
                    status = head.status();
                    ended = true;
                    return;
                }
                status = head.status();
                parse(head);
            } catch (final IOException | RuntimeException e) {
                ended = true;
            }
        }, "sse-test-client");
        thread.setDaemon(true);
        thread.start();
    }

    private void readInBackground(final RawHttp.Head head) {
        final Thread thread = new Thread(() -> {
            try {
                parse(head);
            } catch (final IOException | RuntimeException e) {
                ended = true;
            }
        }, "sse-test-client");
        thread.setDaemon(true);
        thread.start();
    }

    private void parse(final RawHttp.Head head) throws IOException {
        final BufferedReader reader = new BufferedReader(
                new InputStreamReader(http.bodyStream(head), StandardCharsets.UTF_8), 64 * 1024);
        String id = null;
        String event = null;
        StringBuilder data = null;
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isEmpty()) {
                if (data != null) {
                    frames.add(new Frame(id, event, data.toString()));
                }
                id = null;
                event = null;
                data = null;
            } else if (line.startsWith(":")) {
                comments.incrementAndGet();
            } else {
                final int colon = line.indexOf(':');
                final String field = colon < 0 ? line : line.substring(0, colon);
                String value = colon < 0 ? "" : line.substring(colon + 1);
                if (value.startsWith(" ")) {
                    value = value.substring(1);
                }
                switch (field) {
                    case "id" -> id = value;
                    case "event" -> event = value;
                    case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                    case "retry" -> retry = Long.parseLong(value);
                    default -> { }
                }
            }
        }
        ended = true;
    }

    /** Every dispatched frame, in order. */
    public List<Frame> frames() {
        return List.copyOf(frames);
    }

    /** The data events (frames without an event name). */
    public List<Frame> dataFrames() {
        return frames.stream().filter(f -> f.event() == null).toList();
    }

    /** The ids of the data events, in order. */
    public List<Long> ids() {
        return dataFrames().stream().map(Frame::sequence).toList();
    }

    public List<EventDTO> events() {
        return dataFrames().stream().map(Frame::eventDto).toList();
    }

    public List<String> payloads() {
        return events().stream().map(EventDTO::payload).toList();
    }

    public List<GapNotice> gaps() {
        final List<GapNotice> gaps = new ArrayList<>();
        for (final Frame frame : frames) {
            if (frame.isGap()) {
                gaps.add(frame.gap());
            }
        }
        return gaps;
    }

    /** Comment lines seen (heartbeats). */
    public int comments() {
        return comments.get();
    }

    /** The {@code retry:} value, once seen. */
    public Long retry() {
        return retry;
    }

    /** The response status, once the head was read (0 before). */
    public int status() {
        return status;
    }

    /** The response headers (lower-case names), once the head was read. */
    public java.util.Map<String, String> headers() {
        return headers;
    }

    /** The body of a non-200 answer. */
    public String errorBody() {
        return errorBody;
    }

    /** Whether the stream ended (the server closed it, or reading failed). */
    public boolean ended() {
        return ended;
    }

    public int localPort() {
        return http.localPort();
    }

    private static String encode(final String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        http.close();
    }
}
