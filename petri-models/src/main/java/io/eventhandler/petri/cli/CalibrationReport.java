package io.eventhandler.petri.cli;

import io.eventhandler.petri.capacity.CapacityModel;
import io.eventhandler.petri.capacity.RateStep;
import io.eventhandler.petri.capacity.ServerCurve;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;

/** What {@code calibrate} measured, server by server, as it goes into the model file. */
final class CalibrationReport {

    private final CapacityModel model;

    CalibrationReport(final CapacityModel model) {
        this.model = model;
    }

    void print(final PrintStream out) {
        out.printf(Locale.ROOT, "calibrated %s: pools %s, %d publishers, fan-out %d, %d runs of %d s per rate, %d cores%n",
                model.calibratedAt(), model.pools(), model.load().publishers(), model.load().subscribers(),
                model.runsPerRate(), model.runSeconds(), model.cores());
        for (int s = 0; s < model.servers().size(); s++) {
            final ServerCurve server = model.servers().get(s);
            out.printf(Locale.ROOT, "server %d: saturation %.0f/s (runs %s)%n", s + 1, server.saturation(),
                    list(server.saturationRuns(), "%.0f"));
            out.println("  rate/s   p50 ms   p99 ms  p99 of each run       server/gen CPU µs/event  worker run/held µs  "
                    + "delivery run/held µs  other cores  merged  load avg");
            for (final RateStep step : server.steps()) {
                out.printf(Locale.ROOT, "  %6.0f  %7.3f  %7.3f  %-20s  %8.1f / %-8.1f     %6.1f / %-6.1f     %6.1f / %-6.1f       %5.2f     "
                        + "%5.1f%%  %5.2f%s%n", step.rate(), step.p50(), step.p99(), list(step.runP99(), "%.3f"),
                        step.serverCpuMicros(), step.generatorCpuMicros(), step.workerRunMicros(),
                        step.workerHoldMicros(), step.deliveryRunMicros(), step.deliveryHoldMicros(),
                        step.backgroundCores(), 100 * Math.max(0, step.mergedFraction()), step.loadAverage(),
                        step.overloaded() ? "  (saturation runs)" : "");
            }
        }
        final double[] saturation = model.saturationRuns();
        out.printf(Locale.ROOT, "saturation %.0f/s, runs %.0f to %.0f/s%s%n", model.saturation(),
                Arrays.stream(saturation).min().orElse(0), Arrays.stream(saturation).max().orElse(0),
                model.servers().size() == 1 ? " (one server: the spread between servers is not measured)" : "");
        out.printf(Locale.ROOT, "interval widths: saturation %s; p99 at the rates below saturation %s (the %s)%n",
                width(saturation, model.saturation()), p99Width(), model.servers().size() == 1
                        ? "spread between this server's runs" : "spread between the servers and their runs");
        out.printf(Locale.ROOT, "stage recorder: %s%n", model.stages().recorded()
                ? String.format(Locale.ROOT, "accept mean %.1f µs (scv %.2f), write mean %.1f µs (scv %.2f), %d samples",
                model.stages().acceptMeanMicros(), model.stages().acceptScv(), model.stages().writeMeanMicros(),
                model.stages().writeScv(), model.stages().samples()) : "no samples (variations taken as 1)");
    }

    /** The widest the runs' p99 strayed from their median at any rate below saturation. */
    private String p99Width() {
        double low = 1;
        double high = 1;
        for (final ServerCurve server : model.servers()) {
            for (final RateStep step : server.measured()) {
                low = Math.min(low, step.p99Spread()[0]);
                high = Math.max(high, step.p99Spread()[1]);
            }
        }
        return String.format(Locale.ROOT, "%+.0f %% to %+.0f %% of the median", 100 * (low - 1), 100 * (high - 1));
    }

    private static String width(final double[] values, final double median) {
        return String.format(Locale.ROOT, "%+.0f %% to %+.0f %% of the median",
                100 * (Arrays.stream(values).min().orElse(median) / median - 1),
                100 * (Arrays.stream(values).max().orElse(median) / median - 1));
    }

    static String list(final double[] values, final String format) {
        final StringBuilder out = new StringBuilder();
        for (final double value : values) {
            out.append(out.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, format, value));
        }
        return out.toString();
    }
}
