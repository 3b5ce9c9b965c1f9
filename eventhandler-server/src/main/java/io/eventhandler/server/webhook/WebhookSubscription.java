package io.eventhandler.server.webhook;

import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.core.subscription.EventFilter;

/**
 * A validated Arrowhead subscription: events of {@code eventType} that pass {@code filter} are POSTed to
 * {@code http://subscriber.address:subscriber.port + notifyPath}.
 *
 * @param eventType  the event type as requested
 * @param subscriber the subscriber system, also the subscription's key within the topic
 * @param notifyPath the path events are POSTed to
 * @param filter     which events it wants
 * @param secure       whether the subscriber gave authentication info (Arrowhead then uses HTTPS)
 * @param requirements what the subscriber asks of the topic
 */
public record WebhookSubscription(String eventType, SystemRef subscriber, String notifyPath, EventFilter filter,
                                  boolean secure, SubscriberRequirements requirements) {
}
