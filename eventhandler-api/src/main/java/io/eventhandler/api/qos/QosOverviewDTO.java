package io.eventhandler.api.qos;

import java.util.List;

/**
 * {@code GET /eventhandler/mgmt/qos}: the scheduling, the latencies in force and every topic's delivery.
 *
 * @param policy       {@code EDF} or {@code FCFS}
 * @param replication  {@code SELECTIVE} (Proposition 1) or {@code ALL}
 * @param latencies    the latencies admission and deadlines use
 * @param defaultTopic what a topic without QoS or requests gets
 * @param topics       the topics with a QoS or a subscriber's request
 */
public record QosOverviewDTO(String policy, String replication, LatenciesDTO latencies, TopicDeliveryDTO defaultTopic,
                             List<TopicDeliveryDTO> topics) {

    /**
     * @param publisherToBrokerMs   Δ_PB lower bound (each event uses its measured one when larger)
     * @param edgeSubscriberMs      Δ_BS for edge topics
     * @param cloudSubscriberMs     Δ_BS for cloud topics
     * @param brokerToBackupMs      Δ_BB
     * @param failoverMs            x, from a broker crash until publishers send to the backup
     */
    public record LatenciesDTO(double publisherToBrokerMs, double edgeSubscriberMs, double cloudSubscriberMs,
                               double brokerToBackupMs, double failoverMs) {
    }
}
