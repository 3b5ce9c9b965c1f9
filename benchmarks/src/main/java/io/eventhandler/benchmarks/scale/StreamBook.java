package io.eventhandler.benchmarks.scale;

import io.eventhandler.benchmarks.load.LatencyHistograms;
import io.eventhandler.benchmarks.load.SseSelectorReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every stream received. Each stream belongs to one reader thread, which alone writes its slots; the reader's
 * event counter is written after them (release) and read before them (acquire), so a reader of the counts sees at
 * least what the counter says. Events of one topic arrive in order, so a number not above the stream's last is a
 * duplicate and a jump is a loss; what a stream received is therefore its distinct events, whatever the order.
 */
final class StreamBook {

    private final long[] last;
    private final long[] distinct;
    private final long[] duplicates;
    private final long[] troubles;
    private final List<AtomicLong> readerEvents = new ArrayList<>();
    private final List<Recorder> readerLatency = new ArrayList<>();
    private final AtomicLong unreadable = new AtomicLong();
    /** The first few troubles are logged with their reason; the rest only counted. */
    private final AtomicLong logged = new AtomicLong();
    private static final int LOGGED_TROUBLES = 10;
    private static final Logger LOG = LoggerFactory.getLogger(StreamBook.class);

    StreamBook(final int streams) {
        last = new long[streams];
        Arrays.fill(last, -1);
        distinct = new long[streams];
        duplicates = new long[streams];
        troubles = new long[streams];
    }

    /** The listener of one reader thread. */
    SseSelectorReader.Listener listener() {
        final AtomicLong events = new AtomicLong();
        final Recorder latency = new Recorder(LatencyHistograms.HIGHEST_TRACKABLE_MICROS,
                LatencyHistograms.SIGNIFICANT_DIGITS);
        synchronized (this) {
            readerEvents.add(events);
            readerLatency.add(latency);
        }
        return new SseSelectorReader.Listener() {
            @Override
            public void onEvent(final int stream, final String payload, final String timeStamp,
                                final long receivedMicros) {
                final long n = ScalePayload.number(payload);
                final long created = ScalePayload.createdMicros(payload);
                if (n < 0 || created < 0) {
                    unreadable.incrementAndGet();
                    return;
                }
                if (n <= last[stream]) {
                    duplicates[stream]++;
                } else {
                    last[stream] = n;
                    distinct[stream]++;
                }
                latency.recordValue(Math.min(LatencyHistograms.HIGHEST_TRACKABLE_MICROS,
                        Math.max(0, receivedMicros - created)));
                events.lazySet(events.get() + 1);
            }

            @Override
            public void onTrouble(final int stream, final String what) {
                if (logged.getAndIncrement() < LOGGED_TROUBLES) {
                    LOG.warn("stream {}: {}", stream, what);
                }
                troubles[stream]++;
                events.lazySet(events.get() + 1);
            }
        };
    }

    /** Events received by all readers so far, duplicates included. */
    synchronized long events() {
        long sum = 0;
        for (final AtomicLong e : readerEvents) {
            sum += e.get();
        }
        return sum;
    }

    /** A copy of the counts, for the difference of two phases. */
    Counts counts() {
        events(); // acquire: the slots are at least as new as the counters
        return new Counts(distinct.clone(), duplicates.clone(), troubles.clone(), unreadable.get());
    }

    /** End-to-end latencies recorded since the last call, all readers merged. */
    synchronized Histogram latencySinceLastCall() {
        final Histogram merged = LatencyHistograms.create();
        for (final Recorder r : readerLatency) {
            merged.add(r.getIntervalHistogram());
        }
        return merged;
    }

    /**
     * Per-stream counts at one moment.
     *
     * @param distinct   distinct events received
     * @param duplicates repeated events
     * @param troubles   gap notices, broken streams, unreadable events
     * @param unreadable payloads not of this experiment
     */
    record Counts(long[] distinct, long[] duplicates, long[] troubles, long unreadable) {

        /** Per stream, what arrived since {@code before}, restricted to streams {@code from} (inclusive) to {@code to}. */
        Counts since(final Counts before, final int from, final int to) {
            final long[] d = new long[to - from];
            final long[] u = new long[to - from];
            final long[] t = new long[to - from];
            for (int i = from; i < to; i++) {
                d[i - from] = distinct[i] - before.distinct[i];
                u[i - from] = duplicates[i] - before.duplicates[i];
                t[i - from] = troubles[i] - before.troubles[i];
            }
            return new Counts(d, u, t, unreadable - before.unreadable);
        }
    }
}
