package io.eventhandler.petri.capacity;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The highest rate whose p99 stays under a deadline: where the curve first crosses it, interpolated between the
 * two rates around the crossing. Its interval comes from the p99 interval's upper curve (a lower rate) and lower
 * curve (a higher rate). A curve that never crosses gives the configuration's saturation.
 */
final class Deadline {

    private Deadline() {
    }

    static Interval maxRate(final List<RatePoint> curve, final double deadlineMs, final double saturation) {
        return new Interval(crossing(curve, p -> p.p99().value(), deadlineMs, saturation),
                crossing(curve, p -> p.p99().high(), deadlineMs, saturation),
                crossing(curve, p -> p.p99().low(), deadlineMs, saturation));
    }

    private static double crossing(final List<RatePoint> curve, final ToDoubleFunction<RatePoint> p99,
                                   final double deadline, final double saturation) {
        RatePoint previous = null;
        for (final RatePoint point : curve) {
            final double value = p99.applyAsDouble(point);
            if (!(value <= deadline)) {
                if (previous == null) {
                    return 0;
                }
                final double before = p99.applyAsDouble(previous);
                return Double.isFinite(value)
                        ? Statistics.between(deadline, before, previous.rate(), value, point.rate())
                        : previous.rate();
            }
            previous = point;
        }
        return saturation;
    }
}
