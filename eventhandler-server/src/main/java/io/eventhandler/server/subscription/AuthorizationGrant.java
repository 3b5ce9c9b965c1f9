package io.eventhandler.server.subscription;

import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.subscription.AuthorizedPublishers;

import java.util.Set;
import java.util.function.Predicate;

/**
 * Who may publish to one subscriber, as decided by the local cloud's authorization (exact systems, the subscriber's
 * id there, and the subscriber as the cloud registered it), by the standalone policy (names, or everyone), or by a
 * decision the cloud's authorizer keeps up to date itself and the filter asks per event ({@link #live}).
 *
 * @param consumerId     the cloud's id of the subscriber; null under the local policy
 * @param publishers     the permitted systems, when decided by the cloud
 * @param publisherNames the permitted system names, when decided by name
 * @param everyone       every publisher is permitted
 * @param registered     the subscriber as the cloud registered it; null under the local policy, where the
 *                       subscribe request's own description stands
 * @param live           the publishers permitted at the moment of asking, when the authorizer keeps the decision
 *                       (Arrowhead 5: per publisher, subscriber and event type); null otherwise
 */
public record AuthorizationGrant(Long consumerId, Set<SystemRef> publishers, Set<String> publisherNames,
                                 boolean everyone, RegisteredSubscriber registered, LiveDecision live) {

    /** A decision asked per event; answers from memory, never blocks. */
    public interface LiveDecision extends Predicate<SystemRef> {
    }

    /**
     * The subscriber as registered in the local cloud.
     *
     * @param authenticationInfo its registered public key, null if it registered none; a webhook subscriber with a
     *                           key is notified over HTTPS, one without over HTTP, whatever its request said
     */
    public record RegisteredSubscriber(String authenticationInfo) {

        /** Whether it registered a key (blank counts as none, as Arrowhead's {@code Utilities.isEmpty}). */
        public boolean hasKey() {
            return authenticationInfo != null && !authenticationInfo.isBlank();
        }
    }

    public AuthorizationGrant(final Long consumerId, final Set<SystemRef> publishers,
                              final Set<String> publisherNames, final boolean everyone,
                              final RegisteredSubscriber registered) {
        this(consumerId, publishers, publisherNames, everyone, registered, null);
    }

    public AuthorizationGrant {
        publishers = Set.copyOf(publishers);
        publisherNames = Set.copyOf(publisherNames);
    }

    public static AuthorizationGrant toEveryone() {
        return new AuthorizationGrant(null, Set.of(), Set.of(), true, null);
    }

    public static AuthorizationGrant toNames(final Set<String> names) {
        return new AuthorizationGrant(null, Set.of(), names, false, null);
    }

    /** The publishers {@code decision} permits whenever an event is filtered. */
    public static AuthorizationGrant live(final LiveDecision decision) {
        return new AuthorizationGrant(null, Set.of(), Set.of(), false, null, decision);
    }

    /**
     * @param consumerId         the cloud's id of the subscriber
     * @param systems            the publishers permitted
     * @param authenticationInfo the subscriber's registered key, or null if it registered none
     */
    public static AuthorizationGrant toSystems(final Long consumerId, final Set<SystemRef> systems,
                                               final String authenticationInfo) {
        return new AuthorizationGrant(consumerId, systems, Set.of(), false,
                new RegisteredSubscriber(authenticationInfo));
    }

    /** A live filter starting with this grant. */
    public AuthorizedPublishers filter() {
        final AuthorizedPublishers filter = AuthorizedPublishers.everyone();
        applyTo(filter);
        return filter;
    }

    /** Make a live filter follow this grant. */
    public void applyTo(final AuthorizedPublishers filter) {
        if (live != null) {
            filter.permitWhere(live, live.toString());
        } else if (everyone) {
            filter.permitAs(AuthorizedPublishers.everyone());
        } else if (!publisherNames.isEmpty()) {
            filter.permitNames(publisherNames);
        } else {
            filter.permitSystems(publishers);
        }
    }
}
