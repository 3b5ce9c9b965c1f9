package io.eventhandler.benchmarks.load;

import io.eventhandler.api.EpochMicros;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.GapNotice;
import io.eventhandler.api.JsonMapper;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One SSE stream of the lean client: a blocking socket (TLS in secure mode) read by its own thread into a 64 KiB buffer, decoded by an
 * {@link SseStreamDecoder}, each event's two needed fields handed to the probe with the instant the read returned.
 * It does not reconnect: a broken stream is reported to the probe as a disconnect and the run shows the loss.
 *
 * <p>To Centrifugo ({@link #toCentrifugo}) it opens the unidirectional SSE transport with the channel in the
 * {@code cf_connect} request; it is ready at the {@code connect} push (the subscription is made by then), hands on
 * each publication push (whose {@code data} is the event object) and skips the other pushes (pings, the connect).
 */
final class RawSseStream implements SseFleet.Stream, SseStreamDecoder.Handler {

    private static final Logger LOG = LoggerFactory.getLogger(RawSseStream.class);
    private static final ObjectMapper MAPPER = JsonMapper.create();
    private static final int CONNECT_TIMEOUT_MS = 5_000;

    private final Transport transport;
    private final URI baseUri;
    private final String topic;
    private final SubscriberProbe probe;
    private final boolean centrifugo;
    private final Thread thread;
    private volatile Socket socket;
    private volatile boolean connected;
    private volatile boolean closing;

    RawSseStream(final Transport transport, final URI baseUri, final String topic, final SubscriberProbe probe) {
        this(transport, baseUri, topic, probe, false);
    }

    private RawSseStream(final Transport transport, final URI baseUri, final String topic,
                         final SubscriberProbe probe, final boolean centrifugo) {
        this.transport = transport;
        this.baseUri = baseUri;
        this.topic = topic;
        this.probe = probe;
        this.centrifugo = centrifugo;
        this.thread = new Thread(this::read, "lean-sse-" + probe.name() + "-" + topic);
        this.thread.setDaemon(true);
    }

    /**
     * A stream of Centrifugo's channel {@code topic} over plain HTTP, anonymous.
     *
     * @param baseUri Centrifugo's HTTP address
     * @param topic   the channel
     * @param probe   where publications go
     * @return the stream, not started
     */
    static RawSseStream toCentrifugo(final URI baseUri, final String topic, final SubscriberProbe probe) {
        return new RawSseStream(Transport.PLAIN, baseUri, topic, probe, true);
    }

    /** Connects and starts reading on the stream's thread. */
    RawSseStream start() {
        thread.start();
        return this;
    }

    private void read() {
        final int port = transport.port(baseUri);
        if (closing) {
            return;
        }
        try (Socket s = transport.connect(baseUri.getHost(), port, CONNECT_TIMEOUT_MS)) {
            socket = s;
            if (closing) {
                return;
            }
            s.getOutputStream().write(request(port).getBytes(StandardCharsets.UTF_8));
            final HttpReader reader = new HttpReader(s.getInputStream(), 64 * 1024);
            final HttpReader.Head head = reader.readHead();
            if (head.status() != 200) {
                final String body = head.contentLength() > 0 ? reader.readBody(head.contentLength()) : "";
                throw new IOException("subscription answered HTTP " + head.status() + ": " + body);
            }
            connected = !centrifugo;
            final SseStreamDecoder decoder = new SseStreamDecoder(head.chunked(), this);
            final byte[] buffer = new byte[64 * 1024];
            while (!decoder.ended()) {
                final int n = reader.read(buffer, 0, buffer.length);
                decoder.feed(buffer, 0, n, EpochMicros.now());
            }
            throw new IOException("the server ended the stream");
        } catch (final IOException | RuntimeException e) {
            if (!closing) {
                LOG.warn("SSE stream {} of {} broke: {}", topic, probe.name(), e.toString());
                probe.onDisconnected(e);
            }
        } finally {
            connected = false;
        }
    }

    private String request(final int port) {
        final String path = baseUri.getRawPath() == null ? "" : baseUri.getRawPath().replaceAll("/+$", "");
        final String host = "Host: " + baseUri.getHost() + ":" + port + "\r\nAccept: text/event-stream\r\n";
        if (centrifugo) {
            final StringBuilder connect = new StringBuilder("{\"subs\":{");
            JsonText.appendString(connect, topic);
            connect.append(":{}}}");
            return "GET " + path + "/connection/uni_sse?cf_connect="
                    + URLEncoder.encode(connect.toString(), StandardCharsets.UTF_8) + " HTTP/1.1\r\n" + host + "\r\n";
        }
        return "GET " + path + EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION + " HTTP/1.1\r\n" + host
                + EventHandlerApi.EVENT_TYPE_HEADER + ": " + topic + "\r\n\r\n";
    }

    /** {@inheritDoc} */
    @Override
    public void onEvent(final String eventName, final byte[] data, final int length, final long receivedMicros) {
        if (EventHandlerApi.GAP_EVENT_NAME.equals(eventName)) {
            try {
                probe.onGap(MAPPER.readValue(data, 0, length, GapNotice.class));
            } catch (final IOException e) {
                probe.onUnparseable();
            }
            return;
        }
        if (centrifugo && !centrifugoPublication(data, length)) {
            return;
        }
        final EventFields.Fields fields = EventFields.of(data, length);
        if (fields == null) {
            probe.onUnparseable();
        } else {
            probe.onDelivery(fields.payload(), fields.timeStamp(), receivedMicros);
        }
    }

    /**
     * Whether a Centrifugo push is a publication. The connect push marks the stream ready when it lists the channel
     * among the subscriptions made; Centrifugo skips a subscription it does not permit without an error.
     */
    private boolean centrifugoPublication(final byte[] data, final int length) {
        final String start = new String(data, 0, Math.min(length, 16), StandardCharsets.UTF_8);
        if (!start.startsWith("{\"connect\"")) {
            return length > 2;
        }
        final StringBuilder channel = new StringBuilder();
        JsonText.appendString(channel, topic);
        if (!new String(data, 0, length, StandardCharsets.UTF_8).contains("\"subs\":{" + channel + ":")) {
            throw new IllegalStateException("Centrifugo did not subscribe the stream to " + topic
                    + " (allow anonymous subscriptions in its configuration)");
        }
        connected = true;
        return false;
    }

    /** {@inheritDoc} */
    @Override
    public boolean isConnected() {
        return connected;
    }

    /** {@inheritDoc} */
    @Override
    public long duplicatesDropped() {
        return 0;
    }

    /** {@inheritDoc} */
    @Override
    public void close() {
        closing = true;
        final Socket s = socket;
        if (s != null) {
            try {
                s.close();
            } catch (final IOException ignored) {
                // closing anyway
            }
        }
        try {
            thread.join(5_000);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
