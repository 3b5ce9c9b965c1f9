package io.eventhandler.petri.capacity;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One calibration server's measurements read at any rate: straight lines between its measured rates; below the
 * lowest, the lowest one's values (the measurements end there); above the highest, from the highest rate's values
 * on, the latency's excess over the lowest rate grows as ρ/(1 − ρ) of the saturation, as a queue's does, and never
 * less than the highest rate's latency scaled by (1 − ρ_highest)/(1 − ρ), as the sojourn time of an M/M/1 queue
 * scales (a noisy curve whose excess is nil at its top, or whose light load was slower, still rises from its top).
 */
final class ServerInterpolation {

    private final ServerCurve server;
    private final List<RateStep> measured;

    ServerInterpolation(final ServerCurve server) {
        this.server = server;
        this.measured = server.measured();
    }

    double saturation() {
        return server.saturation();
    }

    /** End-to-end quantiles at {@code rate} (every level infinite at or above the saturation). */
    double[] quantiles(final double rate) {
        final RateStep lowest = measured.get(0);
        final RateStep highest = measured.get(measured.size() - 1);
        if (rate <= highest.rate()) {
            return between(rate, RateStep::quantiles);
        }
        final double[] base = lowest.quantiles();
        final double[] top = highest.quantiles();
        final double growth = growth(rate) / growth(highest.rate());
        final double sojourn = (1 - highest.rate() / saturation()) / (1 - rate / saturation());
        final double[] out = new double[base.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = rate >= saturation() ? Double.POSITIVE_INFINITY
                    : Math.max(top[i] + Math.max(0, top[i] - base[i]) * (growth - 1), top[i] * sojourn);
        }
        return out;
    }

    private double growth(final double rate) {
        final double rho = rate / saturation();
        return rho >= 1 ? Double.POSITIVE_INFINITY : rho / (1 - rho);
    }

    /** The runs' p99 spread (smallest and largest over the median) at {@code rate}. */
    double[] p99Spread(final double rate) {
        return between(rate, RateStep::p99Spread);
    }

    double[] p50Spread(final double rate) {
        return between(rate, RateStep::p50Spread);
    }

    /** A per-event figure at {@code rate}, over every step including the saturation runs; flat beyond them. */
    double perEvent(final double rate, final ToDoubleFunction<RateStep> figure) {
        final List<RateStep> all = server.steps();
        if (rate <= all.get(0).rate()) {
            return figure.applyAsDouble(all.get(0));
        }
        for (int i = 1; i < all.size(); i++) {
            if (rate <= all.get(i).rate()) {
                return Statistics.between(rate, all.get(i - 1).rate(), figure.applyAsDouble(all.get(i - 1)),
                        all.get(i).rate(), figure.applyAsDouble(all.get(i)));
            }
        }
        return figure.applyAsDouble(all.get(all.size() - 1));
    }

    private double[] between(final double rate, final java.util.function.Function<RateStep, double[]> values) {
        if (rate <= measured.get(0).rate()) {
            return values.apply(measured.get(0));
        }
        for (int i = 1; i < measured.size(); i++) {
            final RateStep upper = measured.get(i);
            if (rate <= upper.rate()) {
                final RateStep lower = measured.get(i - 1);
                final double[] a = values.apply(lower);
                final double[] b = values.apply(upper);
                final double[] out = new double[a.length];
                for (int j = 0; j < out.length; j++) {
                    out[j] = Statistics.between(rate, lower.rate(), a[j], upper.rate(), b[j]);
                }
                return out;
            }
        }
        return values.apply(measured.get(measured.size() - 1));
    }
}
