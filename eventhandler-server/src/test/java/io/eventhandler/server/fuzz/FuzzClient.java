package io.eventhandler.server.fuzz;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.server.testing.EhHttp;
import io.eventhandler.server.testing.RawHttp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Sends one request, exactly as built, on its own connection and checks the answer of a server that is not fooled:
 * a status below 500 within the read timeout (no hang), and every error an Arrowhead {@code ErrorMessageDTO} of
 * that status.
 */
final class FuzzClient {

    /** Far beyond any answer on loopback, even on a loaded machine: reaching it is a hang. */
    private static final int READ_TIMEOUT_MS = 30_000;

    private final URI base;
    private final int maxBodyBytes;
    private final int maxHeaderBytes;

    FuzzClient(final URI base, final int maxBodyBytes, final int maxHeaderBytes) {
        this.base = base;
        this.maxBodyBytes = maxBodyBytes;
        this.maxHeaderBytes = maxHeaderBytes;
    }

    /** Send and read the whole response; it is checked. Null when an oversized request was cut off unanswered. */
    RawHttp.Response exchange(final String method, final String target, final List<String> headers,
                              final byte[] body) {
        final String what = method + " " + shortened(target) + " " + shortened(headers.toString()) + " body "
                + (body == null ? "none" : shortened(new String(body, StandardCharsets.UTF_8)));
        final byte[] request = request(method, target, headers, body);
        final boolean oversized = oversized(request, body);
        try (RawHttp connection = send(request, oversized, what)) {
            final RawHttp.Response response;
            try {
                response = connection.readResponse();
            } catch (final UncheckedIOException e) {
                // a reset can overtake the answer to an oversized request; for anything else it is a failure
                assertTrue(oversized, () -> what + ": no answer: " + e);
                return null;
            }
            assertAnswered(response.status(), response.headers().get("content-type"), response.bodyText(), what);
            return response;
        }
    }

    /** Send and read only the head (an event stream that opens never ends); the status is checked. */
    void open(final String target, final List<String> headers) {
        final String what = "GET " + shortened(target) + " " + shortened(headers.toString());
        final byte[] request = request("GET", target, headers, null);
        final boolean oversized = oversized(request, null);
        try (RawHttp connection = send(request, oversized, what)) {
            final RawHttp.Head head = connection.readHead();
            if (head.status() != 200) {
                final String body = new String(connection.bodyStream(head).readNBytes(
                        Integer.parseInt(head.headers().getOrDefault("content-length", "0"))), StandardCharsets.UTF_8);
                assertAnswered(head.status(), head.headers().get("content-type"), body, what);
            } else {
                assertTrue(head.headers().getOrDefault("content-type", "").startsWith("text/event-stream"),
                        head.headers()::toString);
            }
        } catch (final IOException e) {
            assertTrue(oversized, () -> what + ": no answer: " + e);
        }
    }

    /** The server may refuse an oversized request and close before all of it is sent. */
    private boolean oversized(final byte[] request, final byte[] body) {
        final int bodyLength = body == null ? 0 : body.length;
        return bodyLength > maxBodyBytes || request.length - bodyLength > maxHeaderBytes;
    }

    private RawHttp send(final byte[] request, final boolean oversized, final String what) {
        final RawHttp connection = RawHttp.connect(base);
        connection.readTimeout(READ_TIMEOUT_MS);
        try {
            connection.sendRaw(request);
        } catch (final UncheckedIOException e) {
            assertTrue(oversized, () -> what + ": sending failed: " + e);
        }
        return connection;
    }

    private static String shortened(final String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "…(" + text.length() + " characters)";
    }

    private static void assertAnswered(final int status, final String contentType, final String body,
                                       final String what) {
        if (status >= 500) {
            fail(what + " answered " + status + ": " + body);
        }
        if (status >= 400) {
            assertEquals("application/json", contentType == null ? null
                    : contentType.split(";")[0].trim().toLowerCase(Locale.ROOT),
                    () -> what + " answered " + status + ": " + body);
            final ErrorMessageDTO error = EhHttp.read(body, ErrorMessageDTO.class);
            assertEquals(status, error.errorCode(), body);
            assertFalse(error.errorMessage() == null || error.errorMessage().isBlank(), body);
        }
    }

    private byte[] request(final String method, final String target, final List<String> headers, final byte[] body) {
        final StringBuilder head = new StringBuilder()
                .append(method).append(' ').append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(base.getHost()).append(':').append(base.getPort()).append("\r\n");
        headers.forEach(header -> head.append(header).append("\r\n"));
        if (body != null) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
        if (body != null) {
            out.writeBytes(body);
        }
        return out.toByteArray();
    }
}
