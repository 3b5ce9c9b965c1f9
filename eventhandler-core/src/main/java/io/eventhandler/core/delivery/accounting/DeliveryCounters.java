package io.eventhandler.core.delivery.accounting;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.PackedHistogram;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The live counters behind one {@link DeliveryStatistics}: counters wait-free to record, the latency histogram under
 * its own lock (held for one record or one copy), copied to read. Recording does not wait for that lock: a value
 * that finds it taken is queued and folded in by whichever thread takes the lock next.
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
    /**
     * A topic's histogram is shared by every subscriber's reports, and one of them may come from a thread of the
     * lowest scheduling class (the Kafka export's): preempted while holding the lock, it held a serving thread that
     * waited for it for 80 µs to 3.6 ms (lab/notebook/kafka-export.md). A reader copying the histogram holds it too.
     */
    private final ReentrantLock lock;
    /** Values recorded while the lock was taken, not folded in yet. */
    private final ConcurrentLinkedQueue<Long> pending = new ConcurrentLinkedQueue<>();
    /** About how many are pending (only a bound): past {@link #MAX_PENDING} a recorder waits for the lock after all. */
    private final AtomicInteger pendingCount = new AtomicInteger();
    static final int MAX_PENDING = 4_096;

    DeliveryCounters(final int significantDigits) {
        this(significantDigits, new ReentrantLock());
    }

    /** With the histogram's lock given (a test holds it from another thread). */
    DeliveryCounters(final int significantDigits, final ReentrantLock lock) {
        this.latency = new PackedHistogram(significantDigits);
        this.lock = lock;
    }

    void delivered(final long latencyMicros, final boolean deadlineMet) {
        (deadlineMet ? met : missed).increment();
        final long value = Math.max(0, latencyMicros);
        if (!lock.tryLock()) {
            if (pendingCount.get() < MAX_PENDING) {
                pending.add(value);
                pendingCount.incrementAndGet();
                return;
            }
            lock.lock();
        }
        try {
            foldPending();
            latency.recordValue(value);
        } finally {
            lock.unlock();
        }
    }

    /**
     * With the lock held. A value queued after this returns waits for the next record or read: none is lost, and a
     * read always sees every value recorded before it began.
     */
    private void foldPending() {
        for (Long value = pending.poll(); value != null; value = pending.poll()) {
            pendingCount.decrementAndGet();
            latency.recordValue(value);
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
        lock.lock();
        try {
            foldPending();
            return latency.copy();
        } finally {
            lock.unlock();
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
