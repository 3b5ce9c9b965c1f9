package io.eventhandler.petri.capacity;

/**
 * The predicted end-to-end latency of one pool configuration at one publish rate: every kept quantile (ms) and p50
 * and p99 with their intervals.
 *
 * @param fraction the rate over this configuration's predicted saturation
 */
public record RatePoint(double rate, double fraction, double[] quantiles, Interval p50, Interval p99) {

    public RatePoint {
        quantiles = quantiles.clone();
    }

    @Override
    public double[] quantiles() {
        return quantiles.clone();
    }
}
