package io.eventhandler.petri.net;

import io.eventhandler.petri.analysis.PlaceProbabilities;
import io.eventhandler.petri.analysis.RegenerativeTransient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static io.eventhandler.petri.net.IntracloudOrchestrationNet.CONSUMER_BEGIN;
import static io.eventhandler.petri.net.IntracloudOrchestrationNet.CONSUMER_END;
import static io.eventhandler.petri.net.IntracloudOrchestrationNet.ORCHESTRATOR_PRE_SR;
import static io.eventhandler.petri.net.IntracloudOrchestrationNet.SR_PRE_QUERY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The thesis' intracloud net (§6.1.2, Fig. 6.5) analysed with RegTransient reproduces its reported figures.
 * Tolerances: ±0.01 on probabilities (the thesis reads them off a plot, to three digits), ±1 ms on instants
 * (the grid is 0.5 ms; the thesis gives two decimals).
 */
class IntracloudOrchestrationNetTest {

    private static PlaceProbabilities result;

    @BeforeAll
    static void analyse() {
        result = new RegenerativeTransient(500, 0.5).analyse(IntracloudOrchestrationNet.build());
    }

    @Test
    void consumerEndIs0443At258ms() {
        assertEquals(0.443, result.at(CONSUMER_END, 258), 0.015);
    }

    @Test
    void consumerEndReachesOneBy448_6ms() {
        assertTrue(result.at(CONSUMER_END, 448.6) > 0.999, "P(Consumer_End) at 448.6 ms");
        assertTrue(result.at(CONSUMER_END, 380) < 0.995, "not already ≈1 well before: the figure is informative");
    }

    @Test
    void orchestratorPreSrPeaksAt35_1ms() {
        assertEquals(35.10, result.peakTime(ORCHESTRATOR_PRE_SR), 1.0);
    }

    @Test
    void consumerBeginAndServiceRegistryPreQueryCross3_9msAfterThatPeak() {
        assertEquals(35.10 + 3.9, result.crossing(CONSUMER_BEGIN, SR_PRE_QUERY, 0), 1.5);
    }

    @Test
    void probabilitiesSumToOne() {
        for (double t = 0; t <= 500; t += 25) {
            double sum = 0;
            for (final String place : result.places()) {
                sum += result.at(place, t);
            }
            assertEquals(1, sum, 1e-6, "at " + t);
        }
    }
}
