package io.eventhandler.server.arrowhead5;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.server.arrowhead.CoreSystemClient;
import io.eventhandler.server.arrowhead.CoreSystemException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * ConsumerAuthorization's management service ({@code authorizationManagement}) as the Event Handler asks it about
 * {@code EVENT_TYPE} rules: which publishers have a rule for an event type ({@code query-policies}, at both rule
 * levels) and whether those rules grant a subscriber ({@code check-policies}). Third-party checks exist only there,
 * so the Event Handler needs management rights (a {@code SERVICE_DEF authorizationManagement} rule naming it).
 *
 * <p>Found by a Service Registry lookup. The 5.2.0 core registers {@code authorizationManagement} without
 * {@code unrestrictedDiscovery}, so under restricted discovery only systems listed in the registry's
 * {@code service.discovery.direct.access} see it; everyone sees ConsumerAuthorization's {@code authorization}
 * service, whose interface the management service shares under {@code <basePath>/mgmt}. The management instance is
 * used when visible, else the one derived from {@code authorization}; while the lookup fails or finds neither, the
 * configured address. A found address is kept until a call to it fails without an answer.
 */
final class ConsumerAuthorization5Client {

    private static final Logger LOG = LoggerFactory.getLogger(ConsumerAuthorization5Client.class);
    static final String SERVICE = "authorizationManagement";
    /** ConsumerAuthorization's public service, registered with {@code unrestrictedDiscovery}. */
    static final String PUBLIC_SERVICE = "authorization";
    /** Where the management service sits under the public service's base path in the 5.x core. */
    static final String MANAGEMENT_UNDER_PUBLIC = "/mgmt";
    static final String BASE_PATH = "/consumerauthorization/authorization/mgmt";
    private static final String EVENT_TYPE = "EVENT_TYPE";

    private final CoreSystemClient client;
    private final ServiceRegistry5Client registry;
    private final URI configured;
    private final Identity5 identity;
    private volatile URI found;

    ConsumerAuthorization5Client(final CoreSystemClient client, final ServiceRegistry5Client registry,
                                 final String address, final int port, final Identity5 identity) {
        this.client = client;
        this.registry = registry;
        this.configured = URI.create(client.scheme() + "://" + address + ":" + port + BASE_PATH);
        this.identity = identity;
    }

    /**
     * The {@code EVENT_TYPE} rules for an event type at both levels ({@code POST .../mgmt/query}): the systems that
     * have one, and every system name their policies list.
     */
    CompletableFuture<Rules> rules(final String eventType) {
        return base().thenCompose(base -> query(base, "MGMT", eventType)
                .thenCombine(query(base, "PROVIDER", eventType), (mgmt, provider) -> {
                    final Set<String> providers = new LinkedHashSet<>();
                    final Set<String> listed = new LinkedHashSet<>();
                    for (final JsonNode entry : List.of(mgmt, provider)) {
                        entry.path("entries").forEach(rule -> {
                            providers.add(rule.path("provider").asText());
                            rule.path("defaultPolicy").path("policyList").forEach(n -> listed.add(n.asText()));
                            rule.path("scopedPolicies").forEach(scoped -> scoped.path("policyList")
                                    .forEach(n -> listed.add(n.asText())));
                        });
                    }
                    return new Rules(providers, listed);
                }));
    }

    /**
     * An event type's rules.
     *
     * @param providers the systems with a rule for it
     * @param listed    the system names the rules' policies list
     */
    record Rules(Set<String> providers, Set<String> listed) {

        /**
         * {@code system} as the rules spell it: the Event Handler keeps system names in lower case (as 4.6 does),
         * 5.x compares them exactly.
         */
        String spelled(final String system) {
            return listed.stream().filter(system::equalsIgnoreCase).findFirst().orElse(system);
        }
    }

