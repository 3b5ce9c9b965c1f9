package io.eventhandler.benchmarks.load;

import java.util.Collection;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The generator's latency histograms: microsecond values, 3 significant digits, up to ten minutes. Each recording
 * thread owns its histograms; they are merged with {@link #merge} after the threads have finished.
 */
public final class LatencyHistograms {

    /** Largest value recorded, in microseconds; larger values are clamped to it. */
    public static final long HIGHEST_TRACKABLE_MICROS = TimeUnit.MINUTES.toMicros(10);
    /** Significant decimal digits kept. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private LatencyHistograms() {
    }

    /** A new, empty histogram. */
    public static Histogram create() {
        return new Histogram(HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);
    }

    /**
     * Records one latency, clamped to {@code 0..HIGHEST_TRACKABLE_MICROS}.
     *
     * @param histogram the owner thread's histogram
     * @param micros    the latency
     */
    public static void record(final Histogram histogram, final long micros) {
        histogram.recordValue(clamp(micros));
    }

    /**
     * Records one latency of an open-loop sender that expected to send every {@code intervalMicros}: when the value
     * exceeds the interval, HdrHistogram adds the samples a stalled sender failed to take (coordinated-omission
     * correction).
     *
     * @param histogram      the owner thread's histogram
     * @param micros         the latency
     * @param intervalMicros the expected interval between samples; 0 or less records without correction
     */
    public static void recordCorrected(final Histogram histogram, final long micros, final long intervalMicros) {
        if (intervalMicros <= 0) {
            record(histogram, micros);
        } else {
            histogram.recordValueWithExpectedInterval(clamp(micros), intervalMicros);
        }
    }

    /**
     * A new histogram holding the counts of all {@code parts}.
     *
     * @param parts histograms whose writers have finished
     * @return the merged histogram
     */
    public static Histogram merge(final Collection<Histogram> parts) {
        final Histogram merged = create();
        for (final Histogram part : parts) {
            merged.add(part);
        }
        return merged;
    }

    private static long clamp(final long micros) {
        return Math.min(HIGHEST_TRACKABLE_MICROS, Math.max(0, micros));
    }
}
