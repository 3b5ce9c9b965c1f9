package io.eventhandler.client.discovery;

import io.eventhandler.api.core.ServiceQueryFormDTO;
import io.eventhandler.api.core.ServiceQueryResultDTO;
import java.net.URI;
import java.util.List;

/**
 * Asks the Service Registry's public query ({@code POST /serviceregistry/query}) for a service: every registration in
 * {@code serviceQueryData} order, whose first is what Arrowhead's {@code ArrowheadService.updateCoreServiceURIs}
 * takes.
 */
final class ServiceRegistryLookup extends CoreSystemLookup {

    static final String QUERY_PATH = "/serviceregistry/query";


    /** @param serviceRegistry base URI of the Service Registry, e.g. {@code https://127.0.0.1:8443} */
    ServiceRegistryLookup(final URI serviceRegistry) {
        super(LocationSource.SERVICE_REGISTRY, serviceRegistry, QUERY_PATH);
    }

    @Override
    public List<ServiceLocation> findAll(final CoreSystemHttp http, final EventHandlerService service)
            throws CoreSystemCallException {
        final ServiceQueryResultDTO answer = http.post(uri(), ServiceQueryFormDTO.of(service.definition()),
                ServiceQueryResultDTO.class);
        return ServiceLookup.providers(answer.serviceQueryData(),
                registration -> OrchestratorLookup.location(registration.provider(), registration.serviceUri(), uri()));
    }

    @Override
    public String toString() {
        return "Service Registry " + uri();
    }
}
