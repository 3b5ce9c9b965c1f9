package io.eventhandler.petri.calibrate;

import io.eventhandler.petri.capacity.QuantileLevels;
import io.eventhandler.petri.capacity.RateStep;
import io.eventhandler.petri.capacity.Statistics;

import java.io.IOException;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** The runs of one rate reduced to a {@link RateStep}: medians over the runs, per published event. */
final class StepSummary {

    private StepSummary() {
    }

    static RateStep of(final List<RunMeasurement> runs, final boolean overloaded) throws IOException {
        final double[][] quantiles = new double[runs.size()][];
        for (int i = 0; i < runs.size(); i++) {
            quantiles[i] = runs.get(i).quantiles();
            if (quantiles[i] == null) {
                throw new IOException("run " + runs.get(i).run() + " at " + Math.round(runs.get(i).offeredPerSecond())
                        + "/s wrote no latency samples");
            }
        }
        final int p50 = QuantileLevels.indexOf(0.5);
        final int p99 = QuantileLevels.indexOf(0.99);
        return new RateStep(median(runs, RunMeasurement::achievedPerSecond), Statistics.medianByLevel(quantiles),
                column(quantiles, p50), column(quantiles, p99),
                median(runs, r -> micros(r.server().total().runNanos(), r)),
                median(runs, r -> micros(r.generator().total().runNanos(), r)),
                median(runs, r -> hold(r, ThreadRole.WORKER)), median(runs, r -> hold(r, ThreadRole.DELIVERY)),
                median(runs, r -> run(r, ThreadRole.WORKER)), median(runs, r -> run(r, ThreadRole.DELIVERY)),
                median(runs, StepSummary::backgroundCores),
                median(runs, r -> r.mergedDispatches() < 0 ? -1 : (double) r.mergedDispatches() / events(r)),
                runs.stream().mapToDouble(RunMeasurement::loadAverage).max().orElse(Double.NaN), overloaded);
    }

    /** Cores the rest of the machine used: its busy time less the server's and the generator's. */
    static double backgroundCores(final RunMeasurement run) {
        final double own = run.server().total().runNanos() + run.generator().total().runNanos();
        return Math.max(0, (run.machineBusyNanos() - own) / (run.windowSeconds() * 1e9));
    }

    private static double hold(final RunMeasurement run, final ThreadRole role) {
        final CpuTimes times = run.server().role(role);
        return micros(times.runNanos() + times.waitNanos(), run);
    }

    private static double run(final RunMeasurement run, final ThreadRole role) {
        return micros(run.server().role(role).runNanos(), run);
    }

    private static double micros(final double nanos, final RunMeasurement run) {
        return nanos / 1000.0 / events(run);
    }

    private static double events(final RunMeasurement run) {
        return Math.max(1, run.acknowledged());
    }

    private static double median(final List<RunMeasurement> runs, final ToDoubleFunction<RunMeasurement> value) {
        return Statistics.median(runs.stream().mapToDouble(value).toArray());
    }

    private static double[] column(final double[][] rows, final int index) {
        final double[] values = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            values[i] = rows[i][index];
        }
        return values;
    }
}
