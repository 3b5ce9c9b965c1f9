package io.eventhandler.benchmarks.load;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.eventhandler.api.EpochMicros;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The generator's Centrifugo target against a stand-in that speaks Centrifugo 6's wire format (HTTP API publish,
 * errors as HTTP 200 with an {@code error} object; uni_sse pushes): what leaves the generator, and what it accepts.
 */
@Timeout(30)
class CentrifugoTargetTest {

    private static final String EVENT_STAMP = "2026-11-27T11:00:00.123456Z";

    @Test
    void publishesTheDeliveredEventObjectAsDataWithTheApiKeyAndFailsOnAnErrorAnswer() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            final CompletableFuture<String> request = CompletableFuture.supplyAsync(() -> answerTwice(listener));
            final URI uri = URI.create("http://127.0.0.1:" + listener.getLocalPort());
            try (RawPublishChannel channel = RawPublishChannel.toCentrifugo(uri, "secret")) {
                channel.publish("t0", "p=0;n=1;t=5;", EVENT_STAMP);
                final IllegalStateException refused = assertThrows(IllegalStateException.class,
                        () -> channel.publish("t0", "p=0;n=2;t=5;", EVENT_STAMP));
                assertTrue(refused.getMessage().contains("unknown channel"), refused.getMessage());
            }
            final String first = request.get(10, TimeUnit.SECONDS);
            assertTrue(first.startsWith("POST /api/publish HTTP/1.1\r\n"), first);
            assertTrue(first.contains("\r\nX-API-Key: secret\r\n"), first);
            // the same bytes as the Event Handler's SSE stream carries for this event
            assertTrue(first.endsWith("\r\n\r\n{\"channel\":\"t0\",\"data\":{\"eventType\":\"t0\",\"metaData\":null,"
                    + "\"payload\":\"p=0;n=1;t=5;\",\"timeStamp\":\"" + EVENT_STAMP + "\"}}"), first);
        }
    }

    @Test
    void subscribesInTheConnectRequestAndHandsOnPublicationsOnly() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            final String event = "{\"eventType\":\"t0\",\"metaData\":null,\"payload\":\""
                    + new PayloadCodec(32).encode(0, 0, EpochMicros.now()) + "\",\"timeStamp\":\""
                    + Instant.now() + "\"}";
            final CompletableFuture<String> request = CompletableFuture.supplyAsync(() -> stream(listener,
                    "{\"connect\":{\"client\":\"c\",\"subs\":{\"t0\":{}},\"ping\":25}}", "{}",
                    "{\"channel\":\"t0\",\"pub\":{\"data\":" + event + "}}"));
            final SubscriberProbe probe = new SubscriberProbe("cf", 1, 0);
            try (RawSseStream stream = RawSseStream.toCentrifugo(
                    URI.create("http://127.0.0.1:" + listener.getLocalPort()), "t0", probe).start()) {
                await().atMost(Duration.ofSeconds(10)).until(() -> probe.measuredUnique() == 1);
                assertTrue(stream.isConnected());
            }
            final String head = request.get(10, TimeUnit.SECONDS);
            assertTrue(URLDecoder.decode(head, StandardCharsets.UTF_8)
                    .startsWith("GET /connection/uni_sse?cf_connect={\"subs\":{\"t0\":{}}} HTTP/1.1"), head);
            final SubscriberResult result = probe.result(List.of(), 0);
            assertEquals(0, result.unparseable());
            assertEquals(0, result.disconnects());
        }
    }

    @Test
    void reportsASubscriptionCentrifugoDidNotMakeAsADisconnect() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture.supplyAsync(() -> stream(listener, "{\"connect\":{\"client\":\"c\",\"ping\":25}}"));
            final SubscriberProbe probe = new SubscriberProbe("cf", 1, 0);
            try (RawSseStream stream = RawSseStream.toCentrifugo(
                    URI.create("http://127.0.0.1:" + listener.getLocalPort()), "t0", probe).start()) {
                await().atMost(Duration.ofSeconds(10)).until(() -> probe.result(List.of(), 0).disconnects() == 1);
                assertTrue(!stream.isConnected());
            }
        }
    }

    /** Answers two publishes on one connection: the first accepted, the second refused; returns the first request. */
    private static String answerTwice(final ServerSocket listener) {
        try (Socket socket = listener.accept()) {
            final InputStream in = socket.getInputStream();
            final OutputStream out = socket.getOutputStream();
            final String first = readRequest(in);
            respond(out, "{\"result\":{}}");
            readRequest(in);
            respond(out, "{\"error\":{\"code\":102,\"message\":\"unknown channel\"}}");
            return first;
        } catch (final IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Serves one uni_sse stream with the given pushes, then holds it open briefly; returns the request head. */
    private static String stream(final ServerSocket listener, final String... pushes) {
        try (Socket socket = listener.accept()) {
            final String head = readHead(socket.getInputStream());
            final OutputStream out = socket.getOutputStream();
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            for (final String push : pushes) {
                final byte[] event = ("data: " + push + "\n\n").getBytes(StandardCharsets.UTF_8);
                out.write((Integer.toHexString(event.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(event);
                out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            out.flush();
            socket.setSoTimeout(5_000);
            socket.getInputStream().read();
            return head;
        } catch (final IOException e) {
            return "";
        }
    }

    private static String readRequest(final InputStream in) throws IOException {
        final String head = readHead(in);
        final int at = head.toLowerCase().indexOf("content-length: ");
        final int length = Integer.parseInt(head.substring(at + 16, head.indexOf("\r\n", at)).trim());
        return head + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    private static String readHead(final InputStream in) throws IOException {
        final ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            final int b = in.read();
            if (b < 0) {
                throw new IOException("closed");
            }
            head.write(b);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static void respond(final OutputStream out, final String body) throws IOException {
        final byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + bytes.length
                + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
    }
}
