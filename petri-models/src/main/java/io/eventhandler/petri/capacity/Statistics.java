package io.eventhandler.petri.capacity;

import java.util.Arrays;

/** Medians and linear interpolation, the only statistics the capacity model needs. */
public final class Statistics {

    private Statistics() {
    }

    public static double median(final double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        final int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /** Level-by-level median of several quantile arrays of the same length. */
    public static double[] medianByLevel(final double[][] rows) {
        final double[] out = new double[rows[0].length];
        final double[] column = new double[rows.length];
        for (int level = 0; level < out.length; level++) {
            for (int row = 0; row < rows.length; row++) {
                column[row] = rows[row][level];
            }
            out[level] = median(column);
        }
        return out;
    }

    /** y at x on the straight line through (x0, y0) and (x1, y1); y0 when x0 == x1. */
    public static double between(final double x, final double x0, final double y0, final double x1, final double y1) {
        return x1 == x0 ? y0 : y0 + (y1 - y0) * (x - x0) / (x1 - x0);
    }
}
