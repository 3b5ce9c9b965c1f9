package io.eventhandler.petri.capacity;

import java.util.Arrays;

/**
 * The levels at which a latency distribution is kept in a model file: every percent from 1 to 99, then 99.5 and
 * 99.9 %. Fine enough to draw a CDF and to read p50 and p99 exactly; a p99.9 from a few seconds of one rate is
 * too noisy to predict from.
 */
public final class QuantileLevels {

    private static final double[] LEVELS = levels();

    private QuantileLevels() {
    }

    private static double[] levels() {
        final double[] levels = new double[101];
        for (int i = 0; i < 99; i++) {
            levels[i] = (i + 1) / 100.0;
        }
        levels[99] = 0.995;
        levels[100] = 0.999;
        return levels;
    }

    public static double[] all() {
        return LEVELS.clone();
    }

    public static int count() {
        return LEVELS.length;
    }

    public static double level(final int index) {
        return LEVELS[index];
    }

    /** The index of {@code level}, which must be one of the levels (p50 and p99 are). */
    public static int indexOf(final double level) {
        for (int i = 0; i < LEVELS.length; i++) {
            if (Math.abs(LEVELS[i] - level) < 1e-9) {
                return i;
            }
        }
        throw new IllegalArgumentException("not a kept level: " + level + " (kept: " + Arrays.toString(LEVELS) + ")");
    }

    /** Nearest-rank quantiles of ascending samples at every level. */
    public static double[] of(final double[] ascending) {
        if (ascending.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        final double[] quantiles = new double[LEVELS.length];
        for (int i = 0; i < LEVELS.length; i++) {
            final int rank = (int) Math.ceil(LEVELS[i] * ascending.length);
            quantiles[i] = ascending[Math.min(ascending.length - 1, Math.max(0, rank - 1))];
        }
        return quantiles;
    }
}
