package io.eventhandler.server.sse;

import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.server.config.StreamConfiguration;
import io.eventhandler.server.runtime.Runner;

import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Looks after the SSE streams periodically. It wakes every stream: one idle for the heartbeat interval writes a
 * comment line, which keeps proxies from closing it and reveals dead connections (the write fails). And it
 * disconnects a stream that has not kept up for the stall timeout (a write that never completes, or events lost
 * without a batch completing since): its queue is bounded anyway, but a hopeless subscriber holding a connection
 * and a full queue helps nobody; it can reconnect and resume with {@code Last-Event-ID}. Sooner, when the streams
 * that fell behind hold more than their budget: then it has {@link StalledStreamMemory#shed} disconnect the ones
 * behind longest, as soon as one falling behind puts the total over it.
 */
public final class SseHeartbeat implements AutoCloseable {

    /** How soon the streams behind are shed again while they hold more than their budget. */
    private static final long SHED_RETRY_MS = 100;

    private final ScheduledExecutorService timer;
    private final Broker broker;
    private final long stallTimeoutNanos;
    private final DeliveryProblemLog problems;
    private final StalledStreamMemory stalls;
    private final AtomicBoolean shedding = new AtomicBoolean();

    /**
     * @param streams the heartbeat interval, and how long a stream may not keep up before it is disconnected (0 for
     *                never)
     * @param stalls  what the streams behind hold; over its budget, the ones behind longest are disconnected
     * @param runner  makes the timer thread, {@code eh-sse-heartbeat}
     */
    public SseHeartbeat(final Broker broker, final StreamConfiguration streams, final StalledStreamMemory stalls,
                        final DeliveryProblemLog problems, final Runner runner) {
        this.stalls = stalls;
        final long intervalMs = streams.heartbeatIntervalMs();
        final long stallTimeoutMs = streams.stallTimeoutMs();
        this.broker = broker;
        this.problems = problems;
        this.stallTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(stallTimeoutMs);
        long period = Math.max(50, intervalMs / 2);
        if (stallTimeoutMs > 0) {
            period = Math.min(period, Math.max(50, stallTimeoutMs / 4));
        }
        // a tick that takes longer than its period (every stream woken) makes the next ones late
        this.timer = runner.timer("eh-sse-heartbeat", Duration.ofMillis(period));
        timer.scheduleAtFixedRate(this::tick, period, period, TimeUnit.MILLISECONDS);
        stalls.onOverBudget(this::shedSoon);
    }

    /** Has the streams behind shed now, and again every {@value #SHED_RETRY_MS} ms while they hold too much. */
    private void shedSoon() {
        if (shedding.compareAndSet(false, true)) {
            try {
                timer.execute(this::shed);
            } catch (final RejectedExecutionException stopping) {
                shedding.set(false);
            }
        }
    }

    private void shed() {
        if (stalls.shed()) {
            try {
                timer.schedule(this::shed, SHED_RETRY_MS, TimeUnit.MILLISECONDS);
                return;
            } catch (final RejectedExecutionException stopping) {
                // stopping: nothing to keep
            }
        }
        shedding.set(false);
    }

    private void tick() {
        if (stalls.overBudget()) {
            shedSoon(); // it may have gone over without a stream falling behind
        }
        final long now = System.nanoTime();
        for (final SubscriberOutbox outbox : broker.outboxes()) {
            if (!(outbox.subscriberKey() instanceof StreamOpener.StreamKey)) {
                continue; // webhook subscribers retry and back off instead
            }
            final long stalled = outbox.stalledNanos(now);
            if (stallTimeoutNanos > 0 && stalled > stallTimeoutNanos) {
                problems.report(DeliveryProblemLog.Problem.DISCONNECTED, outbox.topic(), outbox.description(),
                        outbox.oldestUndeliveredSequence(), CloseReason.TOO_SLOW.name(),
                        "stalled_ms=" + TimeUnit.NANOSECONDS.toMillis(stalled) + " dropped=" + outbox.dropped()
                                + " pending=" + outbox.pending());
                broker.detach(outbox, CloseReason.TOO_SLOW);
            } else {
                outbox.wake();
            }
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
