package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Heads, bodies and the bytes after them, however the socket delivers them. */
class HttpReaderTest {

    @Test
    void readsTwoPipelinedResponsesDeliveredOneByteAtATime() throws IOException {
        final String wire = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"
                + "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nCONTENT-LENGTH: 13\r\n"
                + "Connection: close\r\n\r\n{\"error\":\"x\"}";
        final HttpReader reader = new HttpReader(trickle(wire), 128);
        assertEquals(new HttpReader.Head(200, 0, false, false), reader.readHead());
        final HttpReader.Head second = reader.readHead();
        assertEquals(new HttpReader.Head(400, 13, false, true), second);
        assertEquals("{\"error\":\"x\"}", reader.readBody(second.contentLength()));
    }

    @Test
    void handsOnTheBytesAfterAStreamingHead() throws IOException {
        final String wire = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n";
        final HttpReader reader = new HttpReader(
                new ByteArrayInputStream(wire.getBytes(StandardCharsets.US_ASCII)), 1024);
        assertEquals(new HttpReader.Head(200, -1, true, false), reader.readHead());
        final byte[] rest = new byte[100];
        final int n = reader.read(rest, 0, rest.length);
        assertEquals("5\r\nhello\r\n", new String(rest, 0, n, StandardCharsets.US_ASCII));
    }

    @Test
    void parsesRequestHeads() throws IOException {
        assertEquals(new HttpReader.RequestHead("POST", "/notify/1", 42, false, false),
                HttpReader.parseRequest("POST /notify/1 HTTP/1.1\r\nHost: x\r\ncontent-length: 42"));
        assertEquals(new HttpReader.RequestHead("GET", "/", -1, true, true), HttpReader.parseRequest(
                "GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nConnection: close"));
        assertThrows(IOException.class, () -> HttpReader.parseRequest("POST /x HTTP/1.1\r\nContent-Length: -1"));
        assertThrows(IOException.class, () -> HttpReader.parseRequest("hello"));
    }

    @Test
    void treatsHttp10AsClosingUnlessKeptAlive() throws IOException {
        assertEquals(true, HttpReader.parse("HTTP/1.0 200 OK").close());
        assertEquals(false, HttpReader.parse("HTTP/1.0 200 OK\r\nConnection: keep-alive").close());
    }

    @Test
    void failsClearlyOnATruncatedOrForeignResponse() {
        assertThrows(EOFException.class, () -> new HttpReader(trickle("HTTP/1.1 200 OK\r\n"), 64)
                .readHead());
        assertThrows(IOException.class, () -> new HttpReader(trickle("SSH-2.0-OpenSSH\r\n\r\n"), 64)
                .readHead());
        assertThrows(IOException.class, () -> new HttpReader(trickle("HTTP/1.1 200 OK\r\nX: "
                + "y".repeat(100) + "\r\n\r\n"), 64).readHead());
    }

    /** A stream that returns one byte per read, as a slow socket might. */
    private static InputStream trickle(final String text) {
        final byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        return new InputStream() {
            private int next;

            @Override
            public int read() {
                return next < bytes.length ? bytes[next++] & 0xFF : -1;
            }

            @Override
            public int read(final byte[] target, final int offset, final int length) {
                if (next >= bytes.length) {
                    return -1;
                }
                target[offset] = bytes[next++];
                return 1;
            }
        };
    }
}
