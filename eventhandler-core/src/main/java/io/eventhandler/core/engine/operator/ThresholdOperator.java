package io.eventhandler.core.engine.operator;

import java.util.List;
import java.util.Optional;

/**
 * {@code threshold}: a filter. Passes its one input unchanged when the sample at {@code index} compares to
 * {@code value} by the comparison, else emits nothing. Only the samples up to {@code index} are read. Stateless, so
 * thread-safe.
 */
final class ThresholdOperator implements Operator {

    /** The comparisons, by their configuration symbol. */
    enum Comparison {
        GREATER(">"), GREATER_OR_EQUAL(">="), LESS("<"), LESS_OR_EQUAL("<=");

        final String symbol;

        Comparison(final String symbol) {
            this.symbol = symbol;
        }

        boolean test(final double sample, final double value) {
            return switch (this) {
                case GREATER -> sample > value;
                case GREATER_OR_EQUAL -> sample >= value;
                case LESS -> sample < value;
                case LESS_OR_EQUAL -> sample <= value;
            };
        }

        /** The comparison written as {@code symbol}, or null. */
        static Comparison of(final String symbol) {
            for (Comparison c : values()) {
                if (c.symbol.equals(symbol)) {
                    return c;
                }
            }
            return null;
        }
    }

    private final Comparison comparison;
    private final double value;
    private final int index;

    ThresholdOperator(final Comparison comparison, final double value, final int index) {
        this.comparison = comparison;
        this.value = value;
        this.index = index;
    }

    @Override
    public Optional<String> apply(final List<String> inputs) {
        final String payload = inputs.get(0);
        return comparison.test(Samples.sample(payload, index), value) ? Optional.of(payload) : Optional.empty();
    }
}
