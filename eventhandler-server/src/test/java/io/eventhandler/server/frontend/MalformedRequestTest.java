package io.eventhandler.server.frontend;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RawHttp;
import io.eventhandler.server.testing.Requests;
import io.eventhandler.server.testing.RunningServer;
import io.eventhandler.server.testing.SseTestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static io.eventhandler.api.ExceptionType.BAD_PAYLOAD;
import static io.eventhandler.api.ExceptionType.DATA_NOT_FOUND;
import static io.eventhandler.server.testing.EhHttp.ECHO_PATH;
import static io.eventhandler.server.testing.EhHttp.PUBLISH_PATH;
import static io.eventhandler.server.testing.EhHttp.SUBSCRIBE_PATH;
import static io.eventhandler.server.testing.EhHttp.UNSUBSCRIBE_PATH;
import static io.eventhandler.server.testing.EhHttp.eventually;
import static io.eventhandler.server.testing.EhHttp.json;
import static io.eventhandler.server.testing.EhHttp.uniqueTopic;
import static io.eventhandler.server.testing.Requests.assertError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Requests that are not valid HTTP API calls: malformed JSON, no body, wrong content type, oversized bodies (declared
 * and chunked), unknown paths, wrong methods. Each gets a 4xx {@code ErrorMessageDTO}; the connection is closed after
 * 400 and 413 (Grizzly, see docs/arrowhead.md "Known limitations") and kept open after 404, 405 and 415; and after
 * each the service still answers echo and delivers a publish, on a new connection.
 */
class MalformedRequestTest {

    private static final int LIMIT = 512;
    private static final String JSON = "Content-Type: application/json";

