package io.eventhandler.petri.capacity;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The highest rate whose p99 stays under a deadline: where the curve last crosses it on the way up, interpolated
 * between the two rates around the crossing (a curve over the deadline at light load and under it higher up, as in
 * a wake-up regime, answers with the higher rate). Its interval comes from the p99 interval's upper curve (a lower
 * rate) and lower curve (a higher rate). A curve that never crosses gives the configuration's saturation, one
 * never under the deadline gives 0.
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
        // from the top down: the first point under the deadline, and the one above it that is over
        for (int i = curve.size() - 1; i >= 0; i--) {
            final RatePoint point = curve.get(i);
            if (p99.applyAsDouble(point) <= deadline) {
                if (i == curve.size() - 1) {
                    return saturation;
                }
                final RatePoint over = curve.get(i + 1);
                final double value = p99.applyAsDouble(over);
                return Double.isFinite(value)
                        ? Statistics.between(deadline, p99.applyAsDouble(point), point.rate(), value, over.rate())
                        : point.rate();
            }
        }
        return 0;
    }
}
