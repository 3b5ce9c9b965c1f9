package io.eventhandler.client.discovery;

import io.eventhandler.api.core.ServiceQueryFormDTO;
import io.eventhandler.api.core.ServiceQueryResultDTO;
import io.eventhandler.api.core.ServiceRegistryResponseDTO;
import java.net.URI;
import java.util.Optional;

/**
 * Asks the Service Registry's public query ({@code POST /serviceregistry/query}) for a service and takes
 * {@code serviceQueryData.get(0)}, as Arrowhead's {@code ArrowheadService.updateCoreServiceURIs} does.
 */
final class ServiceRegistryLookup implements ServiceLookup {

    static final String QUERY_PATH = "/serviceregistry/query";

    private final URI uri;

    /** @param serviceRegistry base URI of the Service Registry, e.g. {@code https://127.0.0.1:8443} */
    ServiceRegistryLookup(final URI serviceRegistry) {
        this.uri = URI.create(OrchestratorLookup.trimmed(serviceRegistry) + QUERY_PATH);
    }

    @Override
    public LocationSource source() {
        return LocationSource.SERVICE_REGISTRY;
    }

    @Override
    public URI uri() {
        return uri;
    }

    @Override
    public Optional<ServiceLocation> find(final CoreSystemHttp http, final EventHandlerService service)
            throws CoreSystemCallException {
        final ServiceQueryResultDTO answer = http.post(uri, ServiceQueryFormDTO.of(service.definition()),
                ServiceQueryResultDTO.class);
        if (answer.serviceQueryData() == null || answer.serviceQueryData().isEmpty()) {
            return Optional.empty();
        }
        final ServiceRegistryResponseDTO first = answer.serviceQueryData().get(0);
        return Optional.of(OrchestratorLookup.location(first.provider(), first.serviceUri(), uri));
    }

    @Override
    public String toString() {
        return "Service Registry " + uri;
    }
}
