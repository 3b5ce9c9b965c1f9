package io.eventhandler.petri.net;

import io.eventhandler.petri.net.StageDistribution.Erlang;
import io.eventhandler.petri.predict.LatencyPredictor;
import io.eventhandler.petri.predict.Prediction;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cold regime: a server idle for longer than the cooling time runs the next event with its cold stages, so with
 * periodic publishes the latency falls as the rate rises past 1 / cooling time, which a one-regime queue cannot do.
 */
class RegimeNetTest {

    private static final StageModel WARM = new StageModel(new Erlang(4, 40), new Erlang(4, 80), new Erlang(4, 40));
    /** Everything five times slower. */
    private static final StageModel COLD = new StageModel(new Erlang(4, 8), new Erlang(4, 16), new Erlang(4, 8));
    private static final RegimeModel MODEL = new RegimeModel(WARM, COLD, 1.0, RegimeModel.Coupling.INDEPENDENT,
            null, null);
    private static final int RUNS = 1000;

    @Test
    void periodicPublishesSlowerThanTheCoolingTimeAllArriveCold() {
        // period 5 ms, the work 0.15 ms: 4.85 ms idle before each event, cooling after 1 ms
        final Prediction slow = predict(200);
        // the sum of the cold stages: mean 0.5 + 0.25 + 0.5 ms
        assertEquals(1.25, mean(slow), 0.08, "cold stages in series");
    }

    @Test
    void periodicPublishesFasterThanTheCoolingTimeStayWarm() {
        // period 0.5 ms, under 1 ms of cooling: after the first event the server never cools
        final Prediction fast = predict(2000);
        assertEquals(0.25, mean(fast), 0.03, "warm stages in series (with a little queueing)");
    }

    @Test
    void latencyFallsAsTheRateRises() {
        final Prediction slow = predict(200);
        final Prediction fast = predict(2000);
        assertTrue(fast.p50() < slow.p50() / 3, "p50 " + fast.p50() + " at 2000/s vs " + slow.p50() + " at 200/s");
        final Prediction oneRegime = new LatencyPredictor(RegimeModel.single(WARM), RUNS).predict(config(200));
        assertTrue(oneRegime.p50() <= fast.p50() * 1.1, "without a cold regime the slow rate is no slower");
    }

    @Test
    void aPeriodicTagKeepsThePeriodSoItNeverQueuesBehindAnotherArrival() {
        // with one event every 5 ms and 0.25 ms of work, a periodic tag meets an idle server: its latency is the
        // stages in series, with no waiting (a tag arriving at the same instant as a regular event would wait)
        final Prediction prediction = new LatencyPredictor(RegimeModel.single(WARM), RUNS)
                .predict(new CapacityConfiguration(1, 1, 1, 200, 1, Arrivals.PERIODIC));
        final SeriesSum sum = new SeriesSum(new Erlang(4, 40), new Erlang(4, 80),
                new Erlang(4, 40));
        assertEquals(sum.median(), prediction.p50(), 0.05 * sum.median());
    }

    private static Prediction predict(final double rate) {
        return new LatencyPredictor(MODEL, RUNS).predict(config(rate));
    }

    private static CapacityConfiguration config(final double rate) {
        return new CapacityConfiguration(1, 2, 1, rate, 1, Arrivals.PERIODIC);
    }

    private static double mean(final Prediction prediction) {
        double mean = 0;
        final var cdf = prediction.endToEnd();
        for (int i = 0; i < cdf.size(); i++) {
            mean += (1 - cdf.cdfAt(i)) * cdf.step();
        }
        return mean;
    }

    /** The median of a sum of independent Erlang stages, by sampling (independent of the code under test). */
    private record SeriesSum(Erlang... stages) {
        double median() {
            final java.util.Random random = new java.util.Random(3);
            final double[] sums = new double[100_000];
            for (int i = 0; i < sums.length; i++) {
                for (final Erlang stage : stages) {
                    sums[i] += io.eventhandler.petri.testing.ErlangSamples.one(random, stage.k(), stage.rate());
                }
            }
            java.util.Arrays.sort(sums);
            return sums[sums.length / 2];
        }
    }
}
