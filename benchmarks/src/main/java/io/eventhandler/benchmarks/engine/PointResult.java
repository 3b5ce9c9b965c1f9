package io.eventhandler.benchmarks.engine;

import org.HdrHistogram.Histogram;

import java.util.Map;

/**
 * One measured point: latencies per priority over {@code seconds}, CPU share of all cores, the supplier events the
 * InputQs replaced (never processed), derived events marked inconsistent per priority, and relative-validity
 * violations found at operators, and the whole machine's load meanwhile.
 */
public record PointResult(int k, boolean prioritized, double seconds, double cpu, Map<Integer, Histogram> latency,
                          Map<Integer, Double> idealRate, long replaced, Map<Integer, Long> marked,
                          long relativeViolations, MachineMeter.MachineLoad machine) {

    /** p-th percentile latency of a priority in milliseconds, or NaN if nothing was delivered. */
    public double percentileMs(final int priority, final double p) {
        final Histogram h = latency.get(priority);
        return h == null || h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(p) / 1000.0;
    }

    /** Derived events per second of a priority that were not marked inconsistent. */
    public double consistentRate(final int priority) {
        return rate(priority) - marked.getOrDefault(priority, 0L) / seconds;
    }

    /** Derived events per second of a priority delivered within {@code periodMicros} of their t_b. */
    public double timelyRate(final int priority, final long periodMicros) {
        final Histogram h = latency.get(priority);
        return h == null || h.getTotalCount() == 0 ? 0
                : h.getCountBetweenValues(0, Math.max(0, periodMicros - 1)) / seconds;
    }

    /** Derived events per second of a priority. */
    public double rate(final int priority) {
        final Histogram h = latency.get(priority);
        return h == null ? 0 : h.getTotalCount() / seconds;
    }
}
