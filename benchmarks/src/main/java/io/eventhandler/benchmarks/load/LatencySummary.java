package io.eventhandler.benchmarks.load;

import org.HdrHistogram.Histogram;

/**
 * Percentiles of a microsecond latency histogram, in milliseconds.
 *
 * @param count  samples
 * @param meanMs mean
 * @param p50Ms  median
 * @param p90Ms  90th percentile
 * @param p99Ms  99th percentile
 * @param p999Ms 99.9th percentile
 * @param maxMs  maximum
 */
public record LatencySummary(long count, double meanMs, double p50Ms, double p90Ms, double p99Ms, double p999Ms,
                             double maxMs) {

    /** The summary of no samples: every value 0. */
    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0);

    /**
     * Summarizes {@code micros}.
     *
     * @param micros a histogram of microsecond values
     * @return the summary, {@link #EMPTY} when it holds nothing
     */
    public static LatencySummary of(final Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return EMPTY;
        }
        return new LatencySummary(micros.getTotalCount(), micros.getMean() / 1000.0,
                ms(micros.getValueAtPercentile(50)), ms(micros.getValueAtPercentile(90)),
                ms(micros.getValueAtPercentile(99)), ms(micros.getValueAtPercentile(99.9)),
                ms(micros.getMaxValue()));
    }

    private static double ms(final long micros) {
        return micros / 1000.0;
    }
}
