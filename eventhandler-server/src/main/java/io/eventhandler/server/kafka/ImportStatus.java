package io.eventhandler.server.kafka;

import java.util.List;

/**
 * The import on the status page and in the metrics.
 *
 * @param kafkaTopics the topics consumed
 * @param consuming   whether this instance consumes now (false: it does not serve, or Kafka is unreachable)
 * @param accepted    records published and accepted
 * @param refused     records refused for good (skipped, each logged)
 * @param retried     attempts answered "not now" (429, 503, no answer), read again
 * @param lastOffset  the last offset committed (-1: none in this run)
 * @param lag         records in the assigned partitions not consumed yet (-1: unknown)
 */
public record ImportStatus(List<String> kafkaTopics, boolean consuming, long accepted, long refused, long retried,
                           long lastOffset, long lag) {
}
