package io.eventhandler.benchmarks.load;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.SystemRequestDTO;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Publishes over one blocking socket (TLS in secure mode) kept alive between events: the request head and the JSON body leave in one
 * write, the answer is read through a small buffer. A connection idle for longer than {@link #MAX_IDLE_NANOS} is
 * replaced before use rather than risking a write into one the server has already closed.
 *
 * <p>To Centrifugo ({@link #toCentrifugo}) the same event goes to {@code POST /api/publish} as the publication's
 * {@code data}: the object the Event Handler's SSE stream delivers ({@code eventType}, {@code metaData} null,
 * {@code payload}, {@code timeStamp}), so that both brokers' subscribers receive byte-identical events. Centrifugo answers errors
 * with HTTP 200 and an {@code error} object, which fails the publish here.
 */
final class RawPublishChannel implements PublishChannel {

    static final long MAX_IDLE_NANOS = 2_000_000_000L;
    private static final int CONNECT_TIMEOUT_MS = 5_000;
    private static final int READ_TIMEOUT_MS = 30_000;

    private final Transport transport;
    private final String host;
    private final int port;
    private final String headPrefix;
    private final String batchHeadPrefix;
    private final String sourceJson;
    private final boolean centrifugo;
    private final StringBuilder body = new StringBuilder(512);
    private final StringBuilder request = new StringBuilder(1024);
    private Socket socket;
    private OutputStream out;
    private HttpReader reader;
    private long lastUsedNanos;

    RawPublishChannel(final Transport transport, final URI baseUri, final SystemRequestDTO source) {
        this(transport, baseUri, source, null);
    }

    private RawPublishChannel(final Transport transport, final URI baseUri, final SystemRequestDTO source,
                              final String centrifugoApiKey) {
        this.transport = transport;
        this.host = baseUri.getHost();
        this.port = transport.port(baseUri);
        this.centrifugo = centrifugoApiKey != null;
        this.headPrefix = centrifugo
                ? "POST " + pathOf(baseUri) + "/api/publish HTTP/1.1\r\nHost: " + host + ":" + port
                        + "\r\nX-API-Key: " + centrifugoApiKey + "\r\nContent-Type: application/json\r\n"
                        + "Content-Length: "
                : headPrefix(baseUri, EventHandlerApi.PUBLISH);
        this.batchHeadPrefix = headPrefix(baseUri, EventHandlerApi.PUBLISH_BATCH);
        final StringBuilder json = new StringBuilder("{\"systemName\":");
        JsonText.appendString(json, source.systemName());
        json.append(",\"address\":");
        JsonText.appendString(json, source.address());
        json.append(",\"port\":").append(source.port()).append('}');
        this.sourceJson = json.toString();
    }

    /**
     * A channel publishing to Centrifugo's HTTP API over plain HTTP.
     *
     * @param baseUri Centrifugo's HTTP address
     * @param apiKey  its {@code http_api.key}
     * @return the channel; the connection is opened lazily
     */
    static RawPublishChannel toCentrifugo(final URI baseUri, final String apiKey) {
        return new RawPublishChannel(Transport.PLAIN, baseUri, SystemRequestDTO.of("unused", "127.0.0.1", 1), apiKey);
    }

    /** {@inheritDoc} */
    @Override
    public void publish(final String topic, final String payload, final String timeStamp) {
        body.setLength(0);
        if (centrifugo) {
            body.append("{\"channel\":");
            JsonText.appendString(body, topic);
            body.append(",\"data\":");
            appendDeliveredEvent(topic, payload, timeStamp);
            body.append('}');
        } else {
            appendEvent(topic, payload, timeStamp);
        }
        send(headPrefix);
    }

    /** The event as the Event Handler's SSE stream carries it. */
    private void appendDeliveredEvent(final String topic, final String payload, final String timeStamp) {
        body.append("{\"eventType\":");
        JsonText.appendString(body, topic);
        body.append(",\"metaData\":null,\"payload\":");
        JsonText.appendString(body, payload);
        body.append(",\"timeStamp\":");
        JsonText.appendString(body, timeStamp);
        body.append('}');
    }

    /**
     * Publishes the events in one request ({@code POST /eventhandler/publish/batch}, a JSON array) and returns once
     * the Event Handler accepted all of them; it accepts all or none.
     *
     * @throws RuntimeException when they were not accepted, with the reason
     */
    void publishBatch(final List<BatchEvent> events) {
        body.setLength(0);
        body.append('[');
        for (final BatchEvent event : events) {
            if (body.length() > 1) {
                body.append(',');
            }
            appendEvent(event.topic(), event.payload(), event.timeStamp());
        }
        body.append(']');
        send(batchHeadPrefix);
    }

    private void appendEvent(final String topic, final String payload, final String timeStamp) {
        body.append("{\"eventType\":");
        JsonText.appendString(body, topic);
        body.append(",\"source\":").append(sourceJson).append(",\"payload\":");
        JsonText.appendString(body, payload);
        body.append(",\"timeStamp\":");
        JsonText.appendString(body, timeStamp);
        body.append('}');
    }

    /** Sends {@link #body} behind the head that names its endpoint. */
    private void send(final String head) {
        final byte[] bodyBytes = body.toString().getBytes(StandardCharsets.UTF_8);
        request.setLength(0);
        request.append(head).append(bodyBytes.length).append("\r\n\r\n");
        final byte[] headBytes = request.toString().getBytes(StandardCharsets.ISO_8859_1);
        final byte[] message = new byte[headBytes.length + bodyBytes.length];
        System.arraycopy(headBytes, 0, message, 0, headBytes.length);
        System.arraycopy(bodyBytes, 0, message, headBytes.length, bodyBytes.length);
        try {
            exchange(message);
        } catch (final IOException e) {
            close();
            throw new UncheckedIOException("publish failed: " + e.getMessage(), e);
        }
    }

    private void exchange(final byte[] message) throws IOException {
        final long now = System.nanoTime();
        if (socket != null && now - lastUsedNanos > MAX_IDLE_NANOS) {
            close();
        }
        if (socket == null) {
            connect();
        }
        out.write(message);
        final HttpReader.Head head = reader.readHead();
        final String answer = head.contentLength() > 0 ? reader.readBody(head.contentLength()) : "";
        lastUsedNanos = System.nanoTime();
        if (head.close() || head.chunked()) {
            // a chunked answer is not what the Event Handler sends; drop the connection rather than parse it
            close();
        }
        if (head.status() != 200 || centrifugo && answer.contains("\"error\"")) {
            throw new IllegalStateException("publish answered HTTP " + head.status() + ": " + answer);
        }
    }

    private void connect() throws IOException {
        final Socket fresh = transport.connect(host, port, CONNECT_TIMEOUT_MS);
        fresh.setSoTimeout(READ_TIMEOUT_MS);
        socket = fresh;
        out = fresh.getOutputStream();
        reader = new HttpReader(fresh.getInputStream(), 8 * 1024);
    }

    /** {@inheritDoc} */
    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (final IOException ignored) {
                // closing anyway
            }
            socket = null;
        }
    }

    private String headPrefix(final URI baseUri, final String endpoint) {
        return "POST " + pathOf(baseUri) + EventHandlerApi.BASE_PATH + endpoint + " HTTP/1.1\r\nHost: " + host + ":"
                + port + "\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: ";
    }

    private static String pathOf(final URI baseUri) {
        final String path = baseUri.getRawPath();
        return path == null || path.equals("/") ? "" : path.replaceAll("/+$", "");
    }
}
