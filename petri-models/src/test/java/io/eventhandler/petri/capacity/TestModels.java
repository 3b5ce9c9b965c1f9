package io.eventhandler.petri.capacity;

import java.util.ArrayList;
import java.util.List;

/**
 * Capacity models built in code: latency quantiles that grow with the rate as a queue's do, and per-event pool
 * times chosen by the test, so that what the predictor derives from them is known.
 */
public final class TestModels {

    private TestModels() {
    }

    /** A 2x2 calibration saturating at {@code saturation}/s, workers and delivery on a core {@code runMicros} per event. */
    public static CapacityModel calibrated(final double saturation, final double workerRunMicros,
                                    final double deliveryRunMicros) {
        final List<RateStep> steps = new ArrayList<>();
        for (final double fraction : new double[] {0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.9}) {
            steps.add(step(fraction * saturation, fraction, workerRunMicros, deliveryRunMicros, false));
        }
        steps.add(step(saturation, 0.95, workerRunMicros, deliveryRunMicros, true));
        return new CapacityModel("2026-11-27T00:00:00Z", "test machine", 2, new Pools(2, 2), new LoadShape(4, 4, 100),
                3, 8, new StageShape(30, 2, 12, 2, 1000), List.of(new ServerCurve(
                new double[] {0.97 * saturation, saturation, 1.02 * saturation}, steps)));
    }

    /** Quantiles 0.1 ms plus a queue-like part, 10 % more at one run and 10 % less at another. */
    private static RateStep step(final double rate, final double fraction, final double workerRun,
                                 final double deliveryRun, final boolean overloaded) {
        final double[] levels = QuantileLevels.all();
        final double[] quantiles = new double[levels.length];
        for (int i = 0; i < levels.length; i++) {
            quantiles[i] = 0.1 - 0.05 * Math.log(1 - levels[i]) * (1 + fraction / (1 - fraction));
        }
        final double p50 = quantiles[QuantileLevels.indexOf(0.5)];
        final double p99 = quantiles[QuantileLevels.indexOf(0.99)];
        return new RateStep(rate, quantiles, new double[] {0.9 * p50, p50, 1.1 * p50},
                new double[] {0.9 * p99, p99, 1.1 * p99}, 60, 40, 2 * workerRun, 2 * deliveryRun, workerRun,
                deliveryRun, 0.05, 0.1, 1.0, overloaded);
    }
}
