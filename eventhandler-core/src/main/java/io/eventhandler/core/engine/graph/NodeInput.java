package io.eventhandler.core.engine.graph;

/**
 * One resolved input of an operator: either a supplier topic (normalised) or an upstream operator.
 *
 * @param written  the input as written in the configuration (relative validity sets name inputs this way)
 * @param topic    the normalised supplier topic, or null
 * @param operator the upstream operator's index in {@link OperatorGraph#nodes()}, or -1
 */
public record NodeInput(String written, String topic, int operator) {

    /** Whether the input is a supplier topic rather than an upstream operator. */
    public boolean isTopic() {
        return topic != null;
    }
}
