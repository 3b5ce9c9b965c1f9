package io.eventhandler.server.observability;

import io.eventhandler.core.broker.SubscriberSnapshot;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.topic.TopicSnapshot;

import java.util.List;
import java.util.Map;

/**
 * The body of {@code GET /eventhandler/mgmt/statistics}: totals, then every topic and every attached subscriber.
 *
 * @param accepted          events accepted
 * @param deliveriesQueued  events queued to subscribers
 * @param deliveriesDropped events dropped because a subscriber's queue was full
 * @param topics            per topic
 * @param subscribers       per attached subscriber
 * @param disconnects       subscribers detached so far, by reason (e.g. {@code TOO_SLOW})
 */
public record Statistics(long accepted, long deliveriesQueued, long deliveriesDropped, List<TopicSnapshot> topics,
                         List<SubscriberSnapshot> subscribers, Map<CloseReason, Long> disconnects) {

    public static Statistics of(final List<TopicSnapshot> topics, final List<SubscriberSnapshot> subscribers,
                         final Map<CloseReason, Long> disconnects) {
        long accepted = 0;
        long queued = 0;
        long dropped = 0;
        for (final TopicSnapshot topic : topics) {
            accepted += topic.accepted();
            queued += topic.deliveriesQueued();
            dropped += topic.deliveriesDropped();
        }
        return new Statistics(accepted, queued, dropped, topics, subscribers, disconnects);
    }
}
