package io.eventhandler.core.engine.operator;

import java.util.Map;
import java.util.Set;

/**
 * Makes {@code concat} operators (see {@link ConcatOperator}). Parameter: optional {@code separator}, default
 * {@code ","}, taken verbatim (may be empty or whitespace). One or more inputs.
 */
public final class ConcatOperatorFactory implements OperatorFactory {

    /** The type name. */
    public static final String TYPE = "concat";

    static final String DEFAULT_SEPARATOR = ",";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Operator create(final Map<String, String> parameters, final int inputCount) {
        if (inputCount < 1) {
            throw new IllegalArgumentException(TYPE + " takes at least 1 input, " + inputCount + " declared");
        }
        Parameters.of(TYPE, parameters, Set.of("separator"));
        // read directly: an empty or blank separator is a legitimate choice, not a missing parameter
        final String separator = parameters == null ? null : parameters.get("separator");
        return new ConcatOperator(separator == null ? DEFAULT_SEPARATOR : separator);
    }
}
