package io.eventhandler.petri.cli;

import io.eventhandler.petri.capacity.CapacityAnswer;
import io.eventhandler.petri.capacity.CapacityModel;
import io.eventhandler.petri.capacity.ConfigurationAnswer;
import io.eventhandler.petri.capacity.Interval;
import io.eventhandler.petri.capacity.RatePoint;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** {@code predict}'s answer as text: the configurations side by side, then the latency curve, then the limits. */
final class AnswerReport {

    private final CapacityModel model;
    private final CapacityAnswer answer;

    AnswerReport(final CapacityModel model, final CapacityAnswer answer) {
        this.model = model;
        this.answer = answer;
    }

    void print(final PrintStream out, final boolean everyCurve, final List<Asked> extraRates) {
        out.printf(Locale.ROOT, "Capacity, fan-out %d, %d publishers, %d cores (%s)%n", model.load().subscribers(),
                model.load().publishers(), model.cores(), model.machine());
        out.printf(Locale.ROOT, "model: calibrated %s with pools %s on %d server(s), %d runs of %d s per rate%n",
                model.calibratedAt(), model.pools(), model.servers().size(), model.runsPerRate(), model.runSeconds());
        out.println("latency: a publisher's send to a subscriber's receipt; pools: W workers x D delivery threads");
        out.println("intervals: " + (model.servers().size() == 1 ? "the range over the calibration server's runs"
                : "the range over the calibration servers and their runs"));
        out.println();
        summary(out);
        out.println();
        out.println("recommended: " + answer.recommended().pools() + ": " + answer.reason());
        overDeadlineBelow(out, answer.recommended());
        for (final ConfigurationAnswer configuration : answer.configurations()) {
            if (everyCurve || configuration == answer.recommended()) {
                out.println();
                curve(out, configuration, configuration == answer.recommended());
            }
        }
        if (!extraRates.isEmpty()) {
            out.println();
            out.println("at the rates asked:");
            out.println("  pools   rate/s   % of sat.  p50 ms (interval)           p99 ms (interval)");
            for (final Asked asked : extraRates) {
                out.printf(Locale.ROOT, "  %-6s %s%n", asked.pools(), row(asked.point()));
            }
        }
        out.println();
        out.println("where the model is weak:");
        for (final String note : answer.limits()) {
            out.println(wrap("- " + note, "  "));
        }
    }

    private void summary(final PrintStream out) {
        final String deadline = answer.deadlineMs() == null ? ""
                : String.format(Locale.ROOT, "  highest rate with p99 < %s ms", trim(answer.deadlineMs()));
        out.println("pools  saturation/s (interval)    limited by     knee/s   p99 at knee ms" + deadline);
        for (final ConfigurationAnswer a : answer.configurations()) {
            final String max = a.maxRateUnderDeadline() == null ? "" : "  " + rate(a.maxRateUnderDeadline());
            out.printf(Locale.ROOT, "%-5s  %-26s %-13s  %7s  %s%s%s%n", a.pools(), rate(a.saturation()), a.limitedBy(),
                    String.format(Locale.ROOT, "%,.0f", a.knee().rate()), latency(a.knee().p99()), max,
                    a == answer.recommended() ? "   <- recommended" : "");
        }
    }

    /** Rates below the answer's highest one where the p99 is over the deadline too (a noisy or slow light load). */
    private void overDeadlineBelow(final PrintStream out, final ConfigurationAnswer configuration) {
        if (answer.deadlineMs() == null || configuration.maxRateUnderDeadline() == null) {
            return;
        }
        final List<RatePoint> over = configuration.curve().stream()
                .filter(p -> p.rate() < configuration.maxRateUnderDeadline().value())
                .filter(p -> p.p99().value() > answer.deadlineMs()).toList();
        if (!over.isEmpty()) {
            out.println(wrap(String.format(Locale.ROOT, "but: the p99 of %s is over %s ms at lower rates too, "
                    + "between %,.0f and %,.0f/s (the calibration measured it so there: a slow light load or "
                    + "stalls; read the intervals below)", configuration.pools(), trim(answer.deadlineMs()),
                    over.get(0).rate(), over.get(over.size() - 1).rate()), "  "));
        }
    }

    private void curve(final PrintStream out, final ConfigurationAnswer configuration, final boolean recommended) {
        out.printf(Locale.ROOT, "p50 and p99 versus rate, pools %s%s (knee at %,.0f/s):%n", configuration.pools(),
                recommended ? " (recommended)" : "", configuration.knee().rate());
        out.println("  rate/s   % of sat.  p50 ms (interval)           p99 ms (interval)");
        final List<RatePoint> points = configuration.curve();
        for (int percent = 10; percent <= 90; percent += 10) {
            final RatePoint point = points.get(Math.min(points.size() - 1, percent / 2 - 1));
            final String mark = point.rate() > configuration.knee().rate() * 1.001 ? "  (past the knee)" : "";
            out.printf(Locale.ROOT, "  %s%s%n", row(point), mark);
        }
    }

    private String row(final RatePoint point) {
        return String.format(Locale.ROOT, "%7s  %6.0f     %-26s  %s", String.format(Locale.ROOT, "%,.0f",
                point.rate()), 100 * point.fraction(), latency(point.p50()), latency(point.p99()));
    }

    /** A rate the user asked about, for one configuration. */
    record Asked(io.eventhandler.petri.capacity.Pools pools, RatePoint point) {
    }

    static String rate(final Interval rate) {
        return String.format(Locale.ROOT, "%,.0f (%,.0f–%,.0f)", rate.value(), rate.low(), rate.high());
    }

    static String latency(final Interval latency) {
        if (!Double.isFinite(latency.value())) {
            return "saturated";
        }
        return String.format(Locale.ROOT, "%.3f (%.3f–%.3f)", latency.value(), latency.low(), latency.high());
    }

    static String trim(final double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    /** Wraps at about 110 characters, continuation lines indented. */
    static String wrap(final String text, final String indent) {
        final StringBuilder out = new StringBuilder();
        int column = 0;
        for (final String word : text.split(" ")) {
            if (column > 0 && column + word.length() > 110) {
                out.append('\n').append(indent);
                column = indent.length();
            } else if (column > 0) {
                out.append(' ');
                column++;
            }
            out.append(word);
            column += word.length();
        }
        return out.toString();
    }
}
