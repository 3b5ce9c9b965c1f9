package io.eventhandler.benchmarks.scale;

import io.eventhandler.api.EpochMicros;
import io.eventhandler.benchmarks.load.LatencyHistograms;
import io.eventhandler.benchmarks.load.LeanPublisher;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One publisher thread, paced open loop at a fixed rate over a list of topics in turn (event {@code i} due at
 * {@code start + i/rate}; a late event is sent at once, never skipped), over one persistent connection. Every
 * publish call is kept (due instant, start, duration), so the latency of any time window can be asked for afterwards:
 * the storm needs "before" and "during" from one run.
 */
final class PacedPublisher {

    private static final Logger LOG = LoggerFactory.getLogger(PacedPublisher.class);

    private final URI baseUri;
    private final List<String> topics;
    private final int rate;
    private final long[] nextNumber;
    private final long[] accepted;
    private long[] dueMicros = new long[1024];
    private long[] startMicros = new long[1024];
    private long[] callMicros = new long[1024];
    private int calls;
    private long failed;
    private Thread thread;
    private volatile long startedMicros;
    private volatile long endedMicros;

    /**
     * A publisher.
     *
     * @param topics the topics, published to in turn
     * @param rate   events per second, all topics together
     * @param firstNumbers the number of each topic's first event: where an earlier phase on the topic stopped
     */
    PacedPublisher(final URI baseUri, final List<String> topics, final int rate, final long[] firstNumbers) {
        this.baseUri = baseUri;
        this.topics = List.copyOf(topics);
        this.rate = rate;
        this.nextNumber = firstNumbers.clone();
        this.accepted = new long[topics.size()];
    }

    /** Starts publishing on its own thread for {@code duration}. Call once; {@link #join()} to wait. */
    void start(final Duration duration) {
        thread = new Thread(() -> run(duration.toNanos() / 1_000), "scale-publisher");
        thread.start();
    }

    void join() throws InterruptedException {
        thread.join();
    }

    private void run(final long durationMicros) {
        final long intervalNanos = 1_000_000_000L / rate;
        try (LeanPublisher publisher = new LeanPublisher(baseUri, "scalepublisher", 40_000)) {
            final long start = EpochMicros.now();
            startedMicros = start;
            for (long i = 0; ; i++) {
                final long due = start + i * intervalNanos / 1_000;
                if (due - start >= durationMicros) {
                    break;
                }
                long now = EpochMicros.now();
                while (now < due) {
                    LockSupport.parkNanos((due - now) * 1_000);
                    now = EpochMicros.now();
                }
                final int topic = (int) (i % topics.size());
                final long n = nextNumber[topic]++;
                final String stamp = Instant.now().truncatedTo(ChronoUnit.MICROS).toString();
                final long begin = EpochMicros.now();
                try {
                    publisher.publish(topics.get(topic), ScalePayload.of(n, begin), stamp);
                    accepted[topic]++;
                } catch (final RuntimeException e) {
                    if (failed++ == 0) {
                        LOG.warn("publish failed: {}", e.toString());
                    }
                }
                keep(due, begin, EpochMicros.now() - begin);
            }
        } finally {
            endedMicros = EpochMicros.now();
        }
    }

    private void keep(final long due, final long begin, final long took) {
        if (calls == callMicros.length) {
            dueMicros = Arrays.copyOf(dueMicros, calls * 2);
            startMicros = Arrays.copyOf(startMicros, calls * 2);
            callMicros = Arrays.copyOf(callMicros, calls * 2);
        }
        dueMicros[calls] = due;
        startMicros[calls] = begin;
        callMicros[calls] = took;
        calls++;
    }

    // The figures below are read after join(), which orders them after the publisher's writes.

    long startedMicros() {
        return startedMicros;
    }

    long endedMicros() {
        return endedMicros;
    }

    /** The number the next event on topic {@code index} would have. */
    long nextNumber(final int index) {
        return nextNumber[index];
    }

    /** Events accepted on topic {@code index}. */
    long accepted(final int index) {
        return accepted[index];
    }

    long acceptedTotal() {
        return Arrays.stream(accepted).sum();
    }

    long failed() {
        return failed;
    }

    /**
     * Publish calls that started in {@code [fromMicros, toMicros)}.
     *
     * @param fromDue whether to measure from the due instant (coordinated-omission aware: a stalled call delays
     *                the ones behind it, and they show it) instead of from the call's own start
     */
    Histogram latency(final long fromMicros, final long toMicros, final boolean fromDue) {
        final Histogram h = LatencyHistograms.create();
        for (int i = 0; i < calls; i++) {
            if (startMicros[i] >= fromMicros && startMicros[i] < toMicros) {
                final long end = startMicros[i] + callMicros[i];
                LatencyHistograms.record(h, end - (fromDue ? dueMicros[i] : startMicros[i]));
            }
        }
        return h;
    }
}
