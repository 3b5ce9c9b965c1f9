package io.eventhandler.server.sse;

import io.eventhandler.core.delivery.CloseReason;
import org.glassfish.grizzly.WriteHandler;

import java.io.IOException;

/** Where an SSE stream's bytes go, written only when the connection can take them (never blocking the caller). */
interface StreamOutput {

    /** Whether a write now would be queued without exceeding the connection's write queue. */
    boolean canWrite();

    /** Calls {@code handler} once a write is possible again. */
    void notifyCanWrite(WriteHandler handler);

    /** Writes {@code length} bytes of {@code bytes} (copied: the array is reused) and pushes them out. */
    void write(byte[] bytes, int length) throws IOException;

    /** Ends the stream: at once for {@link CloseReason#TOO_SLOW} (a write is stuck), else after what is queued. */
    void close(CloseReason reason);
}
