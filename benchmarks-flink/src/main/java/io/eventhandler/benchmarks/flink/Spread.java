package io.eventhandler.benchmarks.flink;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** Median and range of one figure over the runs of a point. */
record Spread(double median, double min, double max, int n) {

    static <T> Spread of(final List<T> runs, final ToDoubleFunction<T> figure) {
        final double[] v = runs.stream().mapToDouble(figure).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (v.length == 0) {
            return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        final double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        return new Spread(median, v[0], v[v.length - 1], v.length);
    }

    /** {@code median [min–max]} with the given format for each number. */
    String text(final String format) {
        if (n == 0) {
            return "-";
        }
        final String m = String.format(Locale.ROOT, format, median);
        return n == 1 ? m : m + " [" + String.format(Locale.ROOT, format, min) + "–"
                + String.format(Locale.ROOT, format, max) + "]";
    }

    @Override
    public String toString() {
        return Arrays.toString(new double[] {median, min, max});
    }
}
