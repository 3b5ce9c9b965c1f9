package io.eventhandler.core.broker;

import io.eventhandler.core.outbox.EventSink;
import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.core.subscription.EventFilter;
import io.eventhandler.core.topic.ResumeNumbering;

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
 * @param numbering     the numbering {@code resumeAfter} is of (null: the one in use)
 */
public record SubscribeRequest(
        String eventType,
        Object subscriberKey,
        String description,
        EventFilter filter,
        EventSink sink,
        long resumeAfter,
        SubscriberRequirements requirements,
        ResumeNumbering numbering) {

    public SubscribeRequest {
        requirements = requirements == null ? SubscriberRequirements.NONE : requirements;
        numbering = numbering == null ? ResumeNumbering.SAME : numbering;
    }

    /** A subscriber resuming, if at all, in the numbering in use. */
    public SubscribeRequest(final String eventType, final Object subscriberKey, final String description,
                            final EventFilter filter, final EventSink sink, final long resumeAfter,
                            final SubscriberRequirements requirements) {
        this(eventType, subscriberKey, description, filter, sink, resumeAfter, requirements, ResumeNumbering.SAME);
    }

    /** A subscriber that asks for nothing beyond the events. */
    public SubscribeRequest(final String eventType, final Object subscriberKey, final String description,
                            final EventFilter filter, final EventSink sink, final long resumeAfter) {
        this(eventType, subscriberKey, description, filter, sink, resumeAfter, SubscriberRequirements.NONE,
                ResumeNumbering.SAME);
    }
}
