package io.eventhandler.core.broker;

import io.eventhandler.core.outbox.EventSink;
import io.eventhandler.core.qos.SubscriberRequirements;
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
 * @param requirements  what the subscriber asks of the topic (null: nothing)
 */
public record SubscribeRequest(
        String eventType,
        Object subscriberKey,
        String description,
        EventFilter filter,
        EventSink sink,
        long resumeAfter,
        SubscriberRequirements requirements) {

    public SubscribeRequest {
        requirements = requirements == null ? SubscriberRequirements.NONE : requirements;
    }

    /** A subscriber that asks for nothing beyond the events. */
    public SubscribeRequest(final String eventType, final Object subscriberKey, final String description,
                            final EventFilter filter, final EventSink sink, final long resumeAfter) {
        this(eventType, subscriberKey, description, filter, sink, resumeAfter, SubscriberRequirements.NONE);
    }
}
