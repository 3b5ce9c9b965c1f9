package io.eventhandler.core.broker;

import io.eventhandler.core.outbox.SubscriberOutbox;

/**
 * Counters of one subscriber at one moment.
 *
 * @param id          outbox id
 * @param topic       topic
 * @param subscriber  description
 * @param pending     items waiting
 * @param queued      events queued
 * @param delivered   events delivered
 * @param dropped     events dropped (queue full)
 * @param failed      events the sink gave up on
 */
public record SubscriberSnapshot(long id, String topic, String subscriber, int pending, long queued,
                                 long delivered, long dropped, long failed) {

    static SubscriberSnapshot of(final SubscriberOutbox outbox) {
        return new SubscriberSnapshot(outbox.id(), outbox.topic(), outbox.description(), outbox.pending(),
                outbox.queued(), outbox.delivered(), outbox.dropped(), outbox.failed());
    }
}
