package io.eventhandler.petri.predict;

import io.eventhandler.petri.capacity.Interval;
import io.eventhandler.petri.capacity.QuantileLevels;
import io.eventhandler.petri.capacity.RatePoint;

/**
 * The statistical error of a CDF estimated from independent simulation runs: with probability 0.95 every value is
 * within 1.36/√runs of the true one (the Dvoretzky–Kiefer–Wolfowitz bound), so a quantile at level p lies between
 * the estimate's quantiles at p ∓ that.
 */
final class SimulationBand {

    private SimulationBand() {
    }

    static double halfWidth(final int runs) {
        return 1.36 / Math.sqrt(runs);
    }

    /** The prediction as a {@link RatePoint} whose p50 and p99 intervals are the simulation's 95 % band. */
    static RatePoint point(final Prediction prediction, final double band) {
        final LatencyDistribution cdf = prediction.endToEnd();
        final double[] quantiles = new double[QuantileLevels.count()];
        for (int i = 0; i < quantiles.length; i++) {
            quantiles[i] = cdf.quantile(QuantileLevels.level(i));
        }
        return new RatePoint(prediction.config().publishesPerSecond(), Double.NaN, quantiles,
                interval(cdf, 0.5, band), interval(cdf, 0.99, band));
    }

    private static Interval interval(final LatencyDistribution cdf, final double level, final double band) {
        return new Interval(cdf.quantile(level), cdf.quantile(Math.max(0, level - band)),
                cdf.quantile(Math.min(0.9999, level + band)));
    }
}
