package io.eventhandler.api.engine;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * One node of an operator graph.
 *
 * @param id               unique name
 * @param type             operator type, e.g. {@code fft}
 * @param inputs           in order: {@code topic:<EVENT TYPE>} for a published topic, or another node's id
 * @param parameters       the operator's parameters
 * @param outputTopic      the derived topic its results are published to, or absent for an internal node
 * @param priority         consumer priority of {@code outputTopic}, higher is more urgent
 * @param relativeValidity relative validity sets over its inputs
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OperatorDTO(String id, String type, List<String> inputs, Map<String, String> parameters,
                          String outputTopic, Integer priority, List<RelativeValidityDTO> relativeValidity) {
}
