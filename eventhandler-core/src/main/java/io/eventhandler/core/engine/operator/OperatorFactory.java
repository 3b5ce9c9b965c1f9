package io.eventhandler.core.engine.operator;

import java.util.Map;

/**
 * Makes operators of one type from their parameters. Built-in types and user-written ones (found with
 * {@link java.util.ServiceLoader} under {@code META-INF/services/io.eventhandler.core.engine.operator.OperatorFactory})
 * are looked up by {@link #type()}.
 */
public interface OperatorFactory {

    /** The type name used in graph configurations, e.g. {@code fft}; lower case, unique. */
    String type();

    /**
     * A new instance for one graph node.
     *
     * @param parameters the node's parameters as configured (all text)
     * @param inputCount how many inputs the node declares
     * @throws IllegalArgumentException with a message naming the bad or missing parameter, or the wrong input count
     */
    Operator create(Map<String, String> parameters, int inputCount);
}
