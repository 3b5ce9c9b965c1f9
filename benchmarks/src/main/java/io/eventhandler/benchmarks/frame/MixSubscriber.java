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
 * The subscribers' side of a run: one SSE stream per topic (stream index = topic index), read by a few
 * {@link SseSelectorReader}s. Each reader gets its own {@link #listener}, with its own per-category histograms, so
 * nothing is shared between reader threads; the per-topic state is written only by the reader owning the topic's
 * stream. Read the results after the readers were closed.
 */
final class MixSubscriber {

    private final TopicMix mix;
    private final MeasurementWindow window;
    private final long[] lastBatch;
    private final long[] firstMeasured;
    private final long[] lastMeasured;
    private final long[] receivedMeasured;
    private final long[] longestGap;
    private final LongAdder received = new LongAdder();
    private final LongAdder trouble = new LongAdder();
    private final Map<TopicCategory, Tally>[] tallies;

    /** One reader's counts for one category. */
    static final class Tally {
        final Histogram latency = LatencyHistograms.create();
        long withinDeadline;
    }

    @SuppressWarnings("unchecked")
    MixSubscriber(final TopicMix mix, final MeasurementWindow window, final int readers) {
        this.mix = mix;
        this.window = window;
        final int n = mix.topics().size();
        this.lastBatch = filled(n, -1);
        this.firstMeasured = filled(n, -1);
        this.lastMeasured = filled(n, -1);
        this.receivedMeasured = new long[n];
        this.longestGap = new long[n];
        this.tallies = new Map[readers];
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

    /** The listener for reader {@code reader}. */
    SseSelectorReader.Listener listener(final int reader) {
        final Map<TopicCategory, Tally> mine = tallies[reader];
        return new SseSelectorReader.Listener() {
            @Override
            public void onEvent(final int stream, final String payload, final String timeStamp,
                                final long receivedMicros) {
                received.increment();
                record(mine, stream, payload, timeStamp, receivedMicros);
            }

            @Override
            public void onTrouble(final int stream, final String what) {
                trouble.increment();
            }
        };
    }

    private void record(final Map<TopicCategory, Tally> mine, final int topicIndex, final String payload,
                        final String timeStamp, final long receivedMicros) {
        final TopicCategory category = mix.topics().get(topicIndex).category();
        final long k;
        final long created;
        try {
            k = Long.parseLong(payload);
            created = EpochMicros.of(IsoInstants.parse(timeStamp));
        } catch (final NumberFormatException | DateTimeParseException e) {
            trouble.increment();
            return;
        }
        if (k <= lastBatch[topicIndex]) {
            return; // a duplicate; the Event Handler keeps each topic in order
        }
        lastBatch[topicIndex] = k;
        if (!window.measured(k, category.periodMicros())) {
            return;
        }
        if (firstMeasured[topicIndex] < 0) {
            firstMeasured[topicIndex] = k;
        } else {
            longestGap[topicIndex] = Math.max(longestGap[topicIndex], k - lastMeasured[topicIndex] - 1);
        }
        lastMeasured[topicIndex] = k;
        receivedMeasured[topicIndex]++;
        final long latency = Math.max(0, receivedMicros - created);
        final Tally tally = mine.get(category);
        LatencyHistograms.record(tally.latency, latency);
        if (latency <= category.deadlineMicros()) {
            tally.withinDeadline++;
        }
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

    /** A topic's measured events received. */
    long receivedMeasured(final int topicIndex) {
        return receivedMeasured[topicIndex];
    }

    /**
     * A topic's longest run of consecutive measured events never received, counting the runs before the first and
     * after the last one received.
     */
    long longestLossRun(final int topicIndex) {
        final long period = mix.topics().get(topicIndex).category().periodMicros();
        final long first = window.firstMeasured(period);
        final long last = window.lastMeasured(period);
        if (firstMeasured[topicIndex] < 0) {
            return last - first + 1;
        }
        return Math.max(longestGap[topicIndex], Math.max(firstMeasured[topicIndex] - first,
                last - lastMeasured[topicIndex]));
    }
}
