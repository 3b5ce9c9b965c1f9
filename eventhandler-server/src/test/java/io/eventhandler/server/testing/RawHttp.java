package io.eventhandler.server.testing;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 connection on a plain socket: what is sent is exactly what the test wrote (several requests on one
 * connection, chunked bodies, a tiny receive buffer), and responses are read one by one from the same socket.
 */
public final class RawHttp implements AutoCloseable {

    /** A response read off the wire; header names are lower-case. */
    public record Response(int status, Map<String, String> headers, byte[] body) {
        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** Status line and headers; the body is left on the stream. */
    public record Head(int status, Map<String, String> headers) {
        boolean chunked() {
            return "chunked".equalsIgnoreCase(headers.getOrDefault("transfer-encoding", ""));
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final String host;
    private volatile String lastStatusLine;

    private RawHttp(final Socket socket, final String host) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
        this.host = host;
    }

    /** Connect to the server; a positive {@code receiveBuffer} shrinks the socket's receive buffer (and window). */
    public static RawHttp connect(final URI base, final int receiveBuffer) {
        return connect(base, receiveBuffer, null);
    }

    /** Over TLS with this context when {@code tls} is not null (an {@code https} base needs one). */
    public static RawHttp connect(final URI base, final int receiveBuffer, final SSLContext tls) {
        try {
            Socket socket = new Socket();
            if (receiveBuffer > 0) {
                socket.setReceiveBufferSize(receiveBuffer);
            }
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
            socket.setSoTimeout(30_000); // a hang, not slowness: a loaded machine only answers later
            if (tls != null) {
                final SSLSocket secured = (SSLSocket) tls.getSocketFactory().createSocket(socket, base.getHost(),
                        base.getPort(), true);
                secured.startHandshake();
                socket = secured;
            }
            return new RawHttp(socket, base.getHost() + ":" + base.getPort());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static RawHttp connect(final URI base) {
        return connect(base, 0);
    }

    /** A plain connection from this local address (another loopback address is another client address). */
    public static RawHttp connectFrom(final URI base, final String localAddress) {
        try {
            final Socket socket = new Socket();
            socket.bind(new InetSocketAddress(java.net.InetAddress.getByName(localAddress), 0));
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
            socket.setSoTimeout(30_000);
            return new RawHttp(socket, base.getHost() + ":" + base.getPort());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Send a request with the given extra header lines (each without CRLF) and an optional body. */
    public void send(final String method, final String target, final byte[] body, final String... headers) {
        final StringBuilder head = new StringBuilder()
                .append(method).append(' ').append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(host).append("\r\n");
        for (final String header : headers) {
            head.append(header).append("\r\n");
        }
        if (body != null) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        write(head.toString().getBytes(StandardCharsets.US_ASCII));
        if (body != null) {
            write(body);
        }
    }

    /** Send these bytes as they are: a request the test built itself, malformed or not. */
    public void sendRaw(final byte[] request) {
        write(request);
    }

    /** Send a POST whose body goes in chunks of {@code chunkSize} bytes ({@code Transfer-Encoding: chunked}). */
    public void sendChunked(final String target, final String contentType, final byte[] body, final int chunkSize) {
        send("POST", target, null, "Content-Type: " + contentType, "Transfer-Encoding: chunked");
        for (int offset = 0; offset < body.length; offset += chunkSize) {
            final int n = Math.min(chunkSize, body.length - offset);
            write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            final byte[] chunk = new byte[n];
            System.arraycopy(body, offset, chunk, 0, n);
            write(chunk);
            write("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    /** Read the next complete response (body delimited by Content-Length or chunked encoding). */
    public Response readResponse() {
        try {
            final Head head = readHead();
            final byte[] body;
            if (head.chunked()) {
                body = bodyStream(head).readAllBytes();
            } else {
                final int length = Integer.parseInt(head.headers().getOrDefault("content-length", "0").trim());
                body = in.readNBytes(length);
                if (body.length < length) {
                    throw new EOFException("body ended after " + body.length + " of " + length + " bytes");
                }
            }
            return new Response(head.status(), head.headers(), body);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Read a status line and headers. */
    public Head readHead() throws IOException {
        final String statusLine = readLine();
        if (statusLine == null) {
            throw new EOFException("connection closed before a response");
        }
        lastStatusLine = statusLine;
        final int status = Integer.parseInt(statusLine.split(" ", 3)[1]);
        final Map<String, String> headers = new LinkedHashMap<>();
        String line;
        while ((line = readLine()) != null && !line.isEmpty()) {
            final int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        return new Head(status, headers);
    }

    /** The body of a response whose head was just read, decoded if chunked; read it to its end. */
    public InputStream bodyStream(final Head head) {
        return head.chunked() ? new ChunkedInputStream() : in;
    }

    /**
     * Send each write at once ({@code TCP_NODELAY}). Without it a request written as head and body waits for the
     * server's delayed ACK of the head (about 40 ms on Linux), which dominates a test of many sequential requests.
     */
    public void tcpNoDelay(final boolean on) {
        try {
            socket.setTcpNoDelay(on);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Block reads for at most this long (0 = forever). */
    public void readTimeout(final int millis) {
        try {
            socket.setSoTimeout(millis);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the server has closed the connection: a read sees the end of the stream. */
    public boolean closedByPeer() {
        try {
            socket.setSoTimeout(2_000);
            return in.read() < 0;
        } catch (final IOException e) {
            return true;
        }
    }

    /**
     * Whether the server closes the connection within {@code millis}: true when a read sees the end of the stream or
     * a reset, false when the read times out with the connection still open (unlike {@link #closedByPeer()}, which
     * counts a timeout as closed). Unexpected bytes from the server fail. The read timeout is restored afterwards.
     */
    public boolean closesWithin(final int millis) {
        try {
            final int previous = socket.getSoTimeout();
            socket.setSoTimeout(millis);
            try {
                final int b = in.read();
                if (b >= 0) {
                    throw new IllegalStateException("unexpected byte from the server: " + b);
                }
                return true;
            } catch (final java.net.SocketTimeoutException e) {
                return false;
            } finally {
                if (!socket.isClosed()) {
                    socket.setSoTimeout(previous);
                }
            }
        } catch (final IOException e) {
            return true;
        }
    }

    /** The status line of the last response head read (for instance {@code HTTP/1.1 200 OK}), or null. */
    public String lastStatusLine() {
        return lastStatusLine;
    }

    public int localPort() {
        return socket.getLocalPort();
    }

    private void write(final byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String readLine() throws IOException {
        final ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                final byte[] bytes = line.toByteArray();
                final int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, length, StandardCharsets.UTF_8);
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (final IOException ignored) {
            // closing anyway
        }
    }

    /** Decodes {@code Transfer-Encoding: chunked} from the connection. */
    private final class ChunkedInputStream extends InputStream {
        private int remaining;
        private boolean done;

        @Override
        public int read() throws IOException {
            final byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(final byte[] buffer, final int offset, final int length) throws IOException {
            if (done) {
                return -1;
            }
            if (remaining == 0) {
                final String sizeLine = readLine();
                if (sizeLine == null) {
                    throw new EOFException("connection closed inside a chunked body");
                }
                remaining = Integer.parseInt(sizeLine.split(";", 2)[0].trim(), 16);
                if (remaining == 0) {
                    String trailer;
                    while ((trailer = readLine()) != null && !trailer.isEmpty()) {
                        // skip trailers
                    }
                    done = true;
                    return -1;
                }
            }
            final int n = in.read(buffer, offset, Math.min(length, remaining));
            if (n < 0) {
                throw new EOFException("connection closed inside a chunk");
            }
            remaining -= n;
            if (remaining == 0) {
                readLine();
            }
            return n;
        }
    }
}
