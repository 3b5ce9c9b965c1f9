package io.eventhandler.petri.predict;

import io.eventhandler.petri.net.CapacityConfiguration;
import io.eventhandler.petri.net.StageDistribution.Erlang;
import io.eventhandler.petri.net.StageModel;
import io.eventhandler.petri.testing.ErlangSamples;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LatencyPredictorTest {

    private static final StageModel MODEL = new StageModel(new Erlang(2, 20), new Erlang(3, 30), new Erlang(4, 8));

    @Test
    void atLowLoadTheQuantilesAreThoseOfTheThreeStagesInSeries() {
        final Prediction prediction = new LatencyPredictor(MODEL, 800)
                .predict(new CapacityConfiguration(2, 8, 2, 10, 1));
        final double[] sums = new double[200_000];
        final Random random = new Random(5);
        for (int i = 0; i < sums.length; i++) {
            sums[i] = ErlangSamples.one(random, 2, 20) + ErlangSamples.one(random, 3, 30) + ErlangSamples.one(random, 4, 8);
        }
        Arrays.sort(sums);
        assertEquals(sums[sums.length / 2], prediction.p50(), 0.05 * sums[sums.length / 2]);
        assertEquals(sums[(int) (sums.length * 0.9)], prediction.p90(), 0.06 * sums[(int) (sums.length * 0.9)]);
        assertTrue(prediction.endToEnd().coverage() > 0.999, "the grid holds the tail");
    }
}
