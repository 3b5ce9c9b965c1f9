package io.eventhandler.petri.calibrate;

import java.util.Arrays;

/**
 * How one server is driven: a warm-up run (its figures discarded: the JIT compiles the path), a ramp of short probes
 * from {@code startRate}, each {@code growth} times the last, until the publishers fall behind, then
 * {@code saturationRuns} runs offered more than that (the rates they reach are the saturation), then the latency
 * curve at {@code fractions} of the saturation.
 */
public record CalibrationPlan(double startRate, double growth, double maxRate, int warmupSeconds, int probeSeconds,
                              int saturationRuns, double[] fractions) {

    /** The default: 10 s warm-up, 3 s probes from 1,000/s growing by half, 3 saturation runs, seven rates. */
    public static final double[] DEFAULT_FRACTIONS = {0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.9};

    public CalibrationPlan {
        fractions = fractions.clone();
        Arrays.sort(fractions);
        if (fractions.length < 2 || fractions[0] <= 0 || fractions[fractions.length - 1] >= 1) {
            throw new IllegalArgumentException("at least two fractions of the saturation, each in (0, 1): "
                    + Arrays.toString(fractions));
        }
        if (!(startRate > 0) || !(growth > 1) || !(maxRate > startRate) || saturationRuns < 1 || probeSeconds < 1
                || warmupSeconds < 0) {
            throw new IllegalArgumentException("a calibration plan needs a start rate > 0, growth > 1, a maximum above "
                    + "the start and at least one saturation run");
        }
    }

    public static CalibrationPlan defaults() {
        return new CalibrationPlan(1000, 1.5, 1_000_000, 10, 3, 3, DEFAULT_FRACTIONS);
    }

    @Override
    public double[] fractions() {
        return fractions.clone();
    }
}
