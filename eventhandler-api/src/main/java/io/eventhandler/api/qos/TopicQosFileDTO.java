package io.eventhandler.api.qos;

import java.util.Map;

/**
 * The file named by {@code eh.qos.topics}: every topic's requirements, by event type.
 *
 * @param topics QoS by event type (any case)
 */
public record TopicQosFileDTO(Map<String, TopicQosDTO> topics) {
}
