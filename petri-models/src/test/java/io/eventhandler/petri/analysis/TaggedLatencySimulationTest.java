package io.eventhandler.petri.analysis;

import io.eventhandler.petri.net.CapacityConfiguration;
import io.eventhandler.petri.net.EventHandlerCapacityNet;
import io.eventhandler.petri.net.StageDistribution;
import io.eventhandler.petri.net.StageDistribution.Erlang;
import io.eventhandler.petri.net.StageDistribution.ErlangWithTail;
import io.eventhandler.petri.net.StageModel;
import io.eventhandler.petri.predict.LatencyDistribution;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sirio's simulator on the generalised net, checked against what queueing theory says it must give. */
class TaggedLatencySimulationTest {

    private static final StageModel STAGES = new StageModel(new Erlang(2, 20), new Erlang(2, 20), new Erlang(4, 10));
    private static final int RUNS = 2000;

    @Test
    void atNegligibleLoadTheLatencyIsTheSumOfTheServiceTimes() {
        final CapacityConfiguration idle = new CapacityConfiguration(2, 4, 2, 1, 1);
        final TaggedLatencySimulation.Result result = new TaggedLatencySimulation(1, 1.5, 0.01, RUNS)
                .simulate(EventHandlerCapacityNet.build(idle, STAGES, 1), EventHandlerCapacityNet.TAG_DONE);
        final Erlang sum = new Erlang(4, 20);
        // four standard deviations of a binomial proportion at its widest
        final double tolerance = 4 * Math.sqrt(0.25 / RUNS);
        final LatencyDistribution latency = result.latency();
        for (int i = 0; i < latency.size(); i += 10) {
            assertEquals(sum.cdf(i * latency.step()), latency.cdfAt(i), tolerance, "at " + i * latency.step());
        }
    }

    @Test
    void aStageWithATailIsSimulatedAsItsDistribution() {
        final StageDistribution accept = new ErlangWithTail(0.05, 3, 30, 0.1, 2);
        final StageModel stages = new StageModel(accept, new Erlang(2, 20), new Erlang(1, 1));
        final TaggedLatencySimulation.Result result = new TaggedLatencySimulation(1, 3, 0.02, RUNS)
                .simulate(EventHandlerCapacityNet.build(new CapacityConfiguration(2, 4, 2, 1, 1), stages, 1),
                        EventHandlerCapacityNet.TAG_DONE);
        final double[] acceptCdf = new double[result.latency().size()];
        for (int i = 0; i < acceptCdf.length; i++) {
            acceptCdf[i] = accept.cdf(i * 0.02);
        }
        final LatencyDistribution expected = new LatencyDistribution(0.02, acceptCdf).plus(new Erlang(2, 20));
        for (int i = 0; i < expected.size(); i += 10) {
            assertEquals(expected.cdfAt(i), result.latency().cdfAt(i), 4 * Math.sqrt(0.25 / RUNS), "at " + i * 0.02);
        }
    }

    @Tag("long") // two loaded simulations: 8-10 s
    @Test
    void aLoadedSingleCoreWithOneDeliveryWorkerHasALongerTail() {
        final CapacityConfiguration wide = new CapacityConfiguration(2, 4, 4, 2500, 4);
        final CapacityConfiguration narrow = new CapacityConfiguration(1, 4, 1, 2500, 4);
        final TaggedLatencySimulation simulation = new TaggedLatencySimulation(5, 6, 0.02, 500);
        final TaggedLatencySimulation.Result wideResult = simulation.simulate(
                EventHandlerCapacityNet.build(wide, STAGES, 5), EventHandlerCapacityNet.TAG_DONE);
        final TaggedLatencySimulation.Result narrowResult = simulation.simulate(
                EventHandlerCapacityNet.build(narrow, STAGES, 5), EventHandlerCapacityNet.TAG_DONE);
        assertTrue(narrowResult.latency().quantile(0.9) > 1.5 * wideResult.latency().quantile(0.9),
                "p90 " + narrowResult.latency().quantile(0.9) + " vs " + wideResult.latency().quantile(0.9));
    }
}
