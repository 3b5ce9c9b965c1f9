package io.eventhandler.server.sse;

import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.config.StreamConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Streams opened below the HTTP server ({@link SseTakeoverFilter}) look on the wire exactly as the HTTP server's
 * did: the same head, the body in chunks; the requests it leaves to the HTTP server (HTTP/1.0, {@code Connection:
 * close}) are still served there; and bytes a client sends on an open stream do not disturb it.
 */
class SseTakeoverTest {

    private static final String HEAD = "HTTP/1.1 200 OK\r\n"
            + "Cache-Control: no-cache\r\n"
            + "X-Accel-Buffering: no\r\n"
            + "Content-Type: text/event-stream;charset=UTF-8\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(StreamConfiguration.RETRY_MS.key(), "1500"));
    private static final EhHttp http = server.http();

    private static String request(final String topic, final String version, final String... headers) {
        return "GET /eventhandler/subscription?eventtype=" + topic + " " + version + "\r\nHost: test\r\n"
                + String.join("", headers) + "\r\n";
    }

    @Test
    void anAcceptedStreamHasTheHttpServersHeadAndChunks() {
        final String topic = uniqueTopic("takeover");
        try (RawStream raw = RawStream.open(server.baseUri(), request(topic, "HTTP/1.1"))) {
            final String retry = "retry: 1500\n\n";
            final String opening = HEAD + Integer.toHexString(retry.length()) + "\r\n" + retry + "\r\n";
            eventually().until(() -> raw.text().length() >= opening.length());
            assertEquals(opening, raw.text());
            http.publishOk(topic, "first");
            eventually().until(() -> raw.text().endsWith("\n\n\r\n") && raw.text().length() > opening.length());
            final String chunk = raw.text().substring(opening.length());
            final int sizeEnd = chunk.indexOf("\r\n");
            final String frame = chunk.substring(sizeEnd + 2, chunk.length() - 2);
            assertEquals(Integer.parseInt(chunk.substring(0, sizeEnd), 16),
                    frame.getBytes(StandardCharsets.UTF_8).length, chunk);
            assertTrue(frame.matches("(?s)id: [0-9a-z]+-1\ndata: \\{.*") && frame.contains("first") && frame.endsWith("}\n\n"), frame);
        }
    }

    @Test
    void aRequestSentOnAnOpenStreamDoesNotDisturbIt() {
        final String topic = uniqueTopic("takeover-extra");
        try (RawStream raw = RawStream.open(server.baseUri(), request(topic, "HTTP/1.1"))) {
            eventually().until(() -> raw.text().contains("retry: "));
            raw.send("GET /eventhandler/echo HTTP/1.1\r\nHost: test\r\n\r\n");
            http.publishOk(topic, "after");
            eventually().until(() -> raw.text().contains("after"));
            assertEquals(1, occurrences(raw.text(), "HTTP/1.1"), raw.text());
            assertEquals(1, http.statistics().subscribersOf(topic).size());
        }
    }

    @Test
    void anHttp10StreamIsStillServedWithoutChunks() {
        final String topic = uniqueTopic("takeover-http10");
        try (RawStream raw = RawStream.open(server.baseUri(), request(topic, "HTTP/1.0"))) {
            eventually().until(() -> raw.text().contains("retry: 1500\n\n"));
            assertTrue(raw.text().contains("Connection: close\r\n"), raw.text());
            assertFalse(raw.text().contains("Transfer-Encoding"), raw.text());
            http.publishOk(topic, "old");
            eventually().until(() -> raw.text().endsWith("\n\n") && raw.text().contains("old"));
            assertTrue(raw.text().matches("(?s).*\r\n\r\nretry: 1500\n\nid: [0-9a-z]+-1\ndata: \\{.*"), raw.text());
        }
    }

    @Test
    void aStreamAskedToCloseTheConnectionIsStillServed() {
        final String topic = uniqueTopic("takeover-close");
        try (RawStream raw = RawStream.open(server.baseUri(), request(topic, "HTTP/1.1", "Connection: close\r\n"))) {
            eventually().until(() -> raw.text().contains("retry: 1500\n\n"));
            assertTrue(raw.text().startsWith("HTTP/1.1 200 OK\r\n"), raw.text());
            http.publishOk(topic, "closing");
            eventually().until(() -> raw.text().contains("closing"));
        }
    }

    @Test
    void aStoppingServerEndsItsStreams() {
        final Map<String, String> settings = new HashMap<>();
        settings.put(HttpConfiguration.PORT.key(), "0");
        settings.put(HttpConfiguration.ADDRESS.key(), "127.0.0.1");
        settings.put(StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-" + UUID.randomUUID());
        final EventHandlerServer own = EventHandlerServer.start(ServerConfiguration.fromMap(settings));
        final String topic = uniqueTopic("takeover-stop");
        boolean closed = false;
        try (RawStream raw = RawStream.open(own.baseUri(), request(topic, "HTTP/1.1"))) {
            eventually().until(() -> raw.text().contains("retry: "));
            own.close();
            closed = true;
            eventually().until(raw::ended);
        } finally {
            if (!closed) {
                own.close();
            }
        }
    }

    private static int occurrences(final String text, final String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }

    /** A socket whose every received byte is kept, read on a background thread. */
    private static final class RawStream implements AutoCloseable {

        private final Socket socket;
        private final ByteArrayOutputStream received = new ByteArrayOutputStream();
        private volatile boolean ended;

        private RawStream(final Socket socket) {
            this.socket = socket;
        }

        static RawStream open(final URI base, final String request) {
            try {
                final RawStream raw = new RawStream(new Socket(base.getHost(), base.getPort()));
                raw.send(request);
                final Thread reader = new Thread(raw::read, "raw-sse-reader");
                reader.setDaemon(true);
                reader.start();
                return raw;
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void send(final String text) {
            try {
                socket.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private void read() {
            final byte[] buffer = new byte[8192];
            try (InputStream in = socket.getInputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    synchronized (received) {
                        received.write(buffer, 0, n);
                    }
                }
            } catch (final IOException e) {
                // closed: the end of the stream either way
            }
            ended = true;
        }

        String text() {
            synchronized (received) {
                return received.toString(StandardCharsets.UTF_8);
            }
        }

        boolean ended() {
            return ended;
        }

        @Override
        public void close() {
            try {
                socket.close();
            } catch (final IOException e) {
                // closing
            }
        }
    }
}
