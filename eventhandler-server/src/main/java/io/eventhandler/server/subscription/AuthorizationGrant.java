package io.eventhandler.server.subscription;

import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.subscription.AuthorizedPublishers;

import java.util.Set;

/**
 * Who may publish to one subscriber, as decided by the Authorization system (exact systems, and the subscriber's id
 * there) or by the standalone policy (names, or everyone).
 *
 * @param consumerId     the Authorization system's id of the subscriber; null under the local policy
 * @param publishers     the permitted systems, when decided by the Authorization system
 * @param publisherNames the permitted system names, when decided by name
 * @param everyone       every publisher is permitted
 */
public record AuthorizationGrant(Long consumerId, Set<SystemRef> publishers, Set<String> publisherNames,
                                 boolean everyone) {

    public AuthorizationGrant {
        publishers = Set.copyOf(publishers);
        publisherNames = Set.copyOf(publisherNames);
    }

    public static AuthorizationGrant toEveryone() {
        return new AuthorizationGrant(null, Set.of(), Set.of(), true);
    }

    public static AuthorizationGrant toNames(final Set<String> names) {
        return new AuthorizationGrant(null, Set.of(), names, false);
    }

    public static AuthorizationGrant toSystems(final Long consumerId, final Set<SystemRef> systems) {
        return new AuthorizationGrant(consumerId, systems, Set.of(), false);
    }

    /** A live filter starting with this grant. */
    public AuthorizedPublishers filter() {
        final AuthorizedPublishers filter = AuthorizedPublishers.everyone();
        applyTo(filter);
        return filter;
    }

    /** Make a live filter follow this grant. */
    public void applyTo(final AuthorizedPublishers filter) {
        if (everyone) {
            filter.permitAs(AuthorizedPublishers.everyone());
        } else if (!publisherNames.isEmpty()) {
            filter.permitNames(publisherNames);
        } else {
            filter.permitSystems(publishers);
        }
    }
}
