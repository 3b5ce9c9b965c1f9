package io.eventhandler.core.delivery.accounting;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.PackedHistogram;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The live counters behind one {@link DeliveryStatistics}: counters wait-free to record, the latency histogram under
 * its own lock (held for one record or one copy), copied to read.
 */
final class DeliveryCounters {

    private final LongAdder met = new LongAdder();
    private final LongAdder missed = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    private final LongAdder fromHistory = new LongAdder();
    private final AtomicLong longestLossRun = new AtomicLong();
    /**
     * Packed: it holds only the buckets in use. A flat histogram covering milliseconds in µs at 2 digits is two
     * arrays of ~1,700 longs (27 KB), and there is one per subscriber and per topic: with it, 1,000 SSE subscribers
     * held 73 KiB of heap each after their first 1,100 events, packed 29 KiB (lab/notebook/scale.md).
     * Not HdrHistogram's {@code PackedConcurrentHistogram}: concurrent writers that resize it can block each other
     * for good (seen in HdrHistogram 2.2.2: one writer parked in the phaser's reader lock, another yielding in
     * {@code flipPhase}, four threads stuck for 60 s in {@code DeliveryAccountingTest}). Two delivery workers
     * recording into one topic's histogram is the normal case, so the histogram takes a plain lock instead.
     */
    private final PackedHistogram latency;

    DeliveryCounters(final int significantDigits) {
        this.latency = new PackedHistogram(significantDigits);
    }

    void delivered(final long latencyMicros, final boolean deadlineMet) {
        (deadlineMet ? met : missed).increment();
        synchronized (latency) {
            latency.recordValue(Math.max(0, latencyMicros));
        }
    }

    void dropped() {
        dropped.increment();
    }

    void deliveredFromHistory() {
        fromHistory.increment();
    }

    void lossRun(final long run) {
        if (run > longestLossRun.get()) {
            longestLossRun.accumulateAndGet(run, Math::max);
        }
    }

    /** A copy of the latency histogram (microseconds). */
    Histogram latencyCopy() {
        synchronized (latency) {
            return latency.copy();
        }
    }

    DeliveryStatistics snapshot() {
        final Histogram copy = latencyCopy();
        final LatencyPercentiles percentiles = copy.getTotalCount() == 0
                ? new LatencyPercentiles(0, 0, 0, 0, 0, 0)
                : new LatencyPercentiles(copy.getTotalCount(), copy.getValueAtPercentile(50),
                        copy.getValueAtPercentile(90), copy.getValueAtPercentile(99),
                        copy.getValueAtPercentile(99.9), copy.getMaxValue());
        final long m = met.sum();
        final long x = missed.sum();
        return new DeliveryStatistics(m + x, m, x, dropped.sum(), longestLossRun.get(), percentiles,
                fromHistory.sum());
    }
}
