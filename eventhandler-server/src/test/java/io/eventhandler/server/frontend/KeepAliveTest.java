package io.eventhandler.server.frontend;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RawHttp;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.ScriptedWebhookReceiver;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static io.eventhandler.server.testing.EhHttp.ECHO_PATH;
import static io.eventhandler.server.testing.EhHttp.PUBLISH_PATH;
import static io.eventhandler.server.testing.EhHttp.SUBSCRIBE_PATH;
import static io.eventhandler.server.testing.EhHttp.UNSUBSCRIBE_PATH;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.json;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Persistent connections: every kind of valid request is answered on one connection, in order, over HTTP/1.1 and
 * without {@code Connection: close}, with no limit on the number of requests (Grizzly's default would close after
 * 256), also when the requests are pipelined.
 */
class KeepAliveTest {

    private static final String JSON = "Content-Type: application/json";

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of());
    private static final EhHttp http = server.http();

    /** A connection that sends each request at once (see {@link RawHttp#tcpNoDelay}). */
    private static RawHttp connect() {
        final RawHttp connection = RawHttp.connect(server.baseUri());
        connection.tcpNoDelay(true);
        return connection;
    }

    private static byte[] body(final Object request) {
        return json(request).getBytes(StandardCharsets.UTF_8);
    }

    /** Read the next response and check that it keeps the connection. */
    private static RawHttp.Response next(final RawHttp connection, final int status) {
        final RawHttp.Response response = connection.readResponse();
        assertEquals(status, response.status(), response::bodyText);
        assertTrue(connection.lastStatusLine().startsWith("HTTP/1.1 "), connection::lastStatusLine);
        assertFalse("close".equalsIgnoreCase(response.headers().getOrDefault("connection", "")),
                response.headers()::toString);
        return response;
    }

    private static void assertEmpty(final RawHttp.Response response) {
        assertEquals("0", response.headers().get("content-length"), response.headers()::toString);
        assertEquals(0, response.body().length);
    }

    private static void echo(final RawHttp connection) {
        connection.send("GET", ECHO_PATH, null);
        assertEquals(EventHandlerApi.ECHO_RESPONSE, next(connection, 200).bodyText());
    }

    private static void publish(final RawHttp connection, final String topic, final String payload) {
        connection.send("POST", PUBLISH_PATH, body(EhHttp.event(topic, payload)), JSON);
        assertEmpty(next(connection, 200));
    }

    private static List<String> payloads(final String prefix, final int from, final int to) {
        return IntStream.range(from, to).mapToObj(i -> prefix + i).toList();
    }

    @Test
    void moreThanGrizzlysDefaultLimitOfPublishesShareOneConnection() {
        final String topic = uniqueTopic("keepalive");
        final int n = 300;
        try (SseTestClient sse = SseTestClient.open(server.baseUri(), topic);
             RawHttp connection = connect()) {
            for (int i = 0; i < n; i++) {
                publish(connection, topic, "p" + i);
            }
            echo(connection);
            assertFalse(connection.closesWithin(100), "the connection is still open");
            eventually().until(() -> sse.payloads().size() >= n);
            assertEquals(payloads("p", 0, n), sse.payloads());
            assertEquals(n, http.statistics().topic(topic).accepted());
        }
    }

    @Test
    void echoSubscribeStatisticsPublishAndUnsubscribeShareOneConnection() {
        final String topic = uniqueTopic("mixed");
        try (ScriptedWebhookReceiver receiver = ScriptedWebhookReceiver.start();
             RawHttp connection = connect()) {
            final SystemRequestDTO subscriber = receiver.system("keepalive-subscriber");
            final String unsubscribe = UNSUBSCRIBE_PATH + "?event_type=" + URLEncoder.encode(topic,
                    StandardCharsets.UTF_8) + "&system_name=" + subscriber.systemName() + "&address="
                    + subscriber.address() + "&port=" + subscriber.port();

            echo(connection);
            connection.send("POST", SUBSCRIBE_PATH, body(EhHttp.subscription(topic, subscriber, "/events")), JSON);
            assertEmpty(next(connection, 200));
            connection.send("GET", EventHandlerApi.BASE_PATH + EventHandlerApi.STATISTICS, null);
            final EhHttp.Stats stats = EhHttp.read(next(connection, 200).bodyText(), EhHttp.Stats.class);
            assertEquals(1, stats.subscribersOf(topic).size());
            for (int i = 0; i < 20; i++) {
                publish(connection, topic, "before-" + i);
            }
            eventually().until(() -> receiver.payloads().size() >= 20);

            connection.send("DELETE", unsubscribe, null);
            assertEmpty(next(connection, 200));
            for (int i = 0; i < 20; i++) {
                publish(connection, topic, "after-" + i);
            }
            connection.send("DELETE", unsubscribe, null);
            assertEmpty(next(connection, 200));
            connection.send("POST", SUBSCRIBE_PATH, body(EhHttp.subscription(topic, subscriber, "/events")), JSON);
            assertEmpty(next(connection, 200));
            publish(connection, topic, "marker");
            echo(connection);

            eventually().until(() -> receiver.payloads().contains("marker"));
            final List<String> expected = new ArrayList<>(payloads("before-", 0, 20));
            expected.add("marker");
            assertEquals(expected, receiver.payloads(), "nothing published while unsubscribed is delivered");
            assertTrue(receiver.requests().stream().allMatch(r -> r.path().equals("/events")));
        }
    }

    /** Requests written back to back before any answer is read are answered one by one, in order. */
    @Test
    void pipelinedRequestsAreAnsweredInOrder() {
        final String topic = uniqueTopic("pipelined");
        final int n = 50;
        try (SseTestClient sse = SseTestClient.open(server.baseUri(), topic);
             RawHttp connection = connect()) {
            for (int i = 0; i < n; i++) {
                connection.send("GET", "/eventhandler/missing-" + i, null);
                connection.send("POST", PUBLISH_PATH, body(EhHttp.event(topic, "q" + i)), JSON);
                connection.send("GET", ECHO_PATH, null);
            }
            for (int i = 0; i < n; i++) {
                final ErrorMessageDTO error = EhHttp.read(next(connection, 404).bodyText(), ErrorMessageDTO.class);
                assertEquals(new ErrorMessageDTO("HTTP 404 Not Found", 404, ExceptionType.DATA_NOT_FOUND,
                        "/eventhandler/missing-" + i), error);
                assertEmpty(next(connection, 200));
                assertEquals(EventHandlerApi.ECHO_RESPONSE, next(connection, 200).bodyText());
            }
            eventually().until(() -> sse.payloads().size() >= n);
            assertEquals(payloads("q", 0, n), sse.payloads());
        }
    }

    /** A chunked request body does not disturb the requests that follow it on the connection. */
    @Test
    void chunkedAndLengthDelimitedRequestsAlternateOnOneConnection() {
        final String topic = uniqueTopic("chunked");
        final int n = 20;
        try (SseTestClient sse = SseTestClient.open(server.baseUri(), topic);
             RawHttp connection = connect()) {
            for (int i = 0; i < n; i++) {
                if (i % 2 == 0) {
                    connection.sendChunked(PUBLISH_PATH, "application/json", body(EhHttp.event(topic, "c" + i)), 7);
                    assertEmpty(next(connection, 200));
                } else {
                    publish(connection, topic, "c" + i);
                }
            }
            echo(connection);
            eventually().until(() -> sse.payloads().size() >= n);
            assertEquals(payloads("c", 0, n), sse.payloads());
        }
    }
}
