package io.eventhandler.core.broker;

import io.eventhandler.core.delivery.EventSink;
import io.eventhandler.core.subscription.EventFilter;

/**
 * What the broker needs to attach a subscriber.
 *
 * @param eventType     the topic, in any case
 * @param subscriberKey identifies the subscriber within the topic; an equal key replaces the older subscription
 * @param description   for statistics and logs
 * @param filter        which events it wants
 * @param sink          where they go
 * @param resumeAfter   replay history after this sequence number first; negative for live events only
 */
public record SubscribeRequest(
        String eventType,
        Object subscriberKey,
        String description,
        EventFilter filter,
        EventSink sink,
        long resumeAfter) {
}
