package io.eventhandler.server.observability;

import io.eventhandler.core.delivery.accounting.DeliveryStatistics;
import io.eventhandler.core.topic.TopicSnapshot;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the status page shows, one JSON object per tick of {@code /eventhandler/status/stream}. Rates are left to the
 * page (the difference of two ticks), so the server only copies counters it has.
 *
 * @param timeMillis  when it was taken (epoch ms)
 * @param role        STANDALONE, PRIMARY or BACKUP
 * @param epoch       the pair's epoch
 * @param serving     whether this instance serves publishers and subscribers
 * @param subscribers subscribers attached
 * @param jobsQueued  EDF job queue depth
 * @param topics      per topic, by name
 */
public record StatusSnapshot(long timeMillis, String role, long epoch, boolean serving, int subscribers,
                             long jobsQueued, List<Topic> topics) {

    /**
     * One topic's line.
     *
     * @param accepted       events accepted
     * @param subscribers    subscribers attached
     * @param delivered      deliveries
     * @param dropped        events that never reached a subscriber
     * @param deadlineMissed deliveries after the deadline
     * @param p50Ms          median end-to-end latency, ms
     * @param p99Ms          99th percentile, ms
     */
    public record Topic(String topic, long accepted, int subscribers, long delivered, long dropped,
                        long deadlineMissed, double p50Ms, double p99Ms) {
    }

    static StatusSnapshot of(final ObservedState.Sample sample, final long timeMillis) {
        final Map<String, DeliveryStatistics> deliveries = sample.delivery().topics();
        final List<Topic> topics = new ArrayList<>();
        for (final TopicSnapshot topic : sample.topics()) {
            final DeliveryStatistics d = deliveries.get(topic.topic());
            topics.add(d == null
                    ? new Topic(topic.topic(), topic.accepted(), topic.subscribers(), 0, 0, 0, 0, 0)
                    : new Topic(topic.topic(), topic.accepted(), topic.subscribers(), d.delivered(), d.dropped(),
                            d.deadlineMissed(), d.latency().p50Micros() / 1e3, d.latency().p99Micros() / 1e3));
        }
        topics.sort((a, b) -> a.topic().compareTo(b.topic()));
        return new StatusSnapshot(timeMillis, sample.replication().role(), sample.replication().epoch(),
                sample.replication().serving(), sample.subscribers().size(), sample.delivery().queue().depth(),
                topics);
    }
}
