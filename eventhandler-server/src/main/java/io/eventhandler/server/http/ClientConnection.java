package io.eventhandler.server.http;

import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.HttpRequestPacket;

/**
 * One client connection as the connection guard and the whole-request filter see it: its address, since when its
 * current request has been arriving, and the body gathered so far. {@link #startedNanos} is read by the deadline
 * sweep; the gathered body belongs to the connection's reading thread, except that a cut takes it under the lock.
 */
final class ClientConnection {

    private static final long IDLE = Long.MIN_VALUE;

    final Connection<?> connection;
    final String address;
    private volatile long startedNanos = IDLE;
    /** The request whose body is being gathered, or null. */
    HttpRequestPacket request;
    Buffer body;
    /** The request being gathered was answered 408; what still arrives of it is dropped. */
    volatile boolean cut;

    ClientConnection(final Connection<?> connection, final String address) {
        this.connection = connection;
        this.address = address;
    }

    /** Bytes arrived: a request starts arriving unless one already is. */
    void bytesArrived(final long nowNanos) {
        if (startedNanos == IDLE) {
            startedNanos = nowNanos;
        }
    }

    /** The request has arrived whole (or is refused): nothing is arriving until the next bytes. */
    void arrived() {
        startedNanos = IDLE;
    }

    /** Whether a request has been arriving for longer than {@code timeoutNanos}. */
    boolean overdue(final long nowNanos, final long timeoutNanos) {
        final long started = startedNanos;
        return started != IDLE && nowNanos - started > timeoutNanos;
    }
}
