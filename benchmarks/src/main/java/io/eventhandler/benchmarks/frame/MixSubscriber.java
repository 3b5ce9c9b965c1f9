package io.eventhandler.benchmarks.frame;

import io.eventhandler.api.EpochMicros;
import io.eventhandler.api.IsoInstants;
import io.eventhandler.benchmarks.load.LatencyHistograms;
import io.eventhandler.benchmarks.load.SseSelectorReader;
import java.time.format.DateTimeParseException;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * The subscribers' side of a run: {@code perTopic} SSE streams per topic (stream {@code s} subscribes to topic
 * {@code s % topics}), read by a few {@link SseSelectorReader}s. Each reader gets its own {@link #listener}, with
 * its own per-category histograms, so nothing is shared between reader threads; the per-stream state is written only
 * by the reader owning the stream. Read the results after the readers were closed.
 */
final class MixSubscriber {

    private final TopicMix mix;
    /** Set once the streams are attached, before the first event is published. */
    private volatile MeasurementWindow window;
    private final long[] lastBatch;
    private final long[] firstMeasured;
    private final long[] lastMeasured;
    private final long[] receivedMeasured;
    private final long[] longestGap;
    private final LongAdder received = new LongAdder();
    private final LongAdder trouble = new LongAdder();
    private final Map<TopicCategory, Tally>[] tallies;
    /** Per reader, per second of the measured phase (by creation time): category 0–1 events received late. */
    private final long[][] tightLatePerSecond;

    /** One reader's counts for one category. */
    static final class Tally {
        final Histogram latency = LatencyHistograms.create();
        long withinDeadline;
    }

    @SuppressWarnings("unchecked")
    MixSubscriber(final TopicMix mix, final int readers, final int perTopic) {
        this.mix = mix;
        final int n = mix.topics().size() * perTopic;
        this.lastBatch = filled(n, -1);
        this.firstMeasured = filled(n, -1);
        this.lastMeasured = filled(n, -1);
        this.receivedMeasured = new long[n];
        this.longestGap = new long[n];
        this.tallies = new Map[readers];
        this.tightLatePerSecond = new long[readers][];
        for (int r = 0; r < readers; r++) {
            tallies[r] = new EnumMap<>(TopicCategory.class);
            for (final TopicCategory c : TopicCategory.values()) {
                tallies[r].put(c, new Tally());
            }
        }
    }

    private static long[] filled(final int n, final long value) {
        final long[] a = new long[n];
        java.util.Arrays.fill(a, value);
        return a;
    }

    /** Fixes the schedule; call before the first event is published. */
    void schedule(final MeasurementWindow scheduled) {
        final int seconds = (int) Math.max(1, (scheduled.measureMicros() + 999_999) / 1_000_000);
        for (int r = 0; r < tightLatePerSecond.length; r++) {
            tightLatePerSecond[r] = new long[seconds];
        }
        this.window = scheduled;
    }

    /** The listener for reader {@code reader}. */
    SseSelectorReader.Listener listener(final int reader) {
        final Map<TopicCategory, Tally> mine = tallies[reader];
        final int readerIndex = reader;
        return new SseSelectorReader.Listener() {
            @Override
            public void onEvent(final int stream, final String payload, final String timeStamp,
                                final long receivedMicros) {
                received.increment();
                record(mine, tightLatePerSecond[readerIndex], stream, payload, timeStamp, receivedMicros);
            }

            @Override
            public void onTrouble(final int stream, final String what) {
                trouble.increment();
            }
        };
    }

    private void record(final Map<TopicCategory, Tally> mine, final long[] latePerSecond, final int stream,
                        final String payload, final String timeStamp, final long receivedMicros) {
        final TopicCategory category = topicOf(stream).category();
        final long k;
        final long created;
        try {
            k = Long.parseLong(payload);
            created = EpochMicros.of(IsoInstants.parse(timeStamp));
        } catch (final NumberFormatException | DateTimeParseException e) {
            trouble.increment();
            return;
        }
        if (k <= lastBatch[stream]) {
            return; // a duplicate; the Event Handler keeps each topic in order
        }
        lastBatch[stream] = k;
        if (!window.measured(k, category.periodMicros())) {
            return;
        }
        if (firstMeasured[stream] < 0) {
            firstMeasured[stream] = k;
        } else {
            longestGap[stream] = Math.max(longestGap[stream], k - lastMeasured[stream] - 1);
        }
        lastMeasured[stream] = k;
        receivedMeasured[stream]++;
        final long latency = Math.max(0, receivedMicros - created);
        final Tally tally = mine.get(category);
        LatencyHistograms.record(tally.latency, latency);
        if (latency <= category.deadlineMicros()) {
            tally.withinDeadline++;
        } else if (category == TopicCategory.C0 || category == TopicCategory.C1) {
            final long second = (created - window.measureFrom()) / 1_000_000;
            latePerSecond[(int) Math.max(0, Math.min(latePerSecond.length - 1, second))]++;
        }
    }

    private TopicMix.Topic topicOf(final int stream) {
        return mix.topics().get(stream % mix.topics().size());
    }

    /** Events received so far, any phase (any thread). */
    long received() {
        return received.sum();
    }

    /** Gap notices, broken streams and unreadable events. */
    long trouble() {
        return trouble.sum();
    }

    /** End-to-end latency of a category's measured events, all readers merged. */
    Histogram latency(final TopicCategory category) {
        final Histogram merged = LatencyHistograms.create();
        for (final Map<TopicCategory, Tally> reader : tallies) {
            merged.add(reader.get(category).latency);
        }
        return merged;
    }

    /** A category's measured events received within D. */
    long withinDeadline(final TopicCategory category) {
        long n = 0;
        for (final Map<TopicCategory, Tally> reader : tallies) {
            n += reader.get(category).withinDeadline;
        }
        return n;
    }

    /** Category 0–1 events received late, per second of the measured phase (by creation time). */
    long[] tightLatePerSecond() {
        final long[] sum = new long[tightLatePerSecond[0].length];
        for (final long[] reader : tightLatePerSecond) {
            for (int i = 0; i < sum.length; i++) {
                sum[i] += reader[i];
            }
        }
        return sum;
    }

    /** A stream's measured events received. */
    long receivedMeasured(final int stream) {
        return receivedMeasured[stream];
    }

    /**
     * A stream's longest run of consecutive measured events never received, counting the runs before the first and
     * after the last one received.
     */
    long longestLossRun(final int stream) {
        final long period = topicOf(stream).category().periodMicros();
        final long first = window.firstMeasured(period);
        final long last = window.lastMeasured(period);
        if (firstMeasured[stream] < 0) {
            return last - first + 1;
        }
        return Math.max(longestGap[stream], Math.max(firstMeasured[stream] - first,
                last - lastMeasured[stream]));
    }
}
