package io.eventhandler.benchmarks.engine;

import org.HdrHistogram.Histogram;

import java.util.Map;

/**
 * One measured point: latencies per priority over {@code seconds}, CPU share of all cores, the supplier events the
 * InputQs replaced (never processed), derived events marked inconsistent per priority, and relative-validity
 * violations found at operators.
 */
record PointResult(int k, boolean prioritized, double seconds, double cpu, Map<Integer, Histogram> latency,
                   Map<Integer, Double> idealRate, long replaced, Map<Integer, Long> marked,
                   long relativeViolations) {

    /** p-th percentile latency of a priority in milliseconds, or NaN if nothing was delivered. */
    double percentileMs(final int priority, final double p) {
        final Histogram h = latency.get(priority);
        return h == null || h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(p) / 1000.0;
    }

    /** Derived events per second of a priority that were not marked inconsistent. */
    double consistentRate(final int priority) {
        return rate(priority) - marked.getOrDefault(priority, 0L) / seconds;
    }

    /** Derived events per second of a priority. */
    double rate(final int priority) {
        final Histogram h = latency.get(priority);
        return h == null ? 0 : h.getTotalCount() / seconds;
    }
}
