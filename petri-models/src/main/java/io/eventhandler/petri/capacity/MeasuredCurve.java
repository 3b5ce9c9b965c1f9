package io.eventhandler.petri.capacity;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The model's servers read at any rate and combined: level by level the median over the servers, and an interval
 * that spans both how far one run strayed from its server's median and how far the servers differed.
 */
final class MeasuredCurve {

    private final List<ServerInterpolation> servers;

    MeasuredCurve(final CapacityModel model) {
        this.servers = model.servers().stream().map(ServerInterpolation::new).toList();
    }

    double[] quantiles(final double rate) {
        final double[][] rows = new double[servers.size()][];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = servers.get(i).quantiles(rate);
        }
        return Statistics.medianByLevel(rows);
    }

    /** p99 interval at {@code rate} as factors on the median: {smallest, largest}. */
    double[] p99Factors(final double rate) {
        return factors(rate, QuantileLevels.indexOf(0.99), true);
    }

    double[] p50Factors(final double rate) {
        return factors(rate, QuantileLevels.indexOf(0.5), false);
    }

    private double[] factors(final double rate, final int level, final boolean p99) {
        final double center = quantiles(rate)[level];
        double low = 1;
        double high = 1;
        for (final ServerInterpolation server : servers) {
            final double own = server.quantiles(rate)[level];
            final double[] runs = p99 ? server.p99Spread(rate) : server.p50Spread(rate);
            if (center > 0 && Double.isFinite(own) && Double.isFinite(center)) {
                low = Math.min(low, Math.min(own * runs[0], own) / center);
                high = Math.max(high, Math.max(own * runs[1], own) / center);
            }
        }
        return new double[] {low, high};
    }

    /** A per-event figure (CPU, pool hold) at {@code rate}: the median over the servers. */
    double perEvent(final double rate, final ToDoubleFunction<RateStep> figure) {
        return Statistics.median(servers.stream().mapToDouble(s -> s.perEvent(rate, figure)).toArray());
    }

    int servers() {
        return servers.size();
    }
}
