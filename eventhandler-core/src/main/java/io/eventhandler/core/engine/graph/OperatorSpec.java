package io.eventhandler.core.engine.graph;

import java.util.List;
import java.util.Map;

/**
 * One operator of a graph configuration, as written by the domain expert (not yet validated).
 *
 * @param id               unique name of the node
 * @param type             operator type ({@code ekf}, {@code fft}, {@code concat}, {@code aes-gcm}, {@code threshold},
 *                         {@code moving-average}, or a plug-in's)
 * @param inputs           in order: {@code topic:<EVENT TYPE>} for a supplier topic, or another operator's id
 * @param parameters       the operator's parameters
 * @param outputTopic      the derived topic its results are published to (consumer-facing), or null for an internal
 *                         operator
 * @param priority         consumer priority of {@code outputTopic} (higher is more urgent), or null; required when
 *                         {@code outputTopic} is given
 * @param relativeValidity relative validity sets over some of its inputs
 */
public record OperatorSpec(String id, String type, List<String> inputs, Map<String, String> parameters,
                           String outputTopic, Integer priority, List<RelativeValiditySpec> relativeValidity) {

    /** How an input names a supplier topic. */
    public static final String TOPIC_PREFIX = "topic:";

    public OperatorSpec {
        inputs = inputs == null ? List.of() : List.copyOf(inputs);
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        relativeValidity = relativeValidity == null ? List.of() : List.copyOf(relativeValidity);
    }
}
