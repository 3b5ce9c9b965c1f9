package io.eventhandler.server.sse;

import io.eventhandler.core.outbox.CloseReason;
import org.glassfish.grizzly.WriteHandler;
import org.glassfish.grizzly.http.io.NIOOutputStream;
import org.glassfish.grizzly.http.server.Response;

import java.io.IOException;

/** A stream written through a suspended HTTP server response (the streams {@link SseHandler} opens itself). */
final class ResponseOutput implements StreamOutput {

    private final Response response;
    private final NIOOutputStream out;

    ResponseOutput(final Response response) {
        this.response = response;
        this.out = response.getNIOOutputStream();
    }

    @Override
    public boolean canWrite() {
        return out.canWrite();
    }

    @Override
    public void notifyCanWrite(final WriteHandler handler) {
        out.notifyCanWrite(handler);
    }

    @Override
    public void write(final byte[] bytes, final int offset, final int length) throws IOException {
        out.write(bytes, offset, length);
        out.flush();
    }

    @Override
    public void close(final CloseReason reason) {
        if (reason == CloseReason.TOO_SLOW) {
            // a write is stuck on a client that does not read: ending the response would wait on it
            response.getRequest().getContext().getConnection().closeSilently();
        } else if (response.isSuspended()) {
            response.resume();
        }
    }
}
