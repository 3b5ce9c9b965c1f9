package io.eventhandler.server.replication;

import java.util.Map;

/**
 * One replica on the wire: the event as published and the number the primary gave it.
 *
 * @param createdMicros the creation time t_c, epoch microseconds, that the recovery deadlines are anchored to
 */
public record ReplicaDTO(String topic, long sequence, String eventType, String sourceName, String sourceAddress,
                         int sourcePort, Map<String, String> metaData, String payload, String timeStamp,
                         long createdMicros) {
}