    /**
     * {@code POST .../mgmt/check}, one call for many subscribers of one event type: for each consumer, those of the
     * rules' providers whose rule grants it the event type. Consumers are asked as the rules spell them.
     *
     * @return the granting providers by consumer as given
     */
    CompletableFuture<Map<String, Set<String>>> granting(final Rules rules, final Set<String> consumers,
                                                        final String eventType) {
        final Map<String, Set<String>> granted = new HashMap<>();
        consumers.forEach(c -> granted.put(c, new LinkedHashSet<>()));
        if (rules.providers().isEmpty() || consumers.isEmpty()) {
            return CompletableFuture.completedFuture(granted);
        }
        // several consumers as kept (an SSE stream's declared name, a webhook's lower-case one) may be one system
        final Map<String, List<String>> asked = new HashMap<>();
        for (final String consumer : consumers) {
            asked.computeIfAbsent(rules.spelled(consumer), k -> new ArrayList<>()).add(consumer);
        }
        final List<CheckEntry> list = new ArrayList<>();
        for (final String spelled : asked.keySet()) {
            rules.providers().forEach(p -> list.add(new CheckEntry(p, spelled, EVENT_TYPE, eventType)));
        }
        return base().thenCompose(base -> post(base, "/check", new CheckRequest(list))).thenApply(answer -> {
            answer.path("entries").forEach(entry -> {
                final List<String> as = asked.getOrDefault(entry.path("consumer").asText(), List.of());
                if (entry.path("granted").asBoolean(false) && eventType.equals(entry.path("target").asText())) {
                    as.forEach(consumer -> granted.get(consumer).add(entry.path("provider").asText()));
                }
            });
            return granted;
        });
    }

    private CompletableFuture<JsonNode> query(final URI base, final String level, final String eventType) {
        return post(base, "/query", new QueryRequest(level, EVENT_TYPE, List.of(eventType)));
    }

    private CompletableFuture<JsonNode> post(final URI base, final String operation, final Object body) {
        return client.send("POST", URI.create(base + operation), body, identity.authorization(), JsonNode.class)
                .whenComplete((answer, failure) -> {
                    if (failure != null && !(unwrap(failure) instanceof CoreSystemException)) {
                        found = null; // nobody answered there: look it up again next time
                    }
                });
    }

    /** The service's base URI: as last found, else looked up, else configured. */
    private CompletableFuture<URI> base() {
        final URI known = found;
        if (known != null) {
            return CompletableFuture.completedFuture(known);
        }
        return registry.lookup(List.of(SERVICE, PUBLIC_SERVICE)).handle((answer, failure) -> {
            final URI located = failure == null ? located(answer) : null;
            if (located == null) {
                LOG.info("ConsumerAuthorization's {} not found in the Service Registry ({}); using {}", SERVICE,
                        failure == null ? "no instance" : unwrap(failure).getMessage(), configured);
                return configured;
            }
            if (!located.equals(found)) {
                LOG.info("ConsumerAuthorization's {} found in the Service Registry at {}", SERVICE, located);
            }
            found = located;
            return located;
        });
    }

    /** The management service's base URI: from its own instance if listed, else from {@code authorization}'s. */
    private URI located(final JsonNode lookup) {
        final URI own = ServiceRegistry5Client.httpBase(lookup, SERVICE, client.scheme());
        if (own != null) {
            return own;
        }
        final URI open = ServiceRegistry5Client.httpBase(lookup, PUBLIC_SERVICE, client.scheme());
        return open == null ? null : URI.create(open + MANAGEMENT_UNDER_PUBLIC);
    }

    private static Throwable unwrap(final Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    /** {@code AuthorizationVerifyRequestDTO} without cloud and scope (the local cloud, every operation). */
    record CheckEntry(String provider, String consumer, String targetType, String target) {
    }

    /** {@code AuthorizationVerifyListRequestDTO}. */
    record CheckRequest(List<CheckEntry> list) {
    }

    /** {@code AuthorizationQueryRequestDTO}: one level and one target type are required by the 5.x core. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record QueryRequest(String level, String targetType, List<String> targetNames) {
    }
}
