package io.eventhandler.server.frontend;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.LogCapture;
import io.eventhandler.server.testing.RawHttp;
import io.eventhandler.server.testing.RunningServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A query with bytes that are not UTF-8 (raw, not percent-encoded) on the SSE stream and on the other Grizzly paths
 * is a 400 {@code ErrorMessageDTO}, never Grizzly's HTML 500 page with its version; and it is logged within the
 * problem log's budget, not as a stack trace per request. Unknown paths and methods are JSON too.
 */
class UndecodableRequestTest {

    @RegisterExtension
    static final RunningServer server = RunningServer.with(Map.of());

    private static RawHttp.Response send(final RawHttp connection, final String method, final byte[] target,
                                         final String... headers) {
        final ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.writeBytes((method + " ").getBytes(StandardCharsets.US_ASCII));
        request.writeBytes(target);
        final StringBuilder head = new StringBuilder(" HTTP/1.1\r\nHost: x\r\n");
        for (final String header : headers) {
            head.append(header).append("\r\n");
        }
        request.writeBytes(head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
        connection.sendRaw(request.toByteArray());
        return connection.readResponse();
    }

    private static byte[] target(final String path, final byte... raw) {
        final ByteArrayOutputStream target = new ByteArrayOutputStream();
        target.writeBytes(path.getBytes(StandardCharsets.US_ASCII));
        target.writeBytes(raw);
        return target.toByteArray();
    }

    private static void assertJsonError(final RawHttp.Response response, final int status) {
        assertEquals(status, response.status(), response::bodyText);
        assertTrue(response.headers().get("content-type").startsWith("application/json"),
                response.headers()::toString);
        assertFalse(response.bodyText().contains("Grizzly"), response::bodyText);
        EhHttp.read(response.bodyText(), ErrorMessageDTO.class);
    }

    @Test
    void aRawNonUtf8ByteInTheSseQueryIsA400AndNotLoggedAsAStackTrace() {
        final byte[] sse = target(EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION + "?eventtype=", (byte) 0xff);
        try (LogCapture log = LogCapture.start()) {
            for (int i = 0; i < 50; i++) {
                final RawHttp.Response response;
                try (RawHttp connection = RawHttp.connect(server.baseUri())) { // a 400 closes the connection
                    response = send(connection, "GET", sse);
                }
                assertJsonError(response, 400);
                final ErrorMessageDTO error = EhHttp.read(response.bodyText(), ErrorMessageDTO.class);
                assertEquals(ExceptionType.BAD_PAYLOAD, error.exceptionType());
                assertTrue(error.errorMessage().contains("UTF-8"), error::errorMessage);
            }
            final List<String> warnings = log.warningsAndErrors();
            assertTrue(warnings.isEmpty(), () -> String.join("\n", warnings));
        }
    }

    @Test
    void aRawNonUtf8ByteAndAnOverlongSequenceInOtherQueriesAre400() {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            assertJsonError(send(connection, "GET", target(EventHandlerApi.BASE_PATH + EventHandlerApi.SUBSCRIPTION
                    + "?eventtype=t&x=", (byte) 0xc0, (byte) 0xaf), "Connection: close"), 400);
        }
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            assertJsonError(send(connection, "POST", target(EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH
                    + "?x=", (byte) 0xff), "Content-Type: application/json", "Content-Length: 0"), 400);
        }
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            assertJsonError(send(connection, "GET", target(EventHandlerApi.BASE_PATH + EventHandlerApi.ECHO
                    + "?x=", (byte) 0xff)), 400);
        }
    }

    @Test
    void unknownPathsAndMethodsAreJson() {
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            assertJsonError(send(connection, "GET", target("/nothing/", (byte) 0xff)), 404);
        }
        try (RawHttp connection = RawHttp.connect(server.baseUri())) {
            assertJsonError(send(connection, "BREW", target(EventHandlerApi.BASE_PATH + EventHandlerApi.ECHO)), 405);
            assertJsonError(send(connection, "DELETE", target(EventHandlerApi.BASE_PATH + EventHandlerApi.PUBLISH)),
                    405);
        }
    }
}
