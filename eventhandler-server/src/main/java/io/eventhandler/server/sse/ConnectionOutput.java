package io.eventhandler.server.sse;

import io.eventhandler.core.outbox.CloseReason;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.EmptyCompletionHandler;
import org.glassfish.grizzly.WriteHandler;
import org.glassfish.grizzly.WriteResult;
import org.glassfish.grizzly.memory.Buffers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * A stream written straight to its connection, below the HTTP codec (the streams {@link SseTakeoverFilter} takes
 * over): the response head the HTTP server would have written, then each write as one chunk of a chunked body,
 * through the connection's asynchronous write queue (and TLS, in secure mode). Nothing of the request is kept.
 */
final class ConnectionOutput implements StreamOutput {

    /** Byte for byte the head Grizzly writes for {@link SseHandler}'s response. */
    static final byte[] HEAD = ("HTTP/1.1 200 OK\r\n"
            + "Cache-Control: no-cache\r\n"
            + "X-Accel-Buffering: no\r\n"
            + "Content-Type: text/event-stream;charset=UTF-8\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NOTHING = new byte[0];
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] LAST_CHUNK = "0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    /** Raw: Grizzly's write is generic in the connection's address type, which nothing here needs. */
    @SuppressWarnings("rawtypes")
    private final Connection connection;
    /** Whether the head has left (with the first write, as the HTTP server sends it). */
    private boolean headSent;
    private boolean ended;
    /** Why an earlier asynchronous write failed: the next write reports it, as the HTTP server's stream does. */
    private volatile Throwable failure;
    /** One handler for every write of the stream, rather than one allocated per chunk. */
    private final EmptyCompletionHandler<WriteResult> recordFailure = new EmptyCompletionHandler<>() {
        @Override
        public void failed(final Throwable error) {
            failure = error;
        }
    };

    /** Where what waits in the connection's write queue is counted; null until the stream is open. */
    private StalledStreamMemory.Stream account;

    ConnectionOutput(final Connection<?> connection) {
        this.connection = connection;
    }

    @Override
    public synchronized void countIn(final StalledStreamMemory.Stream stream) {
        this.account = stream;
    }

    @Override
    public boolean canWrite() {
        return connection.canWrite();
    }

    @Override
    public void notifyCanWrite(final WriteHandler handler) {
        connection.notifyCanWrite(handler);
    }

    /** Room for the response head and the largest chunk size line (8 hex digits and a line end). */
    @Override
    public int headroom() {
        return HEAD.length + 8 + CRLF.length;
    }

    @Override
    public int tailroom() {
        return CRLF.length;
    }

    /** Frames the data as one chunk in place, in the room left around it, and writes the array as it is. */
    @Override
    public synchronized void write(final byte[] bytes, final int offset, final int length) throws IOException {
        final Throwable failed = failure;
        if (failed != null) {
            throw failed instanceof IOException io ? io : new IOException(failed);
        }
        if (ended || !connection.isOpen()) {
            throw new IOException("the stream's connection is closed");
        }
        final byte[] size = Integer.toHexString(length).getBytes(StandardCharsets.US_ASCII);
        final byte[] head = headSent ? NOTHING : HEAD;
        final int first = offset - CRLF.length - size.length - head.length;
        if (first < 0 || offset + length + CRLF.length > bytes.length) {
            throw new IllegalArgumentException("no room for the chunk's framing around " + offset + "+" + length);
        }
        int at = copy(head, bytes, first);
        at = copy(size, bytes, at);
        copy(CRLF, bytes, at);
        copy(CRLF, bytes, offset + length);
        headSent = true;
        send(bytes, first, offset + length + CRLF.length - first);
    }

    @Override
    public void close(final CloseReason reason) {
        if (reason == CloseReason.TOO_SLOW) {
            // a write is stuck on a client that does not read: ending the body would queue behind it, and so would
            // a graceful close (Grizzly's close waits for the queued writes), keeping them in the heap for good
            connection.terminateSilently();
            return;
        }
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
            if (connection.isOpen()) {
                // the end of the body, as resuming a suspended response writes it; the connection then closes
                // once it has left (an open stream's connection is not returned to the HTTP server's keep-alive)
                send(headSent ? LAST_CHUNK : concat(HEAD, LAST_CHUNK));
                headSent = true;
            }
        }
        connection.close();
    }

    private void send(final byte[] bytes) {
        send(bytes, 0, bytes.length);
    }

    /** Under this output's lock. */
    @SuppressWarnings("unchecked")
    private void send(final byte[] bytes, final int offset, final int length) {
        final StalledStreamMemory.Stream counted = account;
        if (counted == null) {
            connection.write(Buffers.wrap(connection.getMemoryManager(), bytes, offset, length), recordFailure);
            return;
        }
        final Sent sent = new Sent(counted, length);
        connection.write(Buffers.wrap(connection.getMemoryManager(), bytes, offset, length), sent);
        sent.written();
    }

    /**
     * One write, counted only if it did not leave for the socket within the call that wrote it (the kernel's buffer
     * was full): a stream that keeps up touches nothing shared.
     */
    private final class Sent extends EmptyCompletionHandler<WriteResult> {
        private static final int WRITING = 0;
        private static final int LEFT_AT_ONCE = 1;
        private static final int COUNTED = 2;
        private static final AtomicIntegerFieldUpdater<Sent> STATE =
                AtomicIntegerFieldUpdater.newUpdater(Sent.class, "state");

        private final StalledStreamMemory.Stream counted;
        private final int length;
        private volatile int state = WRITING;

        Sent(final StalledStreamMemory.Stream counted, final int length) {
            this.counted = counted;
            this.length = length;
        }

        /** The write call returned: if its bytes have not left, they wait in the queue and the stream is behind. */
        void written() {
            if (STATE.compareAndSet(this, WRITING, COUNTED)) {
                counted.add(length);
                counted.afterWrite();
            } else {
                counted.leftAtOnce();
            }
        }

        @Override
        public void completed(final WriteResult result) {
            // before the call returned (or on the selector before the writer looked): it left, nothing was counted
            if (!STATE.compareAndSet(this, WRITING, LEFT_AT_ONCE)) {
                counted.remove(length);
            }
        }

        @Override
        public void failed(final Throwable error) {
            failure = error;
        }
    }

    private static int copy(final byte[] from, final byte[] to, final int at) {
        System.arraycopy(from, 0, to, at, from.length);
        return at + from.length;
    }

    private static byte[] concat(final byte[] first, final byte[] second) {
        final byte[] both = new byte[first.length + second.length];
        copy(second, both, copy(first, both, 0));
        return both;
    }
}
