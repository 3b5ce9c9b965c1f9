package io.eventhandler.petri.capacity;

import java.util.Arrays;

/**
 * What one server measured at one publish rate, over several runs: the end-to-end latency at every
 * {@link QuantileLevels level} (the median over the runs, level by level: one run's stall does not carry it), each
 * run's p50 and p99 (the spread between runs), and per published event the CPU the server and the load generator
 * took, how long each of the server's two pools held a thread (on a core or waiting for one), the cores other
 * processes took meanwhile, and the share of dispatches the server merged.
 *
 * @param rate                publishes per second reached (the runs' median)
 * @param serverCpuMicros     server CPU per event, µs
 * @param generatorCpuMicros  load generator CPU per event, µs
 * @param workerHoldMicros    Grizzly worker thread time per event (running or runnable), µs
 * @param deliveryHoldMicros  delivery thread time per event, all its subscribers' writes, µs
 * @param workerRunMicros     of the worker time, the part on a core (the rest waited for one), µs
 * @param deliveryRunMicros   of the delivery time, the part on a core, µs
 * @param backgroundCores     cores busy with other processes during the runs
 * @param mergedFraction      merged dispatches per event (negative: not known)
 * @param overloaded          the publishers could not keep up with the offered rate (a saturation run)
 */
public record RateStep(double rate, double[] quantiles, double[] runP50, double[] runP99, double serverCpuMicros,
                       double generatorCpuMicros, double workerHoldMicros, double deliveryHoldMicros,
                       double workerRunMicros, double deliveryRunMicros,
                       double backgroundCores, double mergedFraction, double loadAverage, boolean overloaded) {

    public RateStep {
        if (quantiles.length != QuantileLevels.count()) {
            throw new IllegalArgumentException("a step keeps " + QuantileLevels.count() + " quantiles, not "
                    + quantiles.length);
        }
        quantiles = quantiles.clone();
        runP50 = runP50.clone();
        runP99 = runP99.clone();
    }

    @Override
    public double[] quantiles() {
        return quantiles.clone();
    }

    @Override
    public double[] runP50() {
        return runP50.clone();
    }

    @Override
    public double[] runP99() {
        return runP99.clone();
    }

    public double quantile(final double level) {
        return quantiles[QuantileLevels.indexOf(level)];
    }

    public double p50() {
        return quantile(0.5);
    }

    public double p99() {
        return quantile(0.99);
    }

    /** Cores busy with the server and the generator at this rate. */
    public double ownCores() {
        return rate * (serverCpuMicros + generatorCpuMicros) / 1e6;
    }

    /** The runs' smallest and largest p99 over their median: how far one run's p99 strays. */
    public double[] p99Spread() {
        return spread(runP99);
    }

    public double[] p50Spread() {
        return spread(runP50);
    }

    private static double[] spread(final double[] values) {
        final double median = Statistics.median(values);
        return new double[] {Arrays.stream(values).min().orElse(median) / median,
            Arrays.stream(values).max().orElse(median) / median};
    }
}
