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
    private final Histogram latency = LatencyHistograms.create();
    private final Histogram latencyCorrected = LatencyHistograms.create();

    private long[] failed = new long[8];
    private int failedCount;
    private long attempted;
    private long acknowledged;
    private long warmupAcknowledged;
    private long firstSendMicros;
    private long lastAckMicros;
    private int consecutiveFailures;
    private boolean aborted;
    private String firstError;

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
            warmup();
        } finally {
            gate.warmupDone();
        }
        if (!aborted && gate.awaitStart()) {
            measure();
        }
    }

    private void warmup() {
        final RatePacer pacer = new RatePacer(options.intervalNanos(), System::nanoTime);
        pacer.start();
        for (long i = 0; i < options.warmupPerPublisher() && !aborted; i++) {
            final long intended = pacer.awaitSlot(i);
            if (send(i, intended)) {
                warmupAcknowledged++;
            }
        }
    }

    private void measure() {
        final RatePacer pacer = new RatePacer(options.intervalNanos(), System::nanoTime);
        final long intervalMicros = options.intervalNanos() / 1_000;
        pacer.start();
        final long deadline = options.timed() ? System.nanoTime() + options.duration().toNanos() : 0;
        for (long i = 0; !aborted; i++) {
            if (options.timed() ? deadline - System.nanoTime() <= 0 : i >= options.eventsPerPublisher()) {
                break;
            }
            final long intended = pacer.awaitSlot(i);
            final long start = System.nanoTime();
            if (firstSendMicros == 0) {
                firstSendMicros = clock.toEpochMicros(start);
            }
            attempted++;
            final boolean ok = send(options.warmupPerPublisher() + i, intended);
            final long end = System.nanoTime();
            if (ok) {
                acknowledged++;
                lastAckMicros = clock.toEpochMicros(end);
                final long micros = (end - start) / 1_000;
                LatencyHistograms.record(latency, micros);
                LatencyHistograms.recordCorrected(latencyCorrected, micros, intervalMicros);
            } else {
                addFailed(i);
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

    private void addFailed(final long index) {
        if (failedCount == failed.length) {
            failed = Arrays.copyOf(failed, failedCount * 2);
        }
        failed[failedCount++] = index;
    }

    /** Whether it gave up; visible to other threads after {@link PhaseGate#awaitWarmups} or after the thread ended. */
    public boolean aborted() {
        return aborted;
    }

    /** What it did; read after the thread ended. */
    public PublisherResult result() {
        return new PublisherResult(id, topic, attempted, acknowledged, Arrays.copyOf(failed, failedCount),
                warmupAcknowledged, firstSendMicros, lastAckMicros, latency,
                options.paced() ? latencyCorrected : latency, aborted, firstError);
    }
}
