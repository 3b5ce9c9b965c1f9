package io.eventhandler.petri.plot;

import io.eventhandler.petri.capacity.CapacityAnswer;
import io.eventhandler.petri.capacity.CapacityModel;
import io.eventhandler.petri.capacity.ConfigurationAnswer;
import io.eventhandler.petri.capacity.RatePoint;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * p99 versus publish rate, one line per pool configuration, the recommended one thick with its interval shaded,
 * its knee, saturation and highest rate under the deadline marked, and the deadline as a line.
 */
public final class RateCurvePlot {

    private RateCurvePlot() {
    }

    public static void write(final CapacityAnswer answer, final CapacityModel model, final Path file)
            throws IOException {
        final ConfigurationAnswer best = answer.recommended();
        final double maxRate = answer.configurations().stream().mapToDouble(a -> a.saturation().value()).max()
                .orElse(1);
        final Axis x = Axis.linear(0, maxRate);
        final Axis y = yAxis(answer);
        final Canvas canvas = new Canvas(x, y);
        canvas.frame("p99 end-to-end latency versus publish rate, by pool configuration",
                String.format(Locale.ROOT, "fan-out %d, %d publishers, %d cores; calibrated %s with pools %s on %d "
                        + "server(s); shaded: the interval of %s", model.load().subscribers(),
                        model.load().publishers(), model.cores(), model.calibratedAt().substring(0, 10),
                        model.pools(), model.servers().size(), best.pools()),
                "publishes per second (each delivered to every subscriber)", "p99 latency, ms (log scale)");
        final double[] xs = rates(best);
        canvas.band(xs, values(best, true, 0), values(best, true, 2), Palette.color(0));
        final List<Canvas.Entry> legend = new ArrayList<>();
        int colour = 1;
        for (final ConfigurationAnswer configuration : answer.configurations()) {
            final boolean recommended = configuration == best;
            final Color color = recommended ? Palette.color(0) : Palette.color(colour++);
            canvas.line(rates(configuration), values(configuration, true, 1), color, recommended ? 3.5f : 1.5f, false);
            canvas.point(configuration.knee().rate(), configuration.knee().p99().value(), color, null);
            legend.add(new Canvas.Entry(color, recommended ? 3.5f : 1.5f, configuration.pools()
                    + (recommended ? " (recommended)" : "")));
        }
        canvas.point(best.knee().rate(), best.knee().p99().value(), Palette.color(0),
                String.format(Locale.ROOT, "knee of %s: %,.0f/s", best.pools(), best.knee().rate()));
        canvas.vertical(best.saturation().value(), Color.DARK_GRAY,
                String.format(Locale.ROOT, "saturation of %s: %,.0f/s", best.pools(), best.saturation().value()));
        if (answer.deadlineMs() != null) {
            // named in the legend: a label at the line's left end would sit under the legend's box
            canvas.horizontal(answer.deadlineMs(), new Color(200, 0, 0), null);
            legend.add(new Canvas.Entry(new Color(200, 0, 0), 1.5f,
                    String.format(Locale.ROOT, "deadline: p99 %s ms", trim(answer.deadlineMs()))));
            if (best.maxRateUnderDeadline().value() > 0) {
                canvas.point(best.maxRateUnderDeadline().value(), answer.deadlineMs(), new Color(200, 0, 0),
                        String.format(Locale.ROOT, "%,.0f/s", best.maxRateUnderDeadline().value()));
            }
        }
        legend.add(0, new Canvas.Entry(Color.WHITE, 1f, "workers x delivery threads:"));
        canvas.legend(legend);
        canvas.write(file);
    }

    private static Axis yAxis(final CapacityAnswer answer) {
        double low = Double.POSITIVE_INFINITY;
        double kneeHigh = 0;
        for (final ConfigurationAnswer configuration : answer.configurations()) {
            // the lowest of every curve and band: a noisy curve can dip below its light-load value
            for (final RatePoint point : configuration.curve()) {
                if (Double.isFinite(point.p99().low()) && point.p99().low() > 0) {
                    low = Math.min(low, point.p99().low());
                }
            }
            kneeHigh = Math.max(kneeHigh, configuration.knee().p99().high());
        }
        double high = 5 * kneeHigh;
        if (answer.deadlineMs() != null) {
            high = Math.max(high, 2 * answer.deadlineMs());
            low = Math.min(low, answer.deadlineMs() / 2);
        }
        return Axis.logarithmic(0.8 * low, high);
    }

    private static double[] rates(final ConfigurationAnswer configuration) {
        return configuration.curve().stream().mapToDouble(RatePoint::rate).toArray();
    }

    /** p99 (or p50) low (0), value (1) or high (2) along the curve. */
    private static double[] values(final ConfigurationAnswer configuration, final boolean p99, final int which) {
        return configuration.curve().stream().mapToDouble(point -> {
            final var interval = p99 ? point.p99() : point.p50();
            return which == 0 ? interval.low() : which == 1 ? interval.value() : interval.high();
        }).toArray();
    }

    static String trim(final double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
