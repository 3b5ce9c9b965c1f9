package io.eventhandler.benchmarks.load;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.SystemRequestDTO;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * Publishes over one blocking socket (TLS in secure mode) kept alive between events: the request head and the JSON body leave in one
 * write, the answer is read through a small buffer. A connection idle for longer than {@link #MAX_IDLE_NANOS} is
 * replaced before use rather than risking a write into one the server has already closed.
 */
final class RawPublishChannel implements PublishChannel {

    static final long MAX_IDLE_NANOS = 2_000_000_000L;
    private static final int CONNECT_TIMEOUT_MS = 5_000;
    private static final int READ_TIMEOUT_MS = 30_000;

    private final Transport transport;
    private final String host;
    private final int port;
    private final String headPrefix;
    private final String sourceJson;
    private final StringBuilder body = new StringBuilder(512);
    private final StringBuilder request = new StringBuilder(1024);
    private Socket socket;
    private OutputStream out;
    private HttpReader reader;
    private long lastUsedNanos;

    RawPublishChannel(final Transport transport, final URI baseUri, final SystemRequestDTO source) {
        this.transport = transport;
        this.host = baseUri.getHost();
        this.port = transport.port(baseUri);
        this.headPrefix = "POST " + pathOf(baseUri) + EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH
                + " HTTP/1.1\r\nHost: " + host + ":" + port
                + "\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: ";
        final StringBuilder json = new StringBuilder("{\"systemName\":");
        JsonText.appendString(json, source.systemName());
        json.append(",\"address\":");
        JsonText.appendString(json, source.address());
        json.append(",\"port\":").append(source.port()).append('}');
        this.sourceJson = json.toString();
    }

    /** {@inheritDoc} */
    @Override
    public void publish(final String topic, final String payload, final String timeStamp) {
        body.setLength(0);
        body.append("{\"eventType\":");
        JsonText.appendString(body, topic);
        body.append(",\"source\":").append(sourceJson).append(",\"payload\":");
        JsonText.appendString(body, payload);
        body.append(",\"timeStamp\":");
        JsonText.appendString(body, timeStamp);
        body.append('}');
        final byte[] bodyBytes = body.toString().getBytes(StandardCharsets.UTF_8);
        request.setLength(0);
        request.append(headPrefix).append(bodyBytes.length).append("\r\n\r\n");
        final byte[] head = request.toString().getBytes(StandardCharsets.ISO_8859_1);
        final byte[] message = new byte[head.length + bodyBytes.length];
        System.arraycopy(head, 0, message, 0, head.length);
        System.arraycopy(bodyBytes, 0, message, head.length, bodyBytes.length);
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
        if (head.status() != 200) {
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

    private static String pathOf(final URI baseUri) {
        final String path = baseUri.getRawPath();
        return path == null || path.equals("/") ? "" : path.replaceAll("/+$", "");
    }
}
