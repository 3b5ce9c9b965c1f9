package io.eventhandler.core.engine.operator;

import java.util.List;
import java.util.Optional;

/**
 * {@code ekf}: tracks a target from range-bearing measurements with a {@link RangeBearingEkf}. Input: one payload
 * {@code "r,θ"} (m, rad); output: the estimate {@code "x,y,vx,vy"} after taking it. Stateful, so not thread-safe: the
 * paper likewise gives each EKF operator its own filter object.
 */
final class EkfOperator implements Operator {

    private final RangeBearingEkf filter;
    private final double[] state = new double[4];

    EkfOperator(final RangeBearingEkf filter) {
        this.filter = filter;
    }

    @Override
    public Optional<String> apply(final List<String> inputs) {
        final double[] measurement = Samples.parse(inputs.get(0));
        if (measurement.length != 2) {
            throw new IllegalArgumentException("ekf expects 2 samples (range, bearing), got " + measurement.length);
        }
        if (measurement[0] < 0) {
            throw new IllegalArgumentException("ekf: range must not be negative, got " + measurement[0]);
        }
        filter.step(measurement[0], measurement[1]);
        return Optional.of(Samples.format(filter.state(state)));
    }

    @Override
    public boolean threadSafe() {
        return false;
    }
}
