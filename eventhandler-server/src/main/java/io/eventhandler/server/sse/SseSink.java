package io.eventhandler.server.sse;

import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.DeliveryCallback;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.core.outbox.EventSink;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.event.OutboxItem;
import io.eventhandler.server.calibration.StageRecorder;
import org.glassfish.grizzly.WriteHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/**
 * One SSE stream, whichever {@link StreamOutput} carries it. Writes never block a delivery thread: a batch is written
 * only when Grizzly says the connection can take it ({@code canWrite}), otherwise the sink waits for
 * {@code notifyCanWrite}, and frames, writes and completes the batch then.
 * A whole batch leaves in one write and one flush. The first batch (the outbox is woken right after attaching)
 * opens the stream with the {@code retry:} hint.
 */
final class SseSink implements EventSink {

    private static final Logger LOG = LoggerFactory.getLogger(SseSink.class);

    /**
     * Bytes of events one batch carries at most ({@link #maxBatchBytes}): a write the client does not take waits in
     * its connection's queue, and a resume from the start of a history of 4 KB events put 256 of them, a megabyte, in
     * one write. Small events still go about 160 to a write (a 200-byte payload, counted with its frame).
     */
    static final int BATCH_BYTES = 64 * 1024;

    private final StreamOutput out;
    private final SseFrames frames;
    private final String eventType;
    private final long heartbeatIntervalNanos;
    private final long retryMs;
    private final FrameBuffer buffer = new FrameBuffer();
    private boolean opened;
    private volatile Consumer<CloseReason> onFailure = reason -> { };
    private long lastWriteNanos = System.nanoTime();
    private volatile boolean closed;
    private long takenNanos;
    /** The first event of the batch being written, for the log line if it fails. */
    private long firstSequence;
    private final String subscriber;
    private final DeliveryProblemLog problems;
    /** Run once when the stream closes: it no longer counts against the stream limit. */
    private final Runnable onClosed;
    private final StageRecorder stages;

    SseSink(final StreamOutput out, final SseFrames frames, final String eventType, final String subscriber,
            final long heartbeatIntervalNanos, final long retryMs, final DeliveryProblemLog problems,
            final Runnable onClosed, final StageRecorder stages) {
        this.onClosed = onClosed;
        this.stages = stages;
        this.subscriber = subscriber;
        this.problems = problems;
        this.retryMs = retryMs;
        this.out = out;
        this.frames = frames;
        this.eventType = eventType;
        this.heartbeatIntervalNanos = heartbeatIntervalNanos;
    }

    /** Grizzly's writes never block: a write the connection cannot take now waits for {@code notifyCanWrite}. */
    @Override
    public boolean writesWithoutBlocking() {
        return true;
    }

    @Override
    public int maxBatchBytes() {
        return BATCH_BYTES;
    }

    /** What to do when the stream breaks (detach it from the broker). */
    void onFailure(final Consumer<CloseReason> action) {
        this.onFailure = action;
    }


    @Override
    public void deliver(final List<OutboxItem> batch, final DeliveryCallback callback) {
        final long now = System.nanoTime();
        takenNanos = now;
        if (batch.isEmpty() && opened && now - lastWriteNanos < heartbeatIntervalNanos * 9 / 10) {
            callback.completed(0, 0); // woken with nothing to say: idle
            return;
        }
        if (out.canWrite()) {
            frameAndWrite(batch, now, callback);
        } else {
            // framed only once the connection takes it: a stream whose client stopped reading holds its batch's
            // events (which the topic's history holds too), not a copy of them
            out.notifyCanWrite(new WriteHandler() {
                @Override
                public void onWritePossible() {
                    frameAndWrite(batch, now, callback);
                }

                @Override
                public void onError(final Throwable t) {
                    firstSequence = OutboxItem.firstSequence(batch);
                    fail(t, OutboxItem.countEvents(batch), callback);
                }
            });
        }
    }

    private void frameAndWrite(final List<OutboxItem> batch, final long takenAt, final DeliveryCallback callback) {
        buffer.begin(out.headroom(), out.tailroom());
        if (!batch.isEmpty()) {
            buffer.reserve(expectedBytes(batch));
        }
        if (!opened) {
            // The response head and the retry hint leave with the first write, after the stream is attached to its
            // topic: a client that publishes once it sees the head cannot miss its event.
            opened = true;
            SseFrames.retry(buffer, retryMs);
        }
        int events = 0;
        firstSequence = 0;
        for (final OutboxItem item : batch) {
            if (item instanceof Event event) {
                if (events == 0) {
                    firstSequence = event.sequence();
                }
                frames.event(buffer, event);
                stages.taken(event.acceptedNanos(), takenAt);
                events++;
            } else if (item instanceof Gap gap) {
                frames.gap(buffer, gap, eventType);
            }
        }
        if (buffer.length() == 0) {
            SseFrames.heartbeat(buffer); // a heartbeat tick on a stream idle for about the interval
        }
        write(events, callback);
    }



    /** About what the batch's frames take, so that the array is allocated once: the JSON plus the field names. */
    private static int expectedBytes(final List<OutboxItem> batch) {
        int bytes = 32; // the retry hint or a heartbeat
        for (final OutboxItem item : batch) {
            bytes += item instanceof Event event ? event.encoded().length + 32 : 256;
        }
        return bytes;
    }

    private void write(final int events, final DeliveryCallback callback) {
        try {
            final byte[] written = buffer.array();
            final int offset = buffer.offset();
            final int length = buffer.length();
            buffer.release(); // the output's now
            out.write(written, offset, length);
            lastWriteNanos = System.nanoTime();
            stages.written(takenNanos, events);
            callback.completed(events, 0);
        } catch (final IOException | RuntimeException e) {
            fail(e, events, callback);
        }
    }

    private void fail(final Throwable cause, final int events, final DeliveryCallback callback) {
        problems.report(DeliveryProblemLog.Problem.WRITE_FAILED, eventType, subscriber, firstSequence,
                cause.getClass().getSimpleName(), "events=" + events);
        callback.completed(0, events);
        onFailure.accept(CloseReason.WRITE_FAILED);
    }

    @Override
    public void close(final CloseReason reason) {
        if (closed) {
            return;
        }
        closed = true;
        onClosed.run();
        try {
            out.close(reason);
        } catch (final RuntimeException e) {
            LOG.debug("closing SSE stream of {}: {}", eventType, e.toString());
        }
    }
}
