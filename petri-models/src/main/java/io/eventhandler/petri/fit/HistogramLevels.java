package io.eventhandler.petri.fit;

import java.util.stream.DoubleStream;

/**
 * Where a histogram's bins end, as cumulative probabilities: evenly spaced in the body and denser in the tail, since
 * a p99 prediction depends on the last percent of each stage.
 */
public final class HistogramLevels {

    private static final double[] TAIL = {0.95, 0.975, 0.99, 0.995, 0.998, 0.999, 1};

    private HistogramLevels() {
    }

    /** 25 bins, for a stage inside the net (every bin is a transition there). */
    public static double[] stage() {
        return DoubleStream.concat(DoubleStream.iterate(0, p -> p < 0.9001, p -> p + 0.05).map(HistogramLevels::round),
                DoubleStream.of(TAIL)).toArray();
    }

    /** 103 bins, for the transport, outside the net. */
    public static double[] transport() {
        return DoubleStream.concat(DoubleStream.iterate(0, p -> p < 0.9901, p -> p + 0.01).map(HistogramLevels::round),
                DoubleStream.of(0.995, 0.998, 0.999, 1)).toArray();
    }

    private static double round(final double level) {
        return Math.round(level * 1e6) / 1e6;
    }
}
