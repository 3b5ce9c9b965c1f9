package io.eventhandler.server.arrowhead5;

import com.fasterxml.jackson.databind.JsonNode;
import io.eventhandler.server.arrowhead.CoreSystemClient;
import io.eventhandler.server.arrowhead5.ServiceRegistry5Dtos.ServiceDefinitionLookupRequest;
import io.eventhandler.server.arrowhead5.ServiceRegistry5Dtos.ServiceInstanceLookupRequest;
import io.eventhandler.server.arrowhead5.ServiceRegistry5Dtos.SystemLookupRequest;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The Arrowhead 5 Service Registry's system and service discovery as the Event Handler uses them, each call made as
 * the Event Handler ({@code Authorization} header from {@link Identity5}). The name registered is never in a body:
 * the registry takes it from the caller's identity.
 */
final class ServiceRegistry5Client {

    private static final String BASE = "/serviceregistry";

    private final CoreSystemClient client;
    private final URI base;
    private final Identity5 identity;

    ServiceRegistry5Client(final CoreSystemClient client, final String address, final int port,
                           final Identity5 identity) {
        this.client = client;
        this.base = URI.create(client.scheme() + "://" + address + ":" + port + BASE);
        this.identity = identity;
    }

    URI baseUri() {
        return base;
    }

    CompletableFuture<Void> registerSystem(final EventHandler5Services services) {
        return call("POST", "/system-discovery/register", services.system());
    }

    /** Registers every service (an upsert in 5.x), one after the other. */
    CompletableFuture<Void> registerServices(final EventHandler5Services services) {
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (final Object instance : services.instances()) {
            chain = chain.thenCompose(done -> call("POST", "/service-discovery/register", instance));
        }
        return chain;
    }

    /** Revokes the services, then the system; 200 or 204 (nothing there) both succeed. */
    CompletableFuture<Void> revoke(final EventHandler5Services services) {
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (final String definition : EventHandler5Services.serviceDefinitions()) {
            final String id = URLEncoder.encode(services.instanceId(definition), StandardCharsets.UTF_8);
            chain = chain.thenCompose(done -> call("DELETE", "/service-discovery/revoke/" + id, null));
        }
        return chain.thenCompose(done -> call("DELETE", "/system-discovery/revoke", null));
    }

    /** Whether the registry still knows the system (system lookups are not restricted). */
    CompletableFuture<Boolean> systemKnown(final EventHandler5Services services) {
        return count("/system-discovery/lookup?verbose=false",
                new SystemLookupRequest(List.of(services.systemName()))).thenApply(n -> n > 0);
    }

    /**
     * How many of the instances the registry returns to the Event Handler; with restricted discovery only those
     * registered with {@code unrestrictedDiscovery=true} are visible to it.
     */
    CompletableFuture<Integer> visibleInstances(final EventHandler5Services services) {
        return count("/service-discovery/lookup?verbose=false", new ServiceInstanceLookupRequest(
                EventHandler5Services.serviceDefinitions().stream().map(services::instanceId).toList()));
    }

    /** The instances of these service definitions the Event Handler may see (restricted discovery applies). */
    CompletableFuture<JsonNode> lookup(final List<String> serviceDefinitions) {
        return client.send("POST", URI.create(base + "/service-discovery/lookup?verbose=false"),
                new ServiceDefinitionLookupRequest(serviceDefinitions), identity.authorization(),
                JsonNode.class);
    }

    /**
     * From a lookup's answer: the base URI (address, port and base path) of the first {@code generic_<scheme>}
     * interface of an instance of {@code definition}; null if there is none.
     */
    static URI httpBase(final JsonNode lookup, final String definition, final String scheme) {
        for (final JsonNode instance : lookup.path("entries")) {
            if (!definition.equals(instance.path("serviceDefinition").path("name").asText())) {
                continue;
            }
            for (final JsonNode face : instance.path("interfaces")) {
                final JsonNode properties = face.path("properties");
                final JsonNode addresses = properties.path("accessAddresses");
                if (("generic_" + scheme).equals(face.path("templateName").asText()) && addresses.size() > 0
                        && properties.path("accessPort").isInt()) {
                    return URI.create(scheme + "://" + addresses.get(0).asText() + ":"
                            + properties.path("accessPort").asInt() + properties.path("basePath").asText(""));
                }
            }
        }
        return null;
    }

    private CompletableFuture<Integer> count(final String path, final Object body) {
        return client.send("POST", URI.create(base + path), body, identity.authorization(), JsonNode.class)
                .thenApply(answer -> answer.path("count").asInt(0));
    }

    private CompletableFuture<Void> call(final String method, final String path, final Object body) {
        return client.send(method, URI.create(base + path), body, identity.authorization(), Void.class);
    }
}
