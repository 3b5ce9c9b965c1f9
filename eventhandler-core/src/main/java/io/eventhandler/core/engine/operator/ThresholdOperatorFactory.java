package io.eventhandler.core.engine.operator;

import java.util.Map;
import java.util.Set;

/**
 * Makes {@code threshold} operators (see {@link ThresholdOperator}). Parameters: {@code op}, one of {@code >},
 * {@code >=}, {@code <}, {@code <=}; {@code value}, a decimal number; optional {@code index}, the sample compared
 * (from 0, default 0). One input.
 */
public final class ThresholdOperatorFactory implements OperatorFactory {

    /** The type name. */
    public static final String TYPE = "threshold";

    private static final Set<String> PARAMETERS = Set.of("op", "value", "index");

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Operator create(final Map<String, String> parameters, final int inputCount) {
        Parameters.requireInputs(TYPE, inputCount, 1);
        final Parameters p = Parameters.of(TYPE, parameters, PARAMETERS);
        final String op = p.text("op");
        final ThresholdOperator.Comparison comparison = ThresholdOperator.Comparison.of(op);
        if (comparison == null) {
            throw p.invalid("op", "must be one of >, >=, <, <=; got '" + op + "'");
        }
        return new ThresholdOperator(comparison, p.number("value"), p.integer("index", 0, 0));
    }
}
