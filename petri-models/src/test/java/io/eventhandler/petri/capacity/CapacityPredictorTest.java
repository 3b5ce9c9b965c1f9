package io.eventhandler.petri.capacity;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CapacityPredictorTest {

    private static final double SATURATION = 16_000;

    @Test
    void poolsThatNeedLittleCoreTimeLeaveTheSaturationToTheCores() {
        final CapacityPredictor predictor = new CapacityPredictor(TestModels.calibrated(SATURATION, 30, 20));
        for (final Pools pools : List.of(new Pools(1, 1), new Pools(2, 2), new Pools(4, 4))) {
            final CapacityPredictor.Limit limit = predictor.saturation(pools);
            assertEquals(SATURATION, limit.rate().value(), 1, pools.toString());
            assertEquals("cores", limit.by());
            assertTrue(limit.rate().low() < SATURATION && limit.rate().high() > SATURATION, "the runs' spread");
        }
    }

    @Test
    void aSinglePoolThreadSaturatesWhenItsCoreTimeFillsIt() {
        // 100 µs of a worker's core time per event: one worker takes at most 10,000/s
        final CapacityPredictor predictor = new CapacityPredictor(TestModels.calibrated(SATURATION, 100, 20));
        final CapacityPredictor.Limit one = predictor.saturation(new Pools(1, 2));
        assertEquals(10_000, one.rate().value(), 10);
        assertEquals("worker pool", one.by());
        assertEquals(SATURATION, predictor.saturation(new Pools(2, 2)).rate().value(), 1);
    }

    @Test
    void theCalibratedPoolsAnswerWithTheMeasuredCurve() {
        final CapacityModel model = TestModels.calibrated(SATURATION, 30, 20);
        final CapacityPredictor predictor = new CapacityPredictor(model);
        final RateStep measured = model.servers().get(0).measured().get(3);
        final RatePoint point = predictor.at(new Pools(2, 2), measured.rate());
        assertEquals(measured.p99(), point.p99().value(), 1e-9);
        assertEquals(measured.p50(), point.p50().value(), 1e-9);
        assertTrue(point.p99().low() < point.p99().value() && point.p99().high() > point.p99().value());
    }

    @Test
    void fewerThreadsWaitLongerAndTheWaitGrowsWithTheRate() {
        final CapacityPredictor predictor = new CapacityPredictor(TestModels.calibrated(SATURATION, 40, 30));
        final double rate = 0.7 * SATURATION;
        final double calibrated = predictor.at(new Pools(2, 2), rate).p99().value();
        final double single = predictor.at(new Pools(1, 1), rate).p99().value();
        assertTrue(single > calibrated, "1x1 " + single + " ms against 2x2 " + calibrated + " ms");
        final double lighter = predictor.at(new Pools(1, 1), 0.3 * SATURATION).p99().value()
                - predictor.at(new Pools(2, 2), 0.3 * SATURATION).p99().value();
        assertTrue(single - calibrated > lighter, "the extra wait grows with the load");
    }

    @Test
    void theAnswerNamesTheHighestRateUnderTheDeadlineAndARecommendation() {
        final CapacityPredictor predictor = new CapacityPredictor(TestModels.calibrated(SATURATION, 40, 30));
        final CapacityAnswer answer = predictor.answer(List.of(new Pools(1, 1), new Pools(2, 2)), 0.5);
        for (final ConfigurationAnswer configuration : answer.configurations()) {
            assertNotNull(configuration.maxRateUnderDeadline(), configuration.pools().toString());
            final double rate = configuration.maxRateUnderDeadline().value();
            assertTrue(predictor.at(configuration.pools(), rate * 0.99).p99().value() <= 0.5 + 1e-6);
            assertTrue(rate < configuration.saturation().value());
        }
        assertEquals(new Pools(2, 2), answer.recommended().pools());
        assertFalse(answer.limits().isEmpty(), "it says where it is weak");
    }

    @Test
    void aPoolRunsNoMoreThreadsAtOnceThanTheCores() {
        // 2 cores: 4 threads of a pool serve no faster than 2, so 4x4 waits as long as 2x2 (no cost per thread)
        final CapacityPredictor predictor = new CapacityPredictor(TestModels.calibrated(SATURATION, 40, 30));
        final double rate = 0.7 * SATURATION;
        assertEquals(predictor.at(new Pools(2, 2), rate).p99().value(),
                predictor.at(new Pools(4, 4), rate).p99().value(), 1e-9);
    }

    @Test
    void withACostPerThreadBeyondTheCoresMorePoolThreadsSaturateLower() {
        final CapacityPredictor predictor = new CapacityPredictor(TestModels.calibrated(SATURATION, 30, 20), 0.1);
        assertEquals(SATURATION, predictor.saturation(new Pools(1, 1)).rate().value(), 1);
        assertEquals(SATURATION, predictor.saturation(new Pools(2, 2)).rate().value(), 1);
        assertEquals(SATURATION / 1.2, predictor.saturation(new Pools(4, 1)).rate().value(), 1);
        final CapacityPredictor.Limit four = predictor.saturation(new Pools(4, 4));
        assertEquals(SATURATION / 1.4, four.rate().value(), 1);
        assertEquals("cores", four.by());
        assertTrue(four.rate().low() < four.rate().value() && four.rate().high() > four.rate().value());
    }

    @Test
    void withACostPerThreadBeyondTheCoresARateLoadsTheCoresAsAHigherOneDidInCalibration() {
        final CapacityPredictor predictor = new CapacityPredictor(TestModels.calibrated(SATURATION, 40, 30), 0.1);
        final double rate = 0.5 * SATURATION;
        final RatePoint four = predictor.at(new Pools(4, 4), rate);
        assertEquals(predictor.at(new Pools(2, 2), 1.4 * rate).p99().value(), four.p99().value(), 1e-9);
        assertEquals(1.4 * 0.5, four.fraction(), 1e-9);
        assertTrue(four.p99().value() > predictor.at(new Pools(2, 2), rate).p99().value());
    }

    @Test
    void pastTheSaturationThereIsNoLatency() {
        final CapacityPredictor predictor = new CapacityPredictor(TestModels.calibrated(SATURATION, 30, 20));
        assertTrue(Double.isInfinite(predictor.at(new Pools(2, 2), 1.01 * SATURATION).p99().value()));
    }
}
