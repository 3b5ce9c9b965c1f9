package io.eventhandler.petri.net;

import io.eventhandler.petri.analysis.TaggedLatencySimulation;
import io.eventhandler.petri.fit.HistogramLevels;
import io.eventhandler.petri.fit.StageDistributionFormat;
import io.eventhandler.petri.net.StageDistribution.Erlang;
import io.eventhandler.petri.net.StageDistribution.Histogram;
import io.eventhandler.petri.predict.LatencyDistribution;
import io.eventhandler.petri.testing.ErlangSamples;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The empirical stage distribution: its CDF and quantiles, its text form, and its simulation in a net. */
class HistogramTest {

    private static final double[] SAMPLES = ErlangSamples.many(new Random(11), 50_000, 3, 30);

    @Test
    void quantilesAreTheSamplesQuantiles() {
        final Histogram histogram = Histogram.of(SAMPLES, HistogramLevels.transport());
        final double[] sorted = SAMPLES.clone();
        Arrays.sort(sorted);
        for (final double p : new double[] {0.1, 0.5, 0.9, 0.99}) {
            final double expected = sorted[(int) (p * sorted.length)];
            assertEquals(expected, histogram.quantile(p), 0.01 * expected, "p" + p);
            assertEquals(p, histogram.cdf(histogram.quantile(p)), 1e-9, "cdf inverts quantile at " + p);
        }
        assertEquals(Arrays.stream(SAMPLES).average().orElseThrow(), histogram.mean(), 0.005);
    }

    @Test
    void anOutlierDoesNotStretchTheLastBinToItself() {
        final double[] withOutlier = Arrays.copyOf(SAMPLES, SAMPLES.length + 1);
        withOutlier[SAMPLES.length] = 1000;
        final Histogram histogram = Histogram.of(withOutlier, HistogramLevels.stage());
        final double[] sorted = withOutlier.clone();
        Arrays.sort(sorted);
        final int from = (int) (0.999 * sorted.length);
        final double topMean = Arrays.stream(sorted, from, sorted.length).average().orElseThrow();
        final int last = histogram.bins() - 1;
        assertEquals(topMean, (histogram.lower(last) + histogram.upper(last)) / 2, 1e-9, "the top bin keeps its mean");
        assertTrue(histogram.upper(last) < 1000);
    }

    @Test
    void itsTextFormReadsBackAsTheSameDistribution() {
        final Histogram histogram = Histogram.of(SAMPLES, HistogramLevels.stage());
        assertEquals(histogram, StageDistributionFormat.parse(StageDistributionFormat.format(histogram)));
    }

    @Test
    void inANetItIsSimulatedAsItsDistribution() {
        final Histogram accept = Histogram.of(SAMPLES, HistogramLevels.stage());
        final StageModel stages = new StageModel(accept, new Erlang(2, 20), new Erlang(1, 1));
        final int runs = 2000;
        final double step = 0.02;
        final TaggedLatencySimulation.Result result = new TaggedLatencySimulation(1, 3, step, runs)
                .simulate(EventHandlerCapacityNet.build(new CapacityConfiguration(2, 4, 2, 1, 1), stages, 1),
                        EventHandlerCapacityNet.TAG_DONE);
        final double[] acceptCdf = new double[result.latency().size()];
        for (int i = 0; i < acceptCdf.length; i++) {
            acceptCdf[i] = accept.cdf(i * step);
        }
        final LatencyDistribution expected = new LatencyDistribution(step, acceptCdf).plus(new Erlang(2, 20));
        for (int i = 0; i < expected.size(); i += 10) {
            assertEquals(expected.cdfAt(i), result.latency().cdfAt(i), 4 * Math.sqrt(0.25 / runs), "at " + i * step);
        }
    }
}
