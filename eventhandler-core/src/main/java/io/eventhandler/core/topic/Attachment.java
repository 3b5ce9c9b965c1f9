package io.eventhandler.core.topic;

import io.eventhandler.core.broker.SubscriberRequirements;
import io.eventhandler.core.delivery.SubscriberOutbox;
import io.eventhandler.core.subscription.EventFilter;

/**
 * A subscriber attached to a topic: its filter and its outbox.
 *
 * @param outbox where accepted events go
 * @param filter       which events of the topic it wants
 * @param requirements what it asks of the topic
 */
record Attachment(SubscriberOutbox outbox, EventFilter filter, SubscriberRequirements requirements) {
}
