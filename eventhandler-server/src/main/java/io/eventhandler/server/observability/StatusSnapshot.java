package io.eventhandler.server.observability;

import io.eventhandler.core.broker.Disconnect;
import io.eventhandler.core.delivery.accounting.DeliveryStatistics;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.core.topic.TopicSnapshot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What the status page shows, one JSON object per tick of {@code /eventhandler/status/stream}. Rates and the charts
 * over time are left to the page (differences of successive ticks), so the server only copies counters it has.
 *
 * @param timeMillis      when it was taken (epoch ms): the page shows the age of its data from it
 * @param role            STANDALONE, PRIMARY or BACKUP
 * @param epoch           the pair's epoch
 * @param serving         whether this instance serves publishers and subscribers
 * @param subscriberCount subscribers attached
 * @param jobsQueued      EDF job queue depth
 * @param queued          items waiting in all subscribers' queues
 * @param queuedMax       items waiting in the fullest one
 * @param topics          per topic, by name
 * @param subscribers     the attached subscribers, worst first, at most {@value #MAX_SUBSCRIBERS}
 * @param disconnects     subscribers detached so far, by reason
 * @param recentDisconnects the last ones detached, newest first
 * @param pair            the replication panel
 * @param engine          the engine panel
 */
public record StatusSnapshot(long timeMillis, String role, long epoch, boolean serving, int subscriberCount,
                             long jobsQueued, long queued, int queuedMax, List<Topic> topics,
                             List<SubscriberStatus> subscribers, Map<CloseReason, Long> disconnects,
                             List<Disconnect> recentDisconnects, PairStatus pair, EngineStatus engine) {

    /** Lines of the subscriber table sent each second: the worst; the count says how many there are. */
    static final int MAX_SUBSCRIBERS = 200;

    /**
     * Worst first: stalled, then with an open circuit, then by events lost, then by the age of the oldest waiting
     * event, then by how full the queue is.
     */
    static final Comparator<SubscriberStatus> WORST_FIRST = Comparator
            .comparing(SubscriberStatus::stalled).reversed()
            .thenComparing(s -> !"CLOSED".equals(s.circuit()) && !s.circuit().isEmpty(), Comparator.reverseOrder())
            .thenComparing(s -> s.dropped() + s.failed(), Comparator.reverseOrder())
            .thenComparing(SubscriberStatus::oldestMs, Comparator.reverseOrder())
            .thenComparing(s -> (double) s.pending() / s.capacity(), Comparator.reverseOrder())
            .thenComparingLong(SubscriberStatus::id);

    /**
     * One topic's line and chart points.
     *
     * @param accepted       events accepted
     * @param subscribers    subscribers attached
     * @param delivered      deliveries
     * @param dropped        events that never reached a subscriber
     * @param deadlineMissed deliveries after the deadline
     * @param fromHistory    events replayed from the history to late subscribers (no deadline applies)
     * @param p50Ms          median end-to-end latency, ms
     * @param p99Ms          99th percentile, ms
     */
    public record Topic(String topic, long accepted, int subscribers, long delivered, long dropped,
                        long deadlineMissed, long fromHistory, double p50Ms, double p99Ms) {
    }

    static StatusSnapshot of(final ObservedState state, final ObservedState.Sample sample, final long timeMillis) {
        final long now = System.nanoTime();
        final List<SubscriberStatus> subscribers = new ArrayList<>();
        long queued = 0;
        int queuedMax = 0;
        for (final SubscriberOutbox outbox : state.broker().outboxes()) {
            final SubscriberStatus status = SubscriberStatus.of(outbox, now);
            subscribers.add(status);
            queued += status.pending();
            queuedMax = Math.max(queuedMax, status.pending());
        }
        subscribers.sort(WORST_FIRST);
        return new StatusSnapshot(timeMillis, sample.replication().role(), sample.replication().epoch(),
                sample.replication().serving(), subscribers.size(), sample.delivery().queue().depth(), queued,
                queuedMax, topics(sample), List.copyOf(subscribers.subList(0, Math.min(MAX_SUBSCRIBERS,
                        subscribers.size()))), sample.disconnects(), state.broker().recentDisconnects(),
                PairStatus.of(sample.replication()), EngineStatus.of(state.engine().statistics()));
    }

    private static List<Topic> topics(final ObservedState.Sample sample) {
        final Map<String, DeliveryStatistics> deliveries = sample.delivery().topics();
        final List<Topic> topics = new ArrayList<>();
        for (final TopicSnapshot topic : sample.topics()) {
            final DeliveryStatistics d = deliveries.get(topic.topic());
            topics.add(d == null
                    ? new Topic(topic.topic(), topic.accepted(), topic.subscribers(), 0, 0, 0, 0, 0, 0)
                    : new Topic(topic.topic(), topic.accepted(), topic.subscribers(), d.delivered(), d.dropped(),
                            d.deadlineMissed(), d.fromHistory(), d.latency().p50Micros() / 1e3,
                            d.latency().p99Micros() / 1e3));
        }
        topics.sort(Comparator.comparing(Topic::topic));
        return topics;
    }
}
