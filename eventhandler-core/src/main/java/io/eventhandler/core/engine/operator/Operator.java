package io.eventhandler.core.engine.operator;

import java.util.List;
import java.util.Optional;

/**
 * One node's computation. Payloads are the events' text payloads (Arrowhead's {@code payload} is a string); numeric
 * operators read and write them with {@link Samples}.
 */
public interface Operator {

    /**
     * Computes the output of one invocation.
     *
     * @param inputs one payload per declared input, in the declared order
     * @return the output payload, or empty when this invocation emits nothing (a filter that rejects)
     * @throws IllegalArgumentException if an input cannot be read (counted by the engine, the invocation emits
     *                                  nothing)
     */
    Optional<String> apply(List<String> inputs);

    /**
     * Whether one instance may run on several threads at once. A stateful operator (a Kalman filter, a moving
     * average) says no, and the engine never invokes the same instance concurrently.
     */
    default boolean threadSafe() {
        return true;
    }
}
