package io.eventhandler.server.subscription;

import io.eventhandler.api.SystemRequestDTO;

import java.util.concurrent.CompletableFuture;

/** Decides which publishers may reach a subscriber. Never blocks the caller: the answer may come from the network. */
public interface SubscriptionAuthorizer {

    /**
     * @param subscriber the subscribing system as it named itself
     * @param origin     the endpoint asking, for the {@code origin} of an error the subscriber sees
     * @return the grant; completes exceptionally with an {@code ArrowheadException} the subscriber should see (e.g.
     *         an unknown subscriber) or another exception when the decision could not be made
     */
    CompletableFuture<AuthorizationGrant> check(SystemRequestDTO subscriber, String origin);

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
