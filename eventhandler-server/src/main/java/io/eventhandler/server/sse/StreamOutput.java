package io.eventhandler.server.sse;

import io.eventhandler.core.outbox.CloseReason;
import org.glassfish.grizzly.WriteHandler;

import java.io.IOException;

/** Where an SSE stream's bytes go, written only when the connection can take them (never blocking the caller). */
interface StreamOutput {

    /** Whether a write now would be queued without exceeding the connection's write queue. */
    boolean canWrite();

    /** Calls {@code handler} once a write is possible again. */
    void notifyCanWrite(WriteHandler handler);

    /** Bytes {@link #write} may use in the caller's array just before the data (for its framing). */
    default int headroom() {
        return 0;
    }

    /** Bytes {@link #write} may use in the caller's array just after the data. */
    default int tailroom() {
        return 0;
    }

    /**
     * Writes {@code bytes[offset, offset + length)} and pushes them out. The array becomes the output's: it may
     * still be read after this returns (an asynchronous write), so the caller must not reuse it; the
     * {@link #headroom} bytes before {@code offset} and the {@link #tailroom} bytes after the data are the output's
     * to frame them in.
     */
    void write(byte[] bytes, int offset, int length) throws IOException;

    /**
     * Counts what waits in the connection's write queue in {@code stream} from now on (a stream whose client stops
     * reading holds it): each write until it has left, or, for an output whose writes cannot be followed one by one
     * (the HTTP server's response), a full queue and a batch while the stream waits for the connection.
     */
    default void countIn(StalledStreamMemory.Stream stream) {
    }

    /** Ends the stream: at once for {@link CloseReason#TOO_SLOW} (a write is stuck), else after what is queued. */
    void close(CloseReason reason);
}
