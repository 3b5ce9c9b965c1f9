package io.eventhandler.api.qos;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A topic's real-time requirements (FRAME), in the topics file and the management API. Times in milliseconds
 * (decimals allowed, down to 0.001).
 *
 * @param periodMs      T: the least time between two events of the topic; null for sporadic (no bound)
 * @param deadlineMs    D: end-to-end deadline, creation to subscriber
 * @param lossTolerance L: consecutive losses a subscriber tolerates; null for best effort
 * @param retention     N: events each publisher keeps and resends to the backup after a failover (default 0)
 * @param destination   {@code EDGE} (default) or {@code CLOUD}: which broker-to-subscriber latency applies
 * @param priority      informative priority, higher is more important (default 0)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TopicQosDTO(Double periodMs, Double deadlineMs, Integer lossTolerance, Integer retention,
                          String destination, Integer priority) {
}
