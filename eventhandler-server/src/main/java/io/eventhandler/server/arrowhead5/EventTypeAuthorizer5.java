package io.eventhandler.server.arrowhead5;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.arrowhead.CoreSystemException;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.http.AsyncResponses;
import io.eventhandler.server.subscription.AuthorizationGrant;
import io.eventhandler.server.subscription.SubscriptionAuthorizer;

import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Authorization by ConsumerAuthorization's {@code EVENT_TYPE} rules: an event reaches a subscriber only when the
 * rule its publisher wrote for the event type's 5.x name grants that subscriber. The grant is live
 * ({@link EventTypeGrants}): asked per event from answers at most {@code eh.ah5.authorization.cache.ms} old, so
 * nothing of it is stored with a subscription, and a subscription restored from the store asks again at once.
 */
final class EventTypeAuthorizer5 implements SubscriptionAuthorizer {

    private static final ObjectMapper BODIES = new ObjectMapper();

    private final EventTypeNames5 names;
    private final EventTypeGrants grants;

    EventTypeAuthorizer5(final EventTypeNames5 names, final EventTypeGrants grants) {
        this.names = names;
        this.grants = grants;
    }

    @Override
    public CompletableFuture<AuthorizationGrant> check(final SystemRequestDTO subscriber, final String eventType,
                                                       final String origin) {
        return grants.fresh(subscriber.systemName(), names.fiveOfKept(eventType))
                .handle((decision, failure) -> {
                    if (failure != null) {
                        throw new CompletionException(refusal(AsyncResponses.unwrap(failure), origin));
                    }
                    return AuthorizationGrant.live(decision);
                });
    }

    @Override
    public Optional<AuthorizationGrant> standing(final SystemRequestDTO subscriber, final String eventType) {
        return Optional.of(AuthorizationGrant.live(grants.standing(subscriber.systemName(),
                names.fiveOfKept(eventType))));
    }

    /** The decisions are kept here, not with the subscriptions. */
    @Override
    public boolean remote() {
        return false;
    }

    /** The 5.x error body's {@code errorMessage} (its exception types are not all 4.6's), else the status. */
    private static String errorMessage(final CoreSystemException e) {
        try {
            final String text = BODIES.readTree(e.body()).path("errorMessage").asText("");
            return text.isBlank() ? "HTTP " + e.status() : text;
        } catch (final IOException | RuntimeException unreadable) {
            return "HTTP " + e.status();
        }
    }

    /**
     * What the subscriber is told when its rules could not be asked: a refusal of the Event Handler's own check
     * (ConsumerAuthorization's text, e.g. the missing management permission, which the operator grants), or that
     * nobody answered.
     */
    private static ArrowheadException refusal(final Throwable failure, final String origin) {
        if (failure instanceof CoreSystemException e && e.isClientError()) {
            final String text = errorMessage(e);
            return ArrowheadException.unavailable("ConsumerAuthorization refused the Event Handler's check of the"
                    + " EVENT_TYPE rules (" + text + "); the operator must grant it the authorizationManagement"
                    + " service.", origin);
        }
        return ArrowheadException.unavailable("ConsumerAuthorization could not be asked whether the EVENT_TYPE rules"
                + " grant this subscriber; try again later.", origin);
    }
}
