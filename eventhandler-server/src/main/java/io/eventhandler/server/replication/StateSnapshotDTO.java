package io.eventhandler.server.replication;

import io.eventhandler.api.engine.OperatorGraphDTO;
import io.eventhandler.api.qos.TopicQosDTO;

import java.util.List;
import java.util.Map;

/**
 * What the backup needs besides replicas to serve at once after a take-over: every webhook subscription, every
 * topic's configured QoS and the operator graph. Sent whole at the start of a session and after every change
 * (changes are rare).
 */
public record StateSnapshotDTO(List<MirroredSubscriptionDTO> subscriptions, Map<String, TopicQosDTO> qos,
                               OperatorGraphDTO graph) {
}
