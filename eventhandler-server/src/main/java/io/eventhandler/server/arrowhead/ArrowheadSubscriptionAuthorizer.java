package io.eventhandler.server.arrowhead;

import io.eventhandler.api.ErrorMessageDTO;
import io.eventhandler.api.ExceptionType;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.AsyncResponses;
import io.eventhandler.server.subscription.AuthorizationGrant;
import io.eventhandler.server.subscription.SubscriptionAuthorizer;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Authorization by the Arrowhead Authorization system ({@code POST /authorization/subscription/check}). Its refusals
 * reach the subscriber as it sent them (e.g. 400 for an unknown consumer), as the stock Event Handler relays them; an
 * Authorization system that cannot be reached is a 504 {@code UNAVAILABLE}.
 */
public final class ArrowheadSubscriptionAuthorizer implements SubscriptionAuthorizer {

    private final AuthorizationClient client;

    public ArrowheadSubscriptionAuthorizer(final AuthorizationClient client) {
        this.client = client;
    }

    @Override
    public CompletableFuture<AuthorizationGrant> check(final SystemRequestDTO subscriber, final String eventType,
                                                     final String origin) {
        return client.checkSubscription(subscriber)
                .handle((check, failure) -> {
                    if (failure != null) {
                        throw new CompletionException(relayed(AsyncResponses.unwrap(failure), origin));
                    }
                    return AuthorizationGrant.toSystems(check.consumerId(), check.publishers(),
                            check.consumerAuthenticationInfo());
                });
    }

    @Override
    public boolean remote() {
        return true;
    }

    /**
     * The Authorization's 400 {@code INVALID_PARAMETER} "Consumer with name: … is not exist in the database.": the
     * subscriber is no system of the cloud (any more).
     */
    @Override
    public boolean refusesSubscriber(final Throwable failure) {
        return AsyncResponses.unwrap(failure) instanceof ArrowheadException e && e.status() == 400
                && e.type() == ExceptionType.INVALID_PARAMETER;
    }

    private static ArrowheadException relayed(final Throwable failure, final String origin) {
        if (failure instanceof CoreSystemException e && e.isClientError() && e.error().isPresent()) {
            final ErrorMessageDTO error = e.error().get();
            return new ArrowheadException(error.exceptionType(), e.status(), error.errorMessage(), origin);
        }
        return ArrowheadException.unavailable("The Authorization system could not be asked which publishers may "
                + "reach this subscriber: " + failure.getMessage(), origin);
    }
}
