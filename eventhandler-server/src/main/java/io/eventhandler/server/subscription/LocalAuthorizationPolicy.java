package io.eventhandler.server.subscription;

import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.ConfigurationException;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Standalone authorization (no Authorization system): by default every publisher reaches every subscriber; with
 * rules ({@code subscriber:publisher,publisher;other:*}) a subscriber gets exactly the publishers listed for it, and a
 * subscriber not listed gets none. Names compare case-insensitively, as Arrowhead system names do.
 */
public final class LocalAuthorizationPolicy implements SubscriptionAuthorizer {

    private static final String ANY = "*";

    private final Map<String, AuthorizationGrant> grants;
    private final boolean allowAll;

    private LocalAuthorizationPolicy(final Map<String, AuthorizationGrant> grants, final boolean allowAll) {
        this.grants = grants;
        this.allowAll = allowAll;
    }

    /**
     * The standalone policy of the configuration.
     *
     * @throws ConfigurationException naming the key when a rule is not {@code subscriber:publishers}
     */
    public static LocalAuthorizationPolicy of(final ArrowheadConfiguration configuration) {
        try {
            return parse(configuration.localAuthorizationRules());
        } catch (final IllegalArgumentException e) {
            throw new ConfigurationException(List.of(ArrowheadConfiguration.LOCAL_AUTHORIZATION_RULES + ": "
                    + e.getMessage()));
        }
    }

    /**
     * @throws IllegalArgumentException if a rule is not {@code subscriber:publishers}
     */
    public static LocalAuthorizationPolicy parse(final String rules) {
        if (rules == null || rules.isBlank()) {
            return new LocalAuthorizationPolicy(Map.of(), true);
        }
        final Map<String, Set<String>> names = new HashMap<>();
        for (final String rule : rules.split(";")) {
            if (rule.isBlank()) {
                continue;
            }
            final String[] parts = rule.split(":", -1);
            if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
                throw new IllegalArgumentException("authorization rule '" + rule.trim()
                        + "' is not subscriber:publisher[,publisher...] or subscriber:*");
            }
            final Set<String> publishers = names.computeIfAbsent(normalise(parts[0]), k -> new HashSet<>());
            for (final String publisher : parts[1].split(",")) {
                if (!publisher.isBlank()) {
                    publishers.add(normalise(publisher));
                }
            }
        }
        final Map<String, AuthorizationGrant> grants = new HashMap<>();
        names.forEach((subscriber, publishers) -> grants.put(subscriber, publishers.contains(ANY)
                ? AuthorizationGrant.toEveryone() : AuthorizationGrant.toNames(publishers)));
        return new LocalAuthorizationPolicy(Map.copyOf(grants), false);
    }

    /** The grant of a subscriber known only by name (an SSE stream). */
    public AuthorizationGrant grantFor(final String subscriberName) {
        if (allowAll) {
            return AuthorizationGrant.toEveryone();
        }
        return subscriberName == null ? AuthorizationGrant.toNames(Set.of())
                : grants.getOrDefault(normalise(subscriberName), AuthorizationGrant.toNames(Set.of()));
    }

    @Override
    public CompletableFuture<AuthorizationGrant> check(final SystemRequestDTO subscriber, final String eventType,
                                                     final String origin) {
        return CompletableFuture.completedFuture(grantFor(subscriber.systemName()));
    }

    @Override
    public boolean remote() {
        return false;
    }

    private static String normalise(final String name) {
        return name.trim().toLowerCase(Locale.ROOT);
    }
}
