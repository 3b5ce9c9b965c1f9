package io.eventhandler.petri.net;

import io.eventhandler.petri.net.StageDistribution.Erlang;
import io.eventhandler.petri.predict.LatencyPredictor;
import io.eventhandler.petri.predict.Prediction;
import io.eventhandler.petri.net.RegimeModel.Regime;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

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
    /** Everything twice as fast. */
    private static final StageModel HOT = new StageModel(new Erlang(4, 80), new Erlang(4, 160), new Erlang(4, 80));
    private static final RegimeModel MODEL = new RegimeModel(List.of(new Regime("warm", WARM, 0, null),
            new Regime("cold", COLD, 1.0, null)), RegimeModel.Coupling.INDEPENDENT);
    /** Hot below 0.6 ms of idleness, warm up to 1 ms, cold beyond. */
    private static final RegimeModel THREE = new RegimeModel(List.of(new Regime("hot", HOT, 0, null),
            new Regime("warm", WARM, 0.6, null), new Regime("cold", COLD, 1.0, null)),
            RegimeModel.Coupling.INDEPENDENT);
    private static final int RUNS = 1000;

    @Tag("long") // a simulation at 200/s: 5 s
    @Test
    void periodicPublishesSlowerThanTheCoolingTimeAllArriveCold() {
        // period 5 ms, the work 0.15 ms: 4.85 ms idle before each event, cooling after 1 ms
        final Prediction slow = predict(200);
        // the sum of the cold stages: mean 0.5 + 0.25 + 0.5 ms
        assertEquals(1.25, mean(slow), 0.08, "cold stages in series");
    }

    @Tag("long") // a simulation at 2,000/s: 15-35 s
    @Test
    void periodicPublishesFasterThanTheCoolingTimeStayWarm() {
        // period 0.5 ms, under 1 ms of cooling: after the first event the server never cools
        final Prediction fast = predict(2000);
        assertEquals(0.25, mean(fast), 0.03, "warm stages in series (with a little queueing)");
    }

    @Tag("long") // a simulation at 2,000/s: 15-35 s
    @Test
    void latencyFallsAsTheRateRises() {
        final Prediction slow = predict(200);
        final Prediction fast = predict(2000);
        assertTrue(fast.p50() < slow.p50() / 3, "p50 " + fast.p50() + " at 2000/s vs " + slow.p50() + " at 200/s");
        final Prediction oneRegime = new LatencyPredictor(RegimeModel.single(WARM), RUNS).predict(config(200));
        assertTrue(oneRegime.p50() <= fast.p50() * 1.1, "without a cold regime the slow rate is no slower");
    }

    @Tag("long") // a simulation at 2,000/s: 15-35 s
    @Test
    void aHotRegimeTakesTheEventsThatFollowTheShortestIdleSpells() {
        // period 0.5 ms: idle under 0.5 ms, hot (hot stages 0.125 ms in series)
        assertEquals(0.125, mean(new LatencyPredictor(THREE, RUNS).predict(config(2000))), 0.02, "hot");
        // period 1 ms, 0.15 ms of warm work: idle 0.85 ms, between 0.6 and 1 ms, warm
        assertEquals(0.25, mean(new LatencyPredictor(THREE, RUNS).predict(config(1000))), 0.03, "warm");
        // period 5 ms: idle well past 1 ms, the idle times of the chain add up to the cooling time, cold
        assertEquals(1.25, mean(new LatencyPredictor(THREE, RUNS).predict(config(200))), 0.08, "cold");
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
