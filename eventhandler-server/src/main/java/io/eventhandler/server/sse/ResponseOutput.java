package io.eventhandler.server.sse;

import io.eventhandler.core.outbox.CloseReason;
import org.glassfish.grizzly.WriteHandler;
import org.glassfish.grizzly.http.io.NIOOutputStream;
import org.glassfish.grizzly.http.server.Response;

import java.io.IOException;

/** A stream written through a suspended HTTP server response (the streams {@link SseHandler} opens itself). */
final class ResponseOutput implements StreamOutput {

    /** What a waiting stream is taken to hold: its connection's queue at the limit, and a batch. */
    private static final int WAITING_BYTES = StreamOpener.WRITE_QUEUE_BYTES + SseSink.BATCH_BYTES;

    private final Response response;
    private final NIOOutputStream out;
    private volatile StalledStreamMemory.Stream account;

    ResponseOutput(final Response response) {
        this.response = response;
        this.out = response.getNIOOutputStream();
    }

    @Override
    public boolean canWrite() {
        return out.canWrite();
    }

    /**
     * Counts what this stream may hold while it waits: its writes are not followed one by one (the HTTP server's
     * output buffers them), so a stream waiting for the connection is taken to hold a full write queue and a batch.
     */
    @Override
    public void countIn(final StalledStreamMemory.Stream stream) {
        this.account = stream;
    }

    @Override
    public void notifyCanWrite(final WriteHandler handler) {
        final StalledStreamMemory.Stream counted = account;
        if (counted == null) {
            out.notifyCanWrite(handler);
            return;
        }
        counted.add(WAITING_BYTES);
        counted.afterWrite();
        out.notifyCanWrite(new WriteHandler() {
            @Override
            public void onWritePossible() throws Exception {
                counted.remove(WAITING_BYTES);
                handler.onWritePossible();
            }

            @Override
            public void onError(final Throwable t) {
                counted.remove(WAITING_BYTES);
                handler.onError(t);
            }
        });
    }

    @Override
    public void write(final byte[] bytes, final int offset, final int length) throws IOException {
        out.write(bytes, offset, length);
        out.flush();
    }

    @Override
    public void close(final CloseReason reason) {
        if (reason == CloseReason.TOO_SLOW) {
            // a write is stuck on a client that does not read: ending the response would wait on it, and so would
            // a graceful close
            response.getRequest().getContext().getConnection().terminateSilently();
        } else if (response.isSuspended()) {
            response.resume();
        }
    }
}
