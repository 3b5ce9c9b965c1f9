package io.eventhandler.benchmarks.load;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One publisher thread: publishes its warm-up events, waits at the {@link PhaseGate}, then publishes its measured
 * events (a count, or until a deadline), paced by a {@link RatePacer}. Each event is stamped with its creation time
 * (microseconds) and carries the publisher id and counter in its payload. The thread owns its channel (one
 * persistent connection) and its histograms; {@link #result()} may be read once the thread has ended.
 */
public final class PublisherTask implements Runnable {

    /** Publish failures in a row after which a publisher gives up and the run is incomplete. */
    public static final int MAX_CONSECUTIVE_FAILURES = 20;

    private static final Logger LOG = LoggerFactory.getLogger(PublisherTask.class);

    private final int id;
    private final String topic;
    private final LoadOptions options;
    private final PublishChannel channel;
    private final PhaseGate gate;
    private final PayloadCodec codec;
    private final WallClock clock = new WallClock();

    private final Phase warmup = new Phase();
    private final Phase measured = new Phase();
    private int consecutiveFailures;
    private boolean aborted;
    private String firstError;

    /** What one phase did. Warm-up runs through the same code as the measured phase, so that code is compiled. */
    private static final class Phase {
        final Histogram latency = LatencyHistograms.create();
        final Histogram latencyCorrected = LatencyHistograms.create();
        long[] failed = new long[8];
        int failedCount;
        long attempted;
        long acknowledged;
        long firstSendMicros;
        long lastAckMicros;

        void addFailed(final long index) {
            if (failedCount == failed.length) {
                failed = Arrays.copyOf(failed, failedCount * 2);
            }
            failed[failedCount++] = index;
        }
    }

    /**
     * A publisher.
     *
     * @param id      publisher id, from 0
     * @param topic   the event type to publish on
     * @param options the run's options
     * @param channel its own connection, closed by the caller
     * @param gate    the warm-up/measured gate shared by all publishers
     */
    public PublisherTask(final int id, final String topic, final LoadOptions options, final PublishChannel channel,
                         final PhaseGate gate) {
        this.id = id;
        this.topic = topic;
        this.options = options;
        this.channel = channel;
        this.gate = gate;
        this.codec = new PayloadCodec(options.payloadBytes());
    }

    /** {@inheritDoc} */
    @Override
    public void run() {
        try {
            publish(warmup, 0, options.warmupPerPublisher(), false);
        } finally {
            gate.warmupDone();
        }
        if (!aborted && gate.awaitStart()) {
            publish(measured, options.warmupPerPublisher(), options.eventsPerPublisher(), options.timed());
        }
    }

    /**
     * Publishes one phase: {@code count} events, or for the configured duration when {@code timed}.
     *
     * @param phase       where the outcome is tallied
     * @param firstCounter the payload counter of the phase's first event
     */
    private void publish(final Phase phase, final long firstCounter, final long count, final boolean timed) {
        final RatePacer pacer = new RatePacer(options.intervalNanos(), System::nanoTime);
        final long intervalMicros = options.intervalNanos() / 1_000;
        pacer.start();
        final long deadline = timed ? System.nanoTime() + options.duration().toNanos() : 0;
        for (long i = 0; !aborted; i++) {
            if (timed ? deadline - System.nanoTime() <= 0 : i >= count) {
                break;
            }
            final long intended = pacer.awaitSlot(i);
            final long start = System.nanoTime();
            if (phase.firstSendMicros == 0) {
                phase.firstSendMicros = clock.toEpochMicros(start);
            }
            phase.attempted++;
            final boolean ok = send(firstCounter + i, intended);
            final long end = System.nanoTime();
            if (ok) {
                phase.acknowledged++;
                phase.lastAckMicros = clock.toEpochMicros(end);
                final long micros = (end - start) / 1_000;
                LatencyHistograms.record(phase.latency, micros);
                LatencyHistograms.recordCorrected(phase.latencyCorrected, micros, intervalMicros);
            } else {
                phase.addFailed(i);
            }
        }
    }

    private boolean send(final long counter, final long intendedNanos) {
        final String payload = codec.encode(id, counter, clock.toEpochMicros(intendedNanos));
        final String stamp = Instant.now().truncatedTo(ChronoUnit.MICROS).toString();
        try {
            channel.publish(topic, payload, stamp);
            consecutiveFailures = 0;
            return true;
        } catch (final RuntimeException e) {
            if (firstError == null) {
                firstError = e.toString();
                LOG.warn("publisher {}: publish failed: {}", id, e.toString());
            }
            if (++consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) {
                aborted = true;
                LOG.error("publisher {}: giving up after {} failed publishes in a row", id, consecutiveFailures);
            }
            return false;
        }
    }

    /** Whether it gave up; visible to other threads after {@link PhaseGate#awaitWarmups} or after the thread ended. */
    public boolean aborted() {
        return aborted;
    }

    /** What it did; read after the thread ended. */
    public PublisherResult result() {
        final Phase m = measured;
        return new PublisherResult(id, topic, m.attempted, m.acknowledged, Arrays.copyOf(m.failed, m.failedCount),
                warmup.acknowledged, m.firstSendMicros, m.lastAckMicros, m.latency,
                options.paced() ? m.latencyCorrected : m.latency, aborted, firstError);
    }
}
