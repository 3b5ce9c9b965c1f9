package io.eventhandler.server.subscription;

import io.eventhandler.api.SystemRequestDTO;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Decides which publishers may reach a subscriber with events of one type. Never blocks the caller: the answer may
 * come from the network. A grant decides per publisher; whether the decision depends on the event type is the
 * cloud's (Arrowhead 4.6's rules do not, Arrowhead 5's {@code EVENT_TYPE} rules do).
 */
public interface SubscriptionAuthorizer {

    /**
     * @param subscriber the subscribing system as it named itself
     * @param eventType  the event type subscribed to, as the Event Handler keeps it (its topic name)
     * @param origin     the endpoint asking, for the {@code origin} of an error the subscriber sees
     * @return the grant; completes exceptionally with an {@code ArrowheadException} the subscriber should see (e.g.
     *         an unknown subscriber) or another exception when the decision could not be made
     */
    CompletableFuture<AuthorizationGrant> check(SystemRequestDTO subscriber, String eventType, String origin);

    /**
     * The grant a subscription restored from the store starts with, without asking the cloud, when this authorizer
     * keeps its decisions itself (the grant follows them live); empty when the subscription's stored state (or a
     * {@link #check}) decides.
     */
    default Optional<AuthorizationGrant> standing(final SystemRequestDTO subscriber, final String eventType) {
        return Optional.empty();
    }

    /** Whether the decisions come from the local cloud (and so are kept with the subscription). */
    boolean remote();

    /**
     * Whether a failed {@link #check} is the cloud's definite answer that this subscriber is not one of its systems
     * (it was removed), rather than a failure to ask: a re-check then permits it no publisher.
     */
    default boolean refusesSubscriber(final Throwable failure) {
        return false;
    }
}
