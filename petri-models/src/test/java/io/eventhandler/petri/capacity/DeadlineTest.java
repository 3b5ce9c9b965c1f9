package io.eventhandler.petri.capacity;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DeadlineTest {

    /** A curve at rates 1,000, 2,000, ... with these p99s (ms), its interval ±10 %. */
    private static List<RatePoint> curve(final double... p99s) {
        final List<RatePoint> points = new ArrayList<>();
        for (int i = 0; i < p99s.length; i++) {
            points.add(new RatePoint(1000.0 * (i + 1), (i + 1) / 10.0, new double[0], new Interval(0.1, 0.1, 0.1),
                    new Interval(p99s[i], 0.9 * p99s[i], 1.1 * p99s[i])));
        }
        return points;
    }

    @Test
    void theCrossingIsInterpolatedBetweenTheRatesAroundIt() {
        final Interval rate = Deadline.maxRate(curve(1, 1, 2, 4, 8), 3, 6000);
        assertEquals(3500, rate.value(), 1e-9);
        assertEquals(true, rate.low() < rate.value() && rate.high() > rate.value());
    }

    @Test
    void aSlowLightLoadDoesNotHideTheRatesUnderTheDeadlineAboveIt() {
        // the wake-up regime: over the deadline at 1,000/s, under it from 2,000/s to 4,000/s
        assertEquals(4500, Deadline.maxRate(curve(9, 2, 2, 2, 8), 5, 6000).value(), 1e-9);
    }

    @Test
    void aCurveUnderTheDeadlineEverywhereAnswersTheSaturationAndOneNeverUnderItZero() {
        assertEquals(6000, Deadline.maxRate(curve(1, 1, 1), 5, 6000).value());
        assertEquals(0, Deadline.maxRate(curve(9, 9, 9), 5, 6000).value());
    }
}
