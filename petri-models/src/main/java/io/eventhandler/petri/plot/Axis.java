package io.eventhandler.petri.plot;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One axis of a chart: its range, linear or logarithmic, the ticks where grid lines and their labels go (the same
 * positions: a label sits on its own grid line), and the mapping from a value to a pixel.
 */
final class Axis {

    private final double min;
    private final double max;
    private final boolean log;
    private final List<Double> ticks;

    private Axis(final double min, final double max, final boolean log, final List<Double> ticks) {
        this.min = min;
        this.max = max;
        this.log = log;
        this.ticks = List.copyOf(ticks);
    }

    /** A linear axis from 0 (or {@code from}) to a round value at or above {@code upTo}, with 4–10 ticks. */
    static Axis linear(final double from, final double upTo) {
        final double span = Math.max(upTo - from, 1e-12);
        final double step = niceStep(span / 6);
        final double start = Math.floor(from / step) * step;
        final double end = Math.ceil(upTo / step - 1e-9) * step;
        final List<Double> ticks = new ArrayList<>();
        for (double t = start; t <= end + step / 2; t += step) {
            ticks.add(Math.abs(t) < step * 1e-9 ? 0 : t);
        }
        return new Axis(start, end, false, ticks);
    }

    /** A logarithmic axis over [low, high] widened to 1-2-5 values, ticked at 1, 2 and 5 of each decade. */
    static Axis logarithmic(final double low, final double high) {
        final double lowest = roundDown125(Math.max(low, 1e-6));
        final double highest = roundUp125(Math.max(high, lowest * 2));
        final List<Double> ticks = new ArrayList<>();
        for (double decade = Math.pow(10, Math.floor(Math.log10(lowest))); decade <= highest; decade *= 10) {
            for (final double m : new double[] {1, 2, 5}) {
                final double t = decade * m;
                if (t >= lowest * (1 - 1e-9) && t <= highest * (1 + 1e-9)) {
                    ticks.add(t);
                }
            }
        }
        return new Axis(lowest, highest, true, ticks);
    }

    /** 1, 2 or 5 times a power of ten, the smallest at or above {@code rough}. */
    static double niceStep(final double rough) {
        final double power = Math.pow(10, Math.floor(Math.log10(rough)));
        for (final double m : new double[] {1, 2, 5, 10}) {
            if (m * power >= rough * (1 - 1e-9)) {
                return m * power;
            }
        }
        return 10 * power;
    }

    private static double roundDown125(final double value) {
        final double power = Math.pow(10, Math.floor(Math.log10(value)));
        final double m = value / power;
        return (m >= 5 ? 5 : m >= 2 ? 2 : 1) * power;
    }

    private static double roundUp125(final double value) {
        final double power = Math.pow(10, Math.floor(Math.log10(value)));
        final double m = value / power;
        return (m <= 1 + 1e-9 ? 1 : m <= 2 + 1e-9 ? 2 : m <= 5 + 1e-9 ? 5 : 10) * power;
    }

    double min() {
        return min;
    }

    double max() {
        return max;
    }

    List<Double> ticks() {
        return ticks;
    }

    /** The value's position along the axis, 0 at min and 1 at max (outside that range when the value is). */
    double fraction(final double value) {
        if (log) {
            return (Math.log(Math.max(value, min * 1e-3)) - Math.log(min)) / (Math.log(max) - Math.log(min));
        }
        return (value - min) / (max - min);
    }

    /** A tick's label: as many decimals as the ticks need (on a log axis, as the value itself needs), grouped. */
    String label(final double value) {
        final double step = ticks.size() > 1 ? Math.abs(ticks.get(1) - ticks.get(0)) : Math.abs(value);
        final double smallest = log ? value : step;
        final int decimals = smallest >= 1 ? 0 : (int) Math.min(6, Math.ceil(-Math.log10(smallest) - 1e-9));
        return String.format(Locale.ROOT, "%,." + decimals + "f", value);
    }
}
