package io.eventhandler.petri.plot;

import io.eventhandler.petri.capacity.QuantileLevels;
import io.eventhandler.petri.capacity.RatePoint;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The predicted latency distribution (CDF) of one configuration at one rate, p50, p99 and the deadline marked. The
 * latency axis is logarithmic: the body (tenths of a millisecond) and the tail (milliseconds) both stay readable.
 */
public final class CdfPlot {

    private CdfPlot() {
    }

    /** {@code title} names the rate and the configuration; {@code setting} the load and machine, for the subtitle. */
    public static void write(final RatePoint point, final String title, final String setting,
                             final Double deadlineMs, final Path file) throws IOException {
        final double[] quantiles = point.quantiles();
        final double[] levels = QuantileLevels.all();
        double right = quantiles[quantiles.length - 1] * 1.2;
        if (deadlineMs != null) {
            right = Math.max(right, deadlineMs * 1.2);
        }
        final Canvas canvas = new Canvas(Axis.logarithmic(quantiles[0] / 1.5, right), Axis.linear(0, 1));
        canvas.frame(title, String.format(Locale.ROOT, "p50 %.3f ms (%.3f–%.3f), p99 %.3f ms (%.3f–%.3f); %s",
                        point.p50().value(), point.p50().low(), point.p50().high(), point.p99().value(),
                        point.p99().low(), point.p99().high(), setting),
                "end-to-end latency, ms, log scale (publisher's send to a subscriber's receipt)",
                "fraction of deliveries at or below");
        final double[] xs = new double[quantiles.length + 1];
        final double[] ys = new double[quantiles.length + 1];
        xs[0] = quantiles[0] / 1.5;
        for (int i = 0; i < quantiles.length; i++) {
            xs[i + 1] = quantiles[i];
            ys[i + 1] = levels[i];
        }
        canvas.line(xs, ys, Palette.color(0), 3f, false);
        canvas.vertical(point.p50().value(), Color.DARK_GRAY, String.format(Locale.ROOT, "p50 %.3f ms",
                point.p50().value()));
        canvas.horizontal(0.99, Color.GRAY, "99 %");
        canvas.point(point.p99().value(), 0.99, Palette.color(0), String.format(Locale.ROOT, "p99 %.3f ms",
                point.p99().value()));
        if (deadlineMs != null) {
            canvas.vertical(deadlineMs, new Color(200, 0, 0), String.format(Locale.ROOT, "deadline %s ms",
                    RateCurvePlot.trim(deadlineMs)), 2);
        }
        canvas.legend(List.of(new Canvas.Entry(Palette.color(0), 3f, "predicted CDF (straight between percentiles)")),
                true);
        canvas.write(file);
    }
}
