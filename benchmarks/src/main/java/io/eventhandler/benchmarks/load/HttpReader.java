package io.eventhandler.benchmarks.load;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Reads HTTP/1.1 messages from a socket through its own buffer (no per-byte locking): a head, a
 * {@code Content-Length} body, and whatever the buffer already holds beyond them for a streaming reader.
 */
final class HttpReader {

    private final InputStream in;
    private final byte[] buffer;
    private int position;
    private int limit;

    HttpReader(final InputStream in, final int bufferSize) {
        this.in = in;
        this.buffer = new byte[bufferSize];
    }

    /**
     * The status line and the headers the generator cares about.
     *
     * @param status        the status code
     * @param contentLength the {@code Content-Length}, or -1
     * @param chunked       whether the body is {@code Transfer-Encoding: chunked}
     * @param close         whether the server will close the connection after this response
     */
    record Head(int status, int contentLength, boolean chunked, boolean close) {
    }

    /** Reads a response head, up to and including the blank line that ends it. */
    Head readHead() throws IOException {
        return parse(readHeadText());
    }

    /**
     * Reads a head, up to and including the blank line that ends it.
     *
     * @return the head without the blank line, ISO-8859-1
     * @throws EOFException when the connection closed first, even between two messages
     */
    String readHeadText() throws IOException {
        int end;
        while ((end = headEnd()) < 0) {
            if (position > 0) {
                System.arraycopy(buffer, position, buffer, 0, limit - position);
                limit -= position;
                position = 0;
            }
            if (limit == buffer.length) {
                throw new IOException("response head longer than " + buffer.length + " bytes");
            }
            fill();
        }
        final String text = new String(buffer, position, end - position, StandardCharsets.ISO_8859_1);
        position = end + 4;
        return text;
    }

    /** Reads {@code length} body bytes into {@code target}, which must be large enough. */
    void readFully(final byte[] target, final int length) throws IOException {
        int done = 0;
        while (done < length) {
            done += read(target, done, length - done);
        }
    }

    /** Reads a body of {@code length} bytes as UTF-8. */
    String readBody(final int length) throws IOException {
        final byte[] body = new byte[length];
        readFully(body, length);
        return new String(body, StandardCharsets.UTF_8);
    }

    /** Reads at least one byte: buffered ones first, then from the socket. */
    int read(final byte[] target, final int offset, final int length) throws IOException {
        if (position < limit) {
            final int n = Math.min(length, limit - position);
            System.arraycopy(buffer, position, target, offset, n);
            position += n;
            return n;
        }
        final int n = in.read(target, offset, length);
        if (n < 0) {
            throw new EOFException("connection closed by the server");
        }
        return n;
    }

    private void fill() throws IOException {
        final int n = in.read(buffer, limit, buffer.length - limit);
        if (n < 0) {
            throw new EOFException("connection closed by the server");
        }
        limit += n;
    }

    private int headEnd() {
        for (int i = position; i + 3 < limit; i++) {
            if (buffer[i] == '\r' && buffer[i + 1] == '\n' && buffer[i + 2] == '\r' && buffer[i + 3] == '\n') {
                return i;
            }
        }
        return -1;
    }

    static Head parse(final String text) throws IOException {
        final String[] lines = text.split("\r\n");
        final String[] statusLine = lines[0].split(" ", 3);
        if (statusLine.length < 2 || !statusLine[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP/1.x response: " + lines[0]);
        }
        final int status;
        try {
            status = Integer.parseInt(statusLine[1]);
        } catch (final NumberFormatException e) {
            throw new IOException("bad status line: " + lines[0], e);
        }
        final Framing framing = Framing.of(lines, statusLine[0]);
        return new Head(status, framing.contentLength(), framing.chunked(), framing.close());
    }

    /**
     * A request head.
     *
     * @param method        the method
     * @param target        the request target (path and query)
     * @param contentLength the {@code Content-Length}, or -1
     * @param chunked       whether the body is chunked
     * @param close         whether the connection ends after this exchange
     */
    record RequestHead(String method, String target, int contentLength, boolean chunked, boolean close) {
    }

    static RequestHead parseRequest(final String text) throws IOException {
        final String[] lines = text.split("\r\n");
        final String[] requestLine = lines[0].split(" ");
        if (requestLine.length != 3 || !requestLine[2].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP/1.x request: " + lines[0]);
        }
        final Framing framing = Framing.of(lines, requestLine[2]);
        return new RequestHead(requestLine[0], requestLine[1], framing.contentLength(), framing.chunked(),
                framing.close());
    }

    /** How a message's body is delimited and whether the connection stays open, from its headers. */
    private record Framing(int contentLength, boolean chunked, boolean close) {

        static Framing of(final String[] lines, final String version) throws IOException {
            int contentLength = -1;
            boolean chunked = false;
            boolean close = version.equals("HTTP/1.0");
            for (int i = 1; i < lines.length; i++) {
                final int colon = lines[i].indexOf(':');
                if (colon <= 0) {
                    continue;
                }
                final String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
                final String value = lines[i].substring(colon + 1).trim().toLowerCase(Locale.ROOT);
                switch (name) {
                    case "content-length" -> contentLength = contentLength(value);
                    case "transfer-encoding" -> chunked = value.contains("chunked");
                    case "connection" -> close = value.contains("close") || close && !value.contains("keep-alive");
                    default -> {
                    }
                }
            }
            return new Framing(contentLength, chunked, close);
        }

        private static int contentLength(final String value) throws IOException {
            try {
                final int length = Integer.parseInt(value);
                if (length < 0) {
                    throw new IOException("negative Content-Length " + value);
                }
                return length;
            } catch (final NumberFormatException e) {
                throw new IOException("bad Content-Length " + value, e);
            }
        }
    }
}