    private static final AtomicInteger HEALTH_CHECKS = new AtomicInteger();

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            LimitsConfiguration.MAX_BODY_BYTES.key(), Integer.toString(LIMIT)));
    private static String healthTopic;
    private static SseTestClient health;

    @BeforeAll
    static void start() {
        healthTopic = uniqueTopic("health");
        health = SseTestClient.open(server.baseUri(), healthTopic);
    }

    @AfterAll
    static void stop() {
        health.close();
    }

    /** After every test: echo answers and a publish is delivered, each on a new connection. */
    @AfterEach
    void theServiceIsStillHealthy() {
        try (RawHttp echo = RawHttp.connect(server.baseUri())) {
            echo.send("GET", ECHO_PATH, null);
            final RawHttp.Response response = echo.readResponse();
            assertEquals(200, response.status());
            assertEquals(EventHandlerApi.ECHO_RESPONSE, response.bodyText());
        }
        final String payload = "healthy-" + HEALTH_CHECKS.incrementAndGet();
        try (RawHttp publish = RawHttp.connect(server.baseUri())) {
            publish.send("POST", PUBLISH_PATH, bytes(json(EhHttp.event(healthTopic, payload))), JSON);
            assertEquals(200, publish.readResponse().status());
        }
        eventually().until(() -> health.payloads().contains(payload));
    }

    private static byte[] bytes(final String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String origin(final String path) {
        final int query = path.indexOf('?');
        return query < 0 ? path : path.substring(0, query);
    }

    /** A valid request body for the endpoint, padded to exactly {@code size} bytes. */
    private static byte[] validBody(final String path, final int size) {
        final Map<String, Object> request = path.equals(PUBLISH_PATH)
                ? Requests.event(uniqueTopic("sized"), "")
                : Requests.subscription(uniqueTopic("sized"), Requests.system("sized", "127.0.0.1", 9), "/n");
        final String field = path.equals(PUBLISH_PATH) ? "payload" : "notifyUri";
        final String base = (String) request.get(field);
        final int padding = size - bytes(json(request)).length - 1;
        request.put(field, base + "x".repeat(padding + 1));
        final byte[] body = bytes(json(request));
        assertEquals(size, body.length);
        return body;
    }

    /** The server announced and performed the close of the connection. */
    private static void assertClosed(final RawHttp connection, final RawHttp.Response response) {
        assertEquals("close", response.headers().get("connection"), response.headers()::toString);
        assertTrue(connection.closesWithin(30_000), "the server closes the connection");
    }

    /** The connection is still usable: echo is answered on it. */
    private static void assertStillOpen(final RawHttp connection, final RawHttp.Response response) {
        assertFalse(response.headers().containsKey("connection"), response.headers()::toString);
        connection.send("GET", ECHO_PATH, null);
        final RawHttp.Response echo = connection.readResponse();
        assertEquals(200, echo.status());
        assertEquals(EventHandlerApi.ECHO_RESPONSE, echo.bodyText());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 400: the body is not a request of the endpoint

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            /eventhandler/publish   | {not json          | Request body is not valid JSON for this endpoint: Unexpected character ('n' (code 110)): was expecting double-quote to start field name
            /eventhandler/subscribe | {not json          | Request body is not valid JSON for this endpoint: Unexpected character ('n' (code 110)): was expecting double-quote to start field name
            /eventhandler/publish   | {"eventType":"x",  | Request body is not valid JSON for this endpoint: Unexpected end-of-input within/between Object entries
            /eventhandler/publish   | []                 | Request body must be an object, not an array.
            /eventhandler/subscribe | []                 | Request body must be an object, not an array.
            /eventhandler/publish   | {"source":{"port":"abc"}}           | Request body field source.port must be a whole number, not "abc".
            /eventhandler/subscribe | {"subscriberSystem":{"port":"abc"}} | Request body field subscriberSystem.port must be a whole number, not "abc".
            /eventhandler/publish   | {"payload":{"a":1}}                 | Request body field payload must be a string, not an object.
            /eventhandler/publish   | {"metaData":["a"]}                  | Request body field metaData must be an object, not an array.
            /eventhandler/subscribe | {"matchMetaData":"perhaps"}         | Request body field matchMetaData must be true or false, not "perhaps".
            """)
    void aBodyThatIsNotTheEndpointsJsonIsA400NamingTheFieldAndClosesTheConnection(final String path,
                                                                                final String body,
                                                                                final String message) {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            connection.send("POST", path, bytes(body), JSON);
            final RawHttp.Response response = connection.readResponse();
            assertError(response, 400, BAD_PAYLOAD, path, message);
            assertFalse(response.bodyText().contains("java") || response.bodyText().contains("`"),
                    "no Java type names: " + response.bodyText());
            assertClosed(connection, response);
        }
    }

    @ParameterizedTest(name = "{0}, Content-Length: 0 = {1}")
    @CsvSource({PUBLISH_PATH + ",true", PUBLISH_PATH + ",false", SUBSCRIBE_PATH + ",true", SUBSCRIBE_PATH + ",false"})
    void aRequestWithoutBodyIsANullRequest(final String path, final boolean contentLengthZero) {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            connection.send("POST", path, contentLengthZero ? new byte[0] : null, JSON);
            final RawHttp.Response response = connection.readResponse();
            assertError(response, 400, BAD_PAYLOAD, path, "Request is null.");
            assertClosed(connection, response);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 415

    @ParameterizedTest(name = "{0} with {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            /eventhandler/publish   | text/plain
            /eventhandler/publish   | application/xml
            /eventhandler/publish   | application/x-www-form-urlencoded
            /eventhandler/publish   |
            /eventhandler/subscribe | text/plain
            /eventhandler/subscribe | application/xml
            /eventhandler/subscribe |
            """)
    void aBodyThatIsNotDeclaredJsonIsA415AndKeepsTheConnection(final String path, final String contentType) {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            final byte[] body = validBody(path, 300);
            if (contentType == null) {
                connection.send("POST", path, body);
            } else {
                connection.send("POST", path, body, "Content-Type: " + contentType);
            }
            final RawHttp.Response response = connection.readResponse();
            assertError(response, 415, BAD_PAYLOAD, path,
                    "Content-Type: application/json is required for this request body.");
            assertStillOpen(connection, response);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {PUBLISH_PATH, SUBSCRIBE_PATH})
    void jsonWithACharsetParameterIsAccepted(final String path) {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            connection.send("POST", path, validBody(path, 300), "Content-Type: application/json; charset=UTF-8");
            final RawHttp.Response response = connection.readResponse();
            assertEquals(200, response.status(), response::bodyText);
            assertStillOpen(connection, response);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 413: eh.max.body.bytes

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {PUBLISH_PATH, SUBSCRIBE_PATH})
    void aBodyOfExactlyTheLimitIsAcceptedWithContentLengthAndChunked(final String path) {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            connection.send("POST", path, validBody(path, LIMIT), JSON);
            final RawHttp.Response declared = connection.readResponse();
            assertEquals(200, declared.status(), declared::bodyText);
            connection.sendChunked(path, "application/json", validBody(path, LIMIT), 100);
            final RawHttp.Response chunked = connection.readResponse();
            assertEquals(200, chunked.status(), chunked::bodyText);
            assertStillOpen(connection, chunked);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {PUBLISH_PATH, SUBSCRIBE_PATH})
    void aDeclaredBodyOverTheLimitIsA413AndClosesTheConnection(final String path) {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            connection.send("POST", path, validBody(path, LIMIT + 1), JSON);
            final RawHttp.Response response = connection.readResponse();
            assertError(response, 413, BAD_PAYLOAD, path, "Request body is larger than the limit of 512 bytes (eh.max.body.bytes).");
            assertClosed(connection, response);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {PUBLISH_PATH, SUBSCRIBE_PATH})
    void aChunkedBodyOverTheLimitIsA413AndClosesTheConnection(final String path) {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            connection.sendChunked(path, "application/json", validBody(path, LIMIT + 1), 100);
            final RawHttp.Response response = connection.readResponse();
            assertError(response, 413, BAD_PAYLOAD, path, "Request body is larger than the limit of 512 bytes (eh.max.body.bytes).");
            assertClosed(connection, response);
        }
    }

    /** A huge declared length is refused from the header alone, without waiting for the body. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {PUBLISH_PATH, SUBSCRIBE_PATH})
    void aHugeDeclaredBodyIsRefusedBeforeItIsSent(final String path) {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            connection.send("POST", path, null, JSON, "Content-Length: 100000000");
            final RawHttp.Response response = connection.readResponse();
            assertError(response, 413, BAD_PAYLOAD, path, "Request body is larger than the limit of 512 bytes (eh.max.body.bytes).");
            assertClosed(connection, response);
        }
    }

    /**
     * A refused request's unread body is swallowed only up to the limit; a longer one closes the connection at once
     * instead of being read to its end (Jersey's endpoints refuse such a body as too large before anything else).
     */
    @ParameterizedTest(name = "{0} {1} as {2}")
    @CsvSource(delimiter = '|', textBlock = """
            POST | /eventhandler/publish      | text/plain       | 415 | Content-Type: application/json is required for this request body.
            PUT  | /eventhandler/publish      | application/json | 405 | HTTP 405 Method Not Allowed
            POST | /eventhandler/subscription | application/json | 405 | Only GET opens an event stream.
            POST | /eventhandler/subscribe    | text/plain       | 413 | Request body is larger than the limit of 512 bytes (eh.max.body.bytes).
            """)
    void aRefusedRequestWithAHugeBodyClosesTheConnectionInsteadOfReadingIt(final String method, final String path,
                                                                           final String contentType,
                                                                           final int status, final String message) {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            connection.send(method, path, null, "Content-Type: " + contentType, "Content-Length: 100000000");
            final RawHttp.Response response = connection.readResponse();
            assertError(response, status, BAD_PAYLOAD, path, message);
            assertTrue(connection.closesWithin(30_000), "the server closes the connection");
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 404 and 405

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            GET    | /eventhandler/nope
            GET    | /
            GET    | /eventhandler
            POST   | /eventhandler/publish/other
            DELETE | /eventhandler/mgmt/nothing/1
            GET    | /eventhandler/echo/extra
            """)
    void anUnknownPathIsA404AndKeepsTheConnection(final String method, final String path) {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            connection.send(method, path, method.equals("POST") ? bytes("{}") : null, JSON);
            final RawHttp.Response response = connection.readResponse();
            assertError(response, 404, DATA_NOT_FOUND, path, "HTTP 404 Not Found");
            assertStillOpen(connection, response);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            GET    | /eventhandler/publish                     | POST
            PUT    | /eventhandler/publish                     | POST
            DELETE | /eventhandler/publish                     | POST
            GET    | /eventhandler/subscribe                   |
            PUT    | /eventhandler/subscribe                   |
            POST   | /eventhandler/echo                        |
            GET    | /eventhandler/unsubscribe?event_type=x    |
            POST   | /eventhandler/unsubscribe                 |
            POST   | /eventhandler/mgmt/statistics             |
            """)
    void aWrongMethodIsA405AndKeepsTheConnection(final String method, final String path, final String allow) {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            final boolean withBody = method.equals("POST") || method.equals("PUT");
            connection.send(method, path, withBody ? bytes("{}") : null, JSON);
            final RawHttp.Response response = connection.readResponse();
            assertError(response, 405, BAD_PAYLOAD, origin(path), "HTTP 405 Method Not Allowed");
            if (allow != null) {
                assertEquals(allow, response.headers().get("allow"));
            }
            assertStillOpen(connection, response);
        }
    }

    @Test
    void aPostToTheEventStreamIsA405() {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            connection.send("POST", EhHttp.PUBLISH_PATH.replace("publish", "subscription"), bytes("{}"), JSON);
            final RawHttp.Response response = connection.readResponse();
            assertError(response, 405, BAD_PAYLOAD, "/eventhandler/subscription", "Only GET opens an event stream.");
            assertEquals("GET", response.headers().get("allow"));
            assertStillOpen(connection, response);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // bodies where none is expected

    /** Spring (stock Arrowhead) ignores a body on GET and DELETE; so does this server, and the connection stays. */
    @Test
    void aBodyOnGetOrDeleteIsIgnored() {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            connection.send("GET", ECHO_PATH, bytes("{\"ignored\":true}"), JSON);
            final RawHttp.Response echo = connection.readResponse();
            assertEquals(200, echo.status(), echo::bodyText);
            assertEquals(EventHandlerApi.ECHO_RESPONSE, echo.bodyText());

            connection.send("DELETE", UNSUBSCRIBE_PATH + "?event_type=" + uniqueTopic("none")
                    + "&system_name=s&address=h&port=1", bytes("{\"ignored\":true}"), JSON);
            final RawHttp.Response unsubscribe = connection.readResponse();
            assertEquals(200, unsubscribe.status(), unsubscribe::bodyText);
            assertArrayEquals(new byte[0], unsubscribe.body());
            assertStillOpen(connection, unsubscribe);
        }
    }

    /** The body limit holds on every endpoint, not only on those that read a body. */
    @Test
    void anOversizedBodyOnDeleteIsA413() {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            final String path = UNSUBSCRIBE_PATH + "?event_type=x&system_name=s&address=h&port=1";
            connection.send("DELETE", path, new byte[LIMIT + 1], JSON);
            final RawHttp.Response response = connection.readResponse();
            assertError(response, 413, BAD_PAYLOAD, UNSUBSCRIBE_PATH,
                    "Request body is larger than the limit of 512 bytes (eh.max.body.bytes).");
            assertClosed(connection, response);
        }
    }
}
