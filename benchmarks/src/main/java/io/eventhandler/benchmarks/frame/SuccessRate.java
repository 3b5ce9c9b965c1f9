package io.eventhandler.benchmarks.frame;

import java.util.Arrays;
import java.util.List;

/** The success rates of the paper's Tables 3.4 and 3.5, and the medians the report shows. */
final class SuccessRate {

    private SuccessRate() {
    }

    /**
     * Table 3.5's latency success rate: the share of the events published in the measured phase that reached the
     * subscriber within D. An event never received counts as a failure, so losses cannot raise the rate.
     *
     * @return percent; 100 when nothing was expected
     */
    static double latency(final long withinDeadline, final long expected) {
        if (withinDeadline < 0 || expected < 0 || withinDeadline > expected) {
            throw new IllegalArgumentException(withinDeadline + " within D of " + expected + " expected");
        }
        return expected == 0 ? 100.0 : 100.0 * withinDeadline / expected;
    }

    /**
     * Table 3.4's loss-tolerance success rate (the paper does not define it; read as): the share of a category's
     * topics whose longest run of consecutive losses stayed within L. Best-effort topics always succeed.
     *
     * @param longestRuns each topic's longest loss run
     * @param lossTolerance L, negative for best effort
     * @return percent; 100 for no topics
     */
    static double lossTolerance(final long[] longestRuns, final int lossTolerance) {
        if (longestRuns.length == 0 || lossTolerance < 0) {
            return 100.0;
        }
        final long ok = Arrays.stream(longestRuns).filter(run -> run <= lossTolerance).count();
        return 100.0 * ok / longestRuns.length;
    }

    /** The median (mean of the middle two for an even count). */
    static double median(final List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        final double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        final int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
