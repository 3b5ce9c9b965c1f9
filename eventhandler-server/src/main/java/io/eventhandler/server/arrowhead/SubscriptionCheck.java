package io.eventhandler.server.arrowhead;

import io.eventhandler.core.event.SystemRef;

import java.util.Set;

/**
 * The Authorization's answer to a subscription check.
 *
 * @param consumerId the subscriber's id in the core database; {@code SUBSCRIBER_AUTH_UPDATE} events name it
 * @param publishers every system the subscriber has an intra-cloud authorization rule towards (any service),
 *                   normalised as {@link SystemRef}s
 */
public record SubscriptionCheck(long consumerId, Set<SystemRef> publishers) {

    public SubscriptionCheck {
        publishers = Set.copyOf(publishers);
    }
}
