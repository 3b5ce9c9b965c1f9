package io.eventhandler.core.engine.operator;

import java.util.List;
import java.util.Optional;

/**
 * {@code moving-average}: the mean of the last {@code window} scalars, the scalar of an input being the first sample
 * of its payload. Emits {@code "mean"} on every invocation, or (when {@code onlyWhenFull}) only once
 * {@code window} scalars have arrived. Stateful, so not thread-safe.
 */
final class MovingAverageOperator implements Operator {

    private final double[] ring;
    private final boolean onlyWhenFull;
    private int next;
    private int count;
    private double sum;

    MovingAverageOperator(final int window, final boolean onlyWhenFull) {
        this.ring = new double[window];
        this.onlyWhenFull = onlyWhenFull;
    }

    @Override
    public Optional<String> apply(final List<String> inputs) {
        final double scalar = Samples.sample(inputs.get(0), 0);
        if (count == ring.length) {
            sum -= ring[next];
        } else {
            count++;
        }
        ring[next] = scalar;
        sum += scalar;
        next = (next + 1) % ring.length;
        if (next == 0) {
            // a running sum drifts by rounding; summing afresh once per lap bounds the drift
            sum = 0;
            for (int i = 0; i < count; i++) {
                sum += ring[i];
            }
        }
        if (onlyWhenFull && count < ring.length) {
            return Optional.empty();
        }
        return Optional.of(Samples.format(sum / count));
    }

    @Override
    public boolean threadSafe() {
        return false;
    }
}
