package io.eventhandler.core.engine.graph;

import io.eventhandler.core.engine.operator.Operator;

import java.util.List;
import java.util.Optional;

/**
 * One validated node: its operator instance, resolved inputs, successors and propagated priority. Immutable.
 *
 * @param index            position in {@link OperatorGraph#nodes()} (a topological order)
 * @param id               the configured id
 * @param type             the operator type
 * @param operator         the instance made for this node by its factory
 * @param inputs           resolved inputs, in configured order
 * @param outputTopic      the normalised derived topic, or null for an internal operator
 * @param consumerPriority the configured consumer priority of {@code outputTopic}, or null
 * @param priority         the propagated priority (see {@link OperatorGraph})
 * @param level            index of {@code priority} in {@link OperatorGraph#levels()}; 0 is the highest
 * @param relativeValidity the operator's relative validity sets
 * @param downstream       the operators fed by this one's output
 */
public record OperatorNode(int index, String id, String type, Operator operator, List<NodeInput> inputs,
                           String outputTopic, Integer consumerPriority, int priority, int level,
                           List<RelativeValiditySet> relativeValidity, List<Edge> downstream) {

    public OperatorNode {
        inputs = List.copyOf(inputs);
        relativeValidity = List.copyOf(relativeValidity);
        downstream = List.copyOf(downstream);
    }

    /** The derived topic, when consumers subscribe to this operator's output. */
    public Optional<String> output() {
        return Optional.ofNullable(outputTopic);
    }
}
