package io.eventhandler.benchmarks.frame;

import io.eventhandler.api.EpochMicros;
import io.eventhandler.benchmarks.load.BatchEvent;
import io.eventhandler.benchmarks.load.LeanPublisher;
import java.net.URI;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One of the paper's publishers: a proxy for a group of topics that sends, every period, one event per topic over its
 * own persistent connection: as one batch publish request (the paper's proxies sent "a batch, one message per
 * topic"; each event's creation stamp is taken as the batch is built, just before it is sent), or, without batching,
 * one request per event back-to-back (each stamp just before its send). Open loop: a late batch is still sent (at
 * once), so every topic gets the same numbered events; its lateness is recorded. The payload is the batch number, 16
 * digits (16 bytes, the paper's size), which lets the subscriber find sequence gaps.
 */
final class ProxyPublisher implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(ProxyPublisher.class);
    /** A proxy this far behind its schedule gives up rather than extend the run indefinitely. */
    private static final long GIVE_UP_LAG_MICROS = 5_000_000;

    private final TopicMix.Proxy proxy;
    private final MeasurementWindow window;
    private final URI baseUri;
    private final long offsetMicros;
    private final boolean batch;
    private volatile long sent;
    private volatile long failed;
    private volatile long maxLagMicros;
    private volatile long unsentBatches;

    /**
     * A proxy.
     *
     * @param spread whether to send each batch at an offset of its own within the period instead of in phase with
     *               every other proxy (the control case: the same load without the bursts)
     * @param batch  whether to send each period's events as one batch publish request
     */
    ProxyPublisher(final TopicMix.Proxy proxy, final MeasurementWindow window, final URI baseUri,
                   final boolean spread, final boolean batch) {
        this.batch = batch;
        this.proxy = proxy;
        this.window = window;
        this.baseUri = baseUri;
        this.offsetMicros = spread ? offset(proxy.id(), proxy.category().periodMicros()) : 0;
    }

    /**
     * The spread offset of proxy {@code id}: the golden-ratio sequence, so that any number of proxies lands evenly
     * over the period. Batch membership in the measured phase still goes by batch number, so an offset (less than
     * one period) changes nothing in the accounting.
     */
    static long offset(final int id, final long periodMicros) {
        final double golden = 0.6180339887498949;
        return (long) ((id * golden) % 1.0 * periodMicros);
    }

    /** The 16-byte payload of batch {@code k}. */
    static String payload(final long k) {
        final String digits = Long.toString(k);
        return "0".repeat(Math.max(0, 16 - digits.length())) + digits;
    }

    @Override
    public void run() {
        final long period = proxy.category().periodMicros();
        final long last = window.lastBatch(period);
        try (LeanPublisher publisher = new LeanPublisher(baseUri, "frameproxy" + proxy.id(), 40_000 + proxy.id())) {
            for (long k = 0; k <= last; k++) {
                final long due = window.scheduled(k, period) + offsetMicros;
                long now = EpochMicros.now();
                while (now < due) {
                    LockSupport.parkNanos((due - now) * 1_000);
                    now = EpochMicros.now();
                }
                final long lag = now - due;
                maxLagMicros = Math.max(maxLagMicros, lag);
                if (lag > GIVE_UP_LAG_MICROS) {
                    unsentBatches = Math.max(0, window.lastMeasured(period) - k + 1);
                    LOG.warn("proxy {} is {} ms behind its schedule and stops", proxy.id(), lag / 1_000);
                    return;
                }
                if (batch) {
                    sendBatch(publisher, payload(k));
                } else {
                    sendEach(publisher, payload(k));
                }
            }
        }
    }

    /** The period's events in one request: accepted all or none. */
    private void sendBatch(final LeanPublisher publisher, final String payload) {
        final List<BatchEvent> events = new ArrayList<>(proxy.topics().size());
        for (final TopicMix.Topic topic : proxy.topics()) {
            events.add(new BatchEvent(topic.name(), payload, stamp()));
        }
        try {
            publisher.publishBatch(events);
            sent += events.size();
        } catch (final RuntimeException e) {
            countFailure(events.size(), e);
        }
    }

    /** The period's events one request each, back-to-back. */
    private void sendEach(final LeanPublisher publisher, final String payload) {
        for (final TopicMix.Topic topic : proxy.topics()) {
            try {
                publisher.publish(topic.name(), payload, stamp());
                sent++;
            } catch (final RuntimeException e) {
                countFailure(1, e);
            }
        }
    }

    private static String stamp() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS).toString();
    }

    private void countFailure(final int events, final RuntimeException e) {
        if (failed == 0) {
            LOG.warn("proxy {}: publish failed: {}", proxy.id(), e.toString());
        }
        failed += events;
    }

    long sent() {
        return sent;
    }

    long failed() {
        return failed;
    }

    long maxLagMicros() {
        return maxLagMicros;
    }

    long unsentBatches() {
        return unsentBatches;
    }
}
