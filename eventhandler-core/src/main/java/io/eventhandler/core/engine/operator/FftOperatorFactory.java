package io.eventhandler.core.engine.operator;

import java.util.Map;
import java.util.Set;

/** Makes {@code fft} operators (see {@link FftOperator}). No parameters; one input. */
public final class FftOperatorFactory implements OperatorFactory {

    /** The type name. */
    public static final String TYPE = "fft";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Operator create(final Map<String, String> parameters, final int inputCount) {
        Parameters.requireInputs(TYPE, inputCount, 1);
        Parameters.of(TYPE, parameters, Set.of());
        return new FftOperator();
    }
}
