package io.eventhandler.server.arrowhead;

import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.api.SystemResponseDTO;
import io.eventhandler.api.core.AuthorizationSubscriptionCheckRequestDTO;
import io.eventhandler.api.core.AuthorizationSubscriptionCheckResponseDTO;
import io.eventhandler.core.event.SystemRef;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The Authorization's subscription check ({@code POST /authorization/subscription/check}), which only the Event
 * Handler may call: which publishers may reach a subscriber.
 *
 * <p>The Authorization is found through the Service Registry ({@code authorization-control-subscription}), as the
 * Arrowhead Event Handler does at start. The URI is looked up on first use and cached; after a failure that may mean
 * the Authorization moved (no answer, 404, 5xx) the next call looks it up again. A 4xx answer from a live
 * Authorization (unknown consumer, refused caller) keeps the cached URI.
 */
public final class AuthorizationClient {

    public static final String SUBSCRIPTION_CHECK_SERVICE = "authorization-control-subscription";

    private static final Logger LOG = LoggerFactory.getLogger(AuthorizationClient.class);

    private final CoreSystemClient client;
    private final ServiceRegistryClient registry;
    private final AtomicReference<CompletableFuture<URI>> checkUri = new AtomicReference<>();

    public AuthorizationClient(final CoreSystemClient client, final ServiceRegistryClient registry) {
        this.client = client;
        this.registry = registry;
    }

    /**
     * Asks which publishers may reach {@code consumer}. Completes exceptionally with {@link CoreSystemException}
     * if the Authorization refuses (e.g. 400 {@code INVALID_PARAMETER} "Consumer with name: … is not exist in the
     * database." for a system it does not know), {@link ServiceNotFoundException} if the registry knows no
     * Authorization, or the transport failure.
     */
    public CompletableFuture<SubscriptionCheck> checkSubscription(final SystemRequestDTO consumer) {
        final CompletableFuture<URI> uri = subscriptionCheckUri();
        return uri.thenCompose(target -> client.post(target,
                        new AuthorizationSubscriptionCheckRequestDTO(consumer, null),
                        AuthorizationSubscriptionCheckResponseDTO.class))
                .whenComplete((answer, failure) -> {
                    if (failure != null && mayHaveMoved(failure)) {
                        forget(uri);
                    }
                })
                .thenApply(AuthorizationClient::toCheck);
    }

    /** The check's URI, from the cache or a registry lookup (shared by concurrent callers). */
    public CompletableFuture<URI> subscriptionCheckUri() {
        while (true) {
            final CompletableFuture<URI> cached = checkUri.get();
            if (cached != null) {
                return cached;
            }
            final CompletableFuture<URI> lookup = new CompletableFuture<>();
            if (checkUri.compareAndSet(null, lookup)) {
                registry.findUri(SUBSCRIPTION_CHECK_SERVICE).whenComplete((found, failure) -> {
                    if (failure != null) {
                        forget(lookup);
                        lookup.completeExceptionally(Failures.unwrap(failure));
                    } else {
                        LOG.info("Authorization subscription check at {}", found);
                        lookup.complete(found);
                    }
                });
                return lookup;
            }
        }
    }

    private void forget(final CompletableFuture<URI> stale) {
        checkUri.compareAndSet(stale, null);
    }

    /** Anything but a 4xx (other than 404) from the Authorization may mean it is elsewhere now. */
    private static boolean mayHaveMoved(final Throwable failure) {
        return !(Failures.unwrap(failure) instanceof CoreSystemException e)
                || !e.isClientError() || e.status() == 404;
    }

    private static SubscriptionCheck toCheck(final AuthorizationSubscriptionCheckResponseDTO answer) {
        if (answer == null || answer.consumer() == null || answer.consumer().id() == null) {
            throw new IllegalStateException("subscription check answer without the consumer's id: " + answer);
        }
        final Set<SystemRef> publishers = new HashSet<>();
        if (answer.publishers() != null) {
            for (final SystemResponseDTO publisher : answer.publishers()) {
                publishers.add(SystemRef.of(publisher.systemName(), publisher.address(),
                        publisher.port() == null ? 0 : publisher.port()));
            }
        }
        return new SubscriptionCheck(answer.consumer().id(), publishers, answer.consumer().authenticationInfo());
    }
}
