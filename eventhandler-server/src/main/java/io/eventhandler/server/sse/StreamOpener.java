package io.eventhandler.server.sse;

import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.core.subscription.EventFilter;
import io.eventhandler.server.calibration.StageRecorder;
import io.eventhandler.server.http.PeerAddress;
import io.eventhandler.server.subscription.AuthorizationGrant;
import org.glassfish.grizzly.CloseListener;
import org.glassfish.grizzly.Closeable;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.ICloseType;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Attaches an admitted, authorized stream to its topic, whichever {@link StreamOutput} carries it, and detaches it
 * when its connection closes. The caller holds one of the {@link StreamSlots}; the stream gives it back on close.
 */
final class StreamOpener {

    /** Bytes a stream's connection may queue for the socket before its sink waits (see {@code open}). */
    static final int WRITE_QUEUE_BYTES = 16 * 1024;

    private final Broker broker;
    private final SseFrames frames;
    private final long retryMs;
    private final long heartbeatIntervalNanos;
    private final DeliveryProblemLog problems;
    private final StreamSlots slots;
    private final StageRecorder stages;
    private final StalledStreamMemory stalls;
    private final AtomicLong streams = new AtomicLong();

    StreamOpener(final Broker broker, final SseFrames frames, final long retryMs, final long heartbeatIntervalNanos,
                 final DeliveryProblemLog problems, final StreamSlots slots, final StalledStreamMemory stalls,
                 final StageRecorder stages) {
        this.stages = stages;
        this.stalls = stalls;
        this.broker = broker;
        this.frames = frames;
        this.retryMs = retryMs;
        this.heartbeatIntervalNanos = heartbeatIntervalNanos;
        this.problems = problems;
        this.slots = slots;
    }

    /**
     * @return whether the stream is open; false if its connection closed meanwhile (it is then detached already)
     */
    boolean open(final StreamAdmission.Admitted stream, final AuthorizationGrant grant, final StreamOutput output,
                 final Connection<?> connection, final String client) {
        // Grizzly lets a connection queue four times its socket's send buffer before it reports that it cannot take
        // more; a stream that stops reading would keep that much of the heap. Past this (once the kernel's buffer is
        // full) the stream's sink waits for notifyCanWrite; what is queued counts in the stalled streams' budget.
        connection.setMaxAsyncWriteQueueSize(WRITE_QUEUE_BYTES);
        final long streamId = streams.incrementAndGet();
        final String description = "sse#" + streamId + " "
                + (stream.subscriber().systemName() == null ? "" : stream.subscriber().systemName() + "@") + client;
        final SseSink sink = new SseSink(output, frames, stream.eventType(), description, heartbeatIntervalNanos,
                retryMs, problems, slots::release, stages);
        // counted from the first write, which may come as soon as the replay is queued
        final StalledStreamMemory.Stream account = stalls.stream(PeerAddress.of(connection));
        output.countIn(account);
        final SubscriberOutbox outbox;
        try {
            outbox = broker.subscribe(new SubscribeRequest(stream.eventType(), new StreamKey(streamId), description,
                    streamFilter(grant), sink, stream.resumeAfter(), stream.requirements(), stream.numbering()));
        } catch (final RuntimeException e) {
            sink.close(CloseReason.UNSUBSCRIBED); // counts the stream out again
            account.closed();
            throw e;
        }
        sink.onFailure(reason -> broker.detach(outbox, reason));
        account.attach(outbox::pending, () -> disconnectBehind(outbox, account, output));
        connection.addCloseListener(new CloseListener<Closeable, ICloseType>() {
            @Override
            public void onClosed(final Closeable closeable, final ICloseType type) {
                account.closed();
                broker.detach(outbox, CloseReason.UNSUBSCRIBED);
            }
        });
        if (!connection.isOpen()) {
            // closed before the listener was added: it will not be told
            account.closed();
            broker.detach(outbox, CloseReason.UNSUBSCRIBED);
            return false;
        }
        outbox.wake();
        return true;
    }

    /** Over the stalled streams' budget: this stream, idle longest, goes, as one stalled too long does. */
    private void disconnectBehind(final SubscriberOutbox outbox, final StalledStreamMemory.Stream account,
                                  final StreamOutput output) {
        problems.report(DeliveryProblemLog.Problem.DISCONNECTED, outbox.topic(), outbox.description(),
                outbox.oldestUndeliveredSequence(), CloseReason.TOO_SLOW.name(), "behind_ms="
                        + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - account.behindSinceNanos()) + " held_bytes="
                        + account.held() + " pending=" + outbox.pending() + " stalled_streams_bytes="
                        + stalls.heldBytes() + " budget_bytes=" + stalls.budgetBytes());
        broker.detach(outbox, CloseReason.TOO_SLOW);
        // at once, rather than from its outbox's drain, which may wait behind the delivery threads' work: what its
        // connection queued is freed as it closes
        output.close(CloseReason.TOO_SLOW);
    }

    /**
     * A stream's grant never changes while it is open (authorization updates re-check stored webhook subscriptions;
     * a stream gets the current rules when it reconnects), so a grant to everyone needs no check per event.
     */
    private static EventFilter streamFilter(final AuthorizationGrant grant) {
        return grant.everyone() ? EventFilter.ALL : grant.filter();
    }

    /** Each stream is its own subscriber: keys are unique, so a stream never replaces another. */
    record StreamKey(long id) {
    }
}
