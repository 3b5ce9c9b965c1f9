package io.eventhandler.server.fuzz;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.config.LimitsConfiguration;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.LogCapture;
import io.eventhandler.server.testing.RawHttp;
import io.eventhandler.server.testing.RunningServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static io.eventhandler.api.ExceptionType.BAD_PAYLOAD;
import static io.eventhandler.api.ExceptionType.INVALID_PARAMETER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One test per bug the fuzz tests found (see {@link HostileInputFuzzTest}): each input once gave a 500, an answer
 * without the {@code ErrorMessageDTO} body, or a logged warning; now each is a 4xx of the Arrowhead shape, and
 * nothing is logged.
 */
class HostileInputRegressionTest {

    private static final int HEADER_LIMIT = 2048;

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of(
            LimitsConfiguration.MAX_HEADER_BYTES.key(), Integer.toString(HEADER_LIMIT)));

    private LogCapture log;

    @BeforeEach
    void captureLog() {
        log = LogCapture.start();
    }

    @AfterEach
    void nothingLoggedAndStillServing() {
        try {
            server.http().assertStillServing();
            assertEquals(List.of(), log.warningsAndErrors());
        } finally {
            log.close();
        }
    }

    /** Send exactly these bytes (request line and headers; Host and Content-Length are added) and read the answer. */
    private static RawHttp.Response send(final String head, final String body) {
        return sendBytes(head, body == null ? null : body.getBytes(StandardCharsets.UTF_8));
    }

    private static RawHttp.Response sendBytes(final String head, final byte[] body) {
        final byte[] bytes = body == null ? new byte[0] : body;
        final String request = head + "\r\nHost: 127.0.0.1\r\n"
                + (body == null ? "" : "Content-Length: " + bytes.length + "\r\n") + "\r\n";
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            connection.sendRaw(request.getBytes(StandardCharsets.UTF_8));
            connection.sendRaw(bytes);
            return connection.readResponse();
        }
    }

    private static void assertError(final RawHttp.Response response, final int status, final ExceptionType type,
                                    final String origin, final String message) {
        assertEquals(status, response.status(), response::bodyText);
        assertEquals("application/json", response.headers().getOrDefault("content-type", "").split(";")[0],
                response.headers()::toString);
        assertEquals(new ErrorMessageDTO(message, status, type, origin),
                EhHttp.read(response.bodyText(), ErrorMessageDTO.class));
    }

    /** Null entries failed the engine's immutable copies: 500 and an ERROR log. */
    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
            {"operators":[{"id":"a","type":"moving-average","inputs":["topic:X",null]}]}                                          | operator a: an input is null
            {"operators":[{"id":"a","type":"moving-average","inputs":["topic:X"],"parameters":{"window":null}}]}                  | operator a: a parameter is null
            {"operators":[{"id":"a","type":"moving-average","inputs":["topic:X"],"relativeValidity":[{"inputs":[null],"intervalMs":5}]}]} | operator a: an input of a relative validity set is null
            """)
    void aGraphWithNullEntriesIsA400(final String graph, final String message) {
        assertError(send("PUT /eventhandler/mgmt/engine/graph HTTP/1.1\r\nContent-Type: application/json", graph),
                400, BAD_PAYLOAD, "/eventhandler/mgmt/engine/graph", message);
    }

    /** An operator's window is allocated when the graph loads: a huge one was an OutOfMemoryError (found at 2000 tries). */
    @Test
    void aGraphAskingForAHugeWindowIsA400() {
        assertError(send("PUT /eventhandler/mgmt/engine/graph HTTP/1.1\r\nContent-Type: application/json",
                        "{\"operators\":[{\"id\":\"a\",\"type\":\"moving-average\",\"inputs\":[\"topic:X\"],"
                                + "\"parameters\":{\"window\":\"2147483647\"},\"outputTopic\":\"Y\",\"priority\":5}]}"),
                400, INVALID_PARAMETER, "/eventhandler/mgmt/engine/graph",
                "operator 'a': moving-average: parameter 'window' must be at most 10000, got 2147483647");
    }

    /** A map entry without a value failed the stored subscription's immutable copy: 500 and an ERROR log. */
    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
            "filterMetaData":{"unit":null},"matchMetaData":true                                                      | Request.FilterMetaData has an entry without a value.
            "subscriberSystem":{"systemName":"s","address":"127.0.0.1","port":9,"metadata":{"k":null}}               | Request.SubscriberSystem.Metadata has an entry without a value.
            "sources":[{"systemName":"p","address":"127.0.0.1","port":9,"metadata":{"k":null}}]                      | Request.Sources.Metadata has an entry without a value.
            """)
    void aSubscriptionMapEntryWithoutAValueIsA400(final String fields, final String message) {
        final String body = "{\"eventType\":\"" + EhHttp.uniqueTopic("nulls") + "\",\"notifyUri\":\"/n\","
                + "\"subscriberSystem\":{\"systemName\":\"s\",\"address\":\"127.0.0.1\",\"port\":9}," + fields + "}";
        assertError(send("POST /eventhandler/subscribe HTTP/1.1\r\nContent-Type: application/json", body),
                400, BAD_PAYLOAD, "/eventhandler/subscribe", message);
    }

    /**
     * An escaped surrogate without its other half in a string value was accepted and written out as {@code ?} (in a
     * payload: what subscribers got); in a field name Jackson's own parser refuses it.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            /eventhandler/subscribe | {"eventType":"T","notifyUri":"/n","subscriberSystem":{"systemName":"s","address":"127.0.0.1","port":9},"filterMetaData":{"unit":"\\udc00"},"matchMetaData":true} | A string has an unpaired surrogate \\uDC00 at character 0: it is not Unicode text
            /eventhandler/subscribe | {"eventType":"T","notifyUri":"/n","subscriberSystem":{"systemName":"s","address":"127.0.0.1","port":9},"filterMetaData":{"\\udc00":"v"},"matchMetaData":true} | Unexpected low surrogate in field name: 0xdc00
            /eventhandler/publish   | {"eventType":"T","payload":"a\\ud800","source":{"systemName":"p","address":"127.0.0.1","port":9},"timeStamp":"2026-11-26T00:00:00Z"} | A string has an unpaired surrogate \\uD800 at character 1: it is not Unicode text
            """)
    void textThatIsNotUnicodeIsA400(final String path, final String body, final String reason) {
        assertError(send("POST " + path + " HTTP/1.1\r\nContent-Type: application/json", body), 400, BAD_PAYLOAD,
                path, "Request body is not valid JSON for this endpoint: " + reason);
    }

    /**
     * Four bytes that are no UTF-8 (F4 90 80 80: above U+10FFFF) in a metadata key: Jackson decoded them into two
     * lone low surrogates, the subscription was stored, and every subscription listing after it was JSON that no
     * client could read (found by the fuzz test in a full run). In a value they would reach subscribers as {@code ?}.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            key   | {"unit#":"v"}  | A field name has an unpaired surrogate \\uDC00 at character 4: it is not Unicode text
            value | {"unit":"v#"}  | A string has an unpaired surrogate \\uDC00 at character 1: it is not Unicode text
            """)
    void aFourByteSequenceThatIsNoCodePointIsA400AndNotStored(final String where, final String metadata,
                                                            final String reason) {
        final String topic = EhHttp.uniqueTopic("utf8");
        final String body = "{\"eventType\":\"" + topic + "\",\"notifyUri\":\"/n\",\"subscriberSystem\":"
                + "{\"systemName\":\"s\",\"address\":\"127.0.0.1\",\"port\":9},\"filterMetaData\":" + metadata
                + ",\"matchMetaData\":true}";
        final byte[] ascii = body.getBytes(StandardCharsets.US_ASCII);
        final int at = body.indexOf('#');
        final byte[] bytes = new byte[ascii.length + 3];
        System.arraycopy(ascii, 0, bytes, 0, at);
        bytes[at] = (byte) 0xF4;
        bytes[at + 1] = (byte) 0x90;
        bytes[at + 2] = (byte) 0x80;
        bytes[at + 3] = (byte) 0x80;
        System.arraycopy(ascii, at + 1, bytes, at + 4, ascii.length - at - 1);
        assertError(sendBytes("POST /eventhandler/subscribe HTTP/1.1\r\nContent-Type: application/json", bytes), 400,
                BAD_PAYLOAD, "/eventhandler/subscribe", "Request body is not valid JSON for this endpoint: " + reason);
        final String list = server.http().get("/eventhandler/mgmt/subscriptions").body();
        assertTrue(!list.contains(topic.toUpperCase(java.util.Locale.ROOT)), list);
    }

    /**
     * A notify URI that makes no URI with the subscriber's address and port was stored, then failed to attach: a 500
     * (found at 2000 tries), and a stored subscription that would fail every restart.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            127.0.0.1 | []    | Illegal character in path
            127.0.0.1 | /a b  | Illegal character in path
            a b       | /n    | Illegal character in authority
            """)
    void aNotifyUriThatMakesNoUriIsA400AndNotStored(final String address, final String notifyUri,
                                                     final String reason) {
        final String topic = EhHttp.uniqueTopic("uri");
        final String body = "{\"eventType\":\"" + topic + "\",\"notifyUri\":\"" + notifyUri + "\","
                + "\"subscriberSystem\":{\"systemName\":\"s\",\"address\":\"" + address + "\",\"port\":9}}";
        assertError(send("POST /eventhandler/subscribe HTTP/1.1\r\nContent-Type: application/json", body), 400,
                INVALID_PARAMETER, "/eventhandler/subscribe",
                "Request.NotifyUri with the subscriber's address and port is not a valid URI: " + reason + ".");
        assertTrue(server.http().statistics().subscribersOf(topic).isEmpty());
    }

    /** Jersey could not make a URI of these: 500 and a Grizzly warning; or Grizzly's own decoding: an empty 500. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            GET /eventhandler/mgmt/subscriptions/\u00c0 HTTP/1.1           | Illegal character in path
            GET /% HTTP/1.1                                                | Malformed escape pair
            TRACE /eventhandler/%zz HTTP/1.1                               | Malformed escape pair
            DELETE /eventhandler/unsubscribe?event_type=%zz HTTP/1.1       | Malformed escape pair
            """)
    void aTargetThatIsNotAUriIsA400(final String requestLine, final String reason) {
        assertError(send(requestLine, null), 400, BAD_PAYLOAD, null,
                "The request target is not a valid URI: " + reason + ".");
    }

    /** Grizzly answered these with an empty 400 (or a 505), before any handler. */
    @Test
    void aHeadOverTheLimitIsA400WithTheLimit() {
        final RawHttp.Response response = send("GET /eventhandler/echo HTTP/1.1\r\nX-Big: "
                + "b".repeat(HEADER_LIMIT), null);
        assertError(response, 400, BAD_PAYLOAD, null, "The request line and headers are larger than the limit of "
                + HEADER_LIMIT + " bytes (eh.max.header.bytes).");
        assertEquals("close", response.headers().get("connection"));
    }

    /**
     * A request line whose version is garbage, refused for its size: the refusal repeated the version and could not
     * be encoded (a logged warning, and no answer at all).
     */
    @Test
    void aGarbageVersionIsA400() {
        final RawHttp.Response response = send("GET /eventhandler/subscription?x=a \u0131 HTTP/1.1\r\nX-Big: "
                + "b".repeat(HEADER_LIMIT), null);
        assertEquals(400, response.status(), response::bodyText);
        assertEquals(BAD_PAYLOAD, EhHttp.read(response.bodyText(), ErrorMessageDTO.class).exceptionType());
    }

    @Test
    void aGarbledRequestLineIsA400NotA505() {
        final RawHttp.Response response = send("GET /eventhandler/echo?a=\tb HTTP/1.1", null);
        assertEquals(400, response.status(), response::bodyText);
        assertEquals(BAD_PAYLOAD, EhHttp.read(response.bodyText(), ErrorMessageDTO.class).exceptionType());
    }

    /** Jersey answered a Content-Type it cannot parse with an empty 400. */
    @Test
    void aContentTypeThatIsNotAMediaTypeIsA415() {
        assertError(send("POST /eventhandler/subscribe HTTP/1.1\r\nContent-Type: =", "{}"), 415, BAD_PAYLOAD,
                "/eventhandler/subscribe", "Content-Type '=' is not a media type.");
    }

    /** An Accept header Jersey cannot parse was an empty 400, outside the exception mappers. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            GET /eventhandler/mgmt/engine/graph | /eventhandler/mgmt/engine/graph
            GET /eventhandler/mgmt/subscriptions | /eventhandler/mgmt/subscriptions
            """)
    void anAcceptHeaderJerseyCannotParseIsA400WithABody(final String request, final String origin) {
        assertError(send(request + " HTTP/1.1\r\nAccept: ;;;", null), 400, BAD_PAYLOAD, origin,
                "HTTP 400 Bad Request");
    }

    /** Grizzly answered an Expect other than 100-continue with an empty 417. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"POST /eventhandler/publish HTTP/1.1", "GET /eventhandler/echo HTTP/1.1"})
    void anUnmetExpectationIsA417WithABody(final String requestLine) {
        assertError(send(requestLine + "\r\nExpect: tea", null), 417, BAD_PAYLOAD, null,
                "Expect: tea cannot be met; only 100-continue is supported.");
    }

    /** Grizzly answered TRACE with an empty 405. */
    @Test
    void traceIsA405WithABody() {
        assertError(send("TRACE /eventhandler/echo HTTP/1.1", null), 405, BAD_PAYLOAD, "/eventhandler/echo",
                "HTTP 405 Method Not Allowed");
        assertError(send("TRACE /eventhandler/publish HTTP/1.1", null), 405, BAD_PAYLOAD, "/eventhandler/publish",
                "HTTP 405 Method Not Allowed");
    }

    /** The store keeps event types in a 255-character column: a longer one was a database error, a 500. */
    @Test
    void anEventTypeLongerThanTheStoreColumnIsA400() {
        final String body = "{\"eventType\":\"" + "e".repeat(256) + "\",\"notifyUri\":\"/n\","
                + "\"subscriberSystem\":{\"systemName\":\"s\",\"address\":\"127.0.0.1\",\"port\":9}}";
        assertError(send("POST /eventhandler/subscribe HTTP/1.1\r\nContent-Type: application/json", body), 400,
                INVALID_PARAMETER, "/eventhandler/subscribe",
                "Request.EventType is longer than 255 characters (eh.max.event.type.length).");
        assertTrue(server.http().statistics().topics().stream().noneMatch(t -> t.topic().length() > 255));
    }
}
