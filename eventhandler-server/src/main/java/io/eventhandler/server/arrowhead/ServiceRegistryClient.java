package io.eventhandler.server.arrowhead;

import io.eventhandler.api.core.ServiceQueryFormDTO;
import io.eventhandler.api.core.ServiceQueryResultDTO;
import io.eventhandler.api.core.ServiceRegistryRequestDTO;
import io.eventhandler.api.core.ServiceRegistryResponseDTO;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * The Service Registry's client services ({@code /serviceregistry}): echo, query, register and unregister, as
 * Arrowhead 4.6 core systems call them.
 */
public final class ServiceRegistryClient {

    public static final String BASE_PATH = "/serviceregistry";
    public static final String ECHO = "/echo";
    public static final String QUERY = "/query";
    public static final String REGISTER = "/register";
    public static final String UNREGISTER = "/unregister";

    private final CoreSystemClient client;
    private final URI base;

    /**
     * @param client  the core-system client (its mode picks http or https)
     * @param address Service Registry host ({@code sr_address})
     * @param port    Service Registry port ({@code sr_port})
     */
    public ServiceRegistryClient(final CoreSystemClient client, final String address, final int port) {
        this.client = client;
        this.base = URI.create(origin(client.scheme(), address, port) + BASE_PATH);
    }

    /** {@code http(s)://sr_address:sr_port/serviceregistry}. */
    public URI baseUri() {
        return base;
    }

    /** {@code GET /echo}: completes with the registry's answer ({@code Got it!}) once it is reachable. */
    public CompletableFuture<String> echo() {
        return client.get(resolve(ECHO), String.class);
    }

    /** {@code POST /query}. */
    public CompletableFuture<ServiceQueryResultDTO> query(final ServiceQueryFormDTO form) {
        return client.post(resolve(QUERY), form, ServiceQueryResultDTO.class);
    }

    /**
     * {@code POST /register}; the registry answers 201 with the stored entry. A registration that exists already
     * (same service definition, provider and service URI) fails with a 400 {@code INVALID_PARAMETER}
     * {@link CoreSystemException} ending in "already exists.".
     */
    public CompletableFuture<ServiceRegistryResponseDTO> register(final ServiceRegistryRequestDTO request) {
        return client.post(resolve(REGISTER), request, ServiceRegistryResponseDTO.class);
    }

    /**
     * {@code DELETE /unregister?service_definition=&system_name=&address=&port=&service_uri=}, every parameter
     * URL-encoded. {@code service_uri} is required by Arrowhead 4.4+: an entry is only found with its exact URI.
     */
    public CompletableFuture<Void> unregister(final String serviceDefinition, final String systemName,
                                              final String address, final int port, final String serviceUri) {
        final String query = "?service_definition=" + encode(serviceDefinition)
                + "&system_name=" + encode(systemName)
                + "&address=" + encode(address)
                + "&port=" + port
                + "&service_uri=" + encode(serviceUri == null ? "" : serviceUri);
        return client.delete(URI.create(base + UNREGISTER + query), Void.class);
    }

    /**
     * Where a service is provided: the first provider the registry returns ({@code serviceQueryData.get(0)}, as
     * Arrowhead clients take it) as {@code scheme://address:port + serviceUri}, with the scheme of our own mode.
     * Completes exceptionally with {@link ServiceNotFoundException} if no provider is registered.
     */
    public CompletableFuture<URI> findUri(final String serviceDefinition) {
        return query(ServiceQueryFormDTO.of(serviceDefinition)).thenApply(result -> {
            if (result.serviceQueryData() == null || result.serviceQueryData().isEmpty()) {
                throw new ServiceNotFoundException(serviceDefinition);
            }
            final ServiceRegistryResponseDTO first = result.serviceQueryData().get(0);
            final String path = first.serviceUri() == null ? "" : first.serviceUri();
            return URI.create(origin(client.scheme(), first.provider().address(), first.provider().port())
                    + (path.isEmpty() || path.startsWith("/") ? path : "/" + path));
        });
    }

    private URI resolve(final String path) {
        return URI.create(base + path);
    }

    /** {@code scheme://host:port}, an IPv6 literal in brackets. */
    static String origin(final String scheme, final String address, final int port) {
        final String host = address.indexOf(':') >= 0 && !address.startsWith("[") ? "[" + address + "]" : address;
        return scheme + "://" + host + ":" + port;
    }

    private static String encode(final String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
