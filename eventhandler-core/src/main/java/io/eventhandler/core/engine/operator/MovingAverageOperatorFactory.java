package io.eventhandler.core.engine.operator;

import java.util.Map;
import java.util.Set;

/**
 * Makes {@code moving-average} operators (see {@link MovingAverageOperator}). Parameters: {@code window}, the number
 * of scalars averaged (1 to {@value #MAX_WINDOW}); optional {@code emit}, {@code always} (default: the mean of what has arrived so far)
 * or {@code full} (nothing until the window is full). One input.
 */
public final class MovingAverageOperatorFactory implements OperatorFactory {

    /** The type name. */
    public static final String TYPE = "moving-average";

    /**
     * The window is allocated when the graph is loaded: a bound keeps a graph document (one management request)
     * from asking for gigabytes.
     */
    public static final int MAX_WINDOW = 10_000;

    private static final Set<String> PARAMETERS = Set.of("window", "emit");

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Operator create(final Map<String, String> parameters, final int inputCount) {
        Parameters.requireInputs(TYPE, inputCount, 1);
        final Parameters p = Parameters.of(TYPE, parameters, PARAMETERS);
        final int window = p.integer("window", 1);
        if (window > MAX_WINDOW) {
            throw p.invalid("window", "must be at most " + MAX_WINDOW + ", got " + window);
        }
        final String emit = p.text("emit", "always");
        if (!emit.equals("always") && !emit.equals("full")) {
            throw p.invalid("emit", "must be 'always' or 'full', got '" + emit + "'");
        }
        return new MovingAverageOperator(window, emit.equals("full"));
    }
}
