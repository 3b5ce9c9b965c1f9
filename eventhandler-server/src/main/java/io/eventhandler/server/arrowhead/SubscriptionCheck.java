package io.eventhandler.server.arrowhead;

import io.eventhandler.core.event.SystemRef;

import java.util.Set;

/**
 * The Authorization's answer to a subscription check.
 *
 * @param consumerId the subscriber's id in the core database; {@code SUBSCRIBER_AUTH_UPDATE} events name it
 * @param publishers every system the subscriber has an intra-cloud authorization rule towards (any service),
 *                   normalised as {@link SystemRef}s
 * @param consumerAuthenticationInfo the subscriber's {@code authenticationInfo} as registered in the core database,
 *                   null if it registered none: the stock Event Handler notifies it over HTTPS exactly when it has one
 */
public record SubscriptionCheck(long consumerId, Set<SystemRef> publishers, String consumerAuthenticationInfo) {

    public SubscriptionCheck {
        publishers = Set.copyOf(publishers);
    }
}
