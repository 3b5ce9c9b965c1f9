package io.eventhandler.client.discovery;

import io.eventhandler.client.discovery.Core5Dtos.ServiceInstanceList;
import io.eventhandler.client.discovery.Core5Dtos.ServiceInstanceLookup;
import java.net.URI;
import java.util.List;

/**
 * Asks an Arrowhead 5 ServiceRegistry ({@code POST /serviceregistry/service-discovery/lookup}, port 8443) for the
 * Event Handler service a {@link EventHandlerService} belongs to ({@code eventPublish} or {@code eventSubscribe}),
 * with the interface template of the caller's scheme. 5.x shows a system other than Sysop only instances registered
 * with {@code unrestrictedDiscovery} (the Event Handler's default, {@code eh.ah5.unrestricted.discovery}); no
 * {@code SERVICE_DEF} rule is needed, unlike orchestration. The operation's address and path are read from the
 * interface as the pull's are.
 */
final class ServiceDiscoveryLookup extends CoreSystemLookup implements Arrowhead5Lookup {

    static final String LOOKUP_PATH = "/serviceregistry/service-discovery/lookup";

    private final String template;

    /**
     * @param serviceRegistry base URI of the 5.x ServiceRegistry, e.g. {@code http://127.0.0.1:8443}
     * @param secure          whether the Event Handler is asked for over TLS ({@code generic_https})
     */
    ServiceDiscoveryLookup(final URI serviceRegistry, final boolean secure) {
        super(LocationSource.SERVICE_REGISTRY, serviceRegistry, LOOKUP_PATH);
        this.template = Arrowhead5Lookup.template(secure);
    }

    @Override
    public List<ServiceLocation> findAll(final CoreSystemHttp http, final EventHandlerService service)
            throws CoreSystemCallException {
        final ServiceInstanceList answer = http.post(uri(), new ServiceInstanceLookup(
                List.of(service.arrowhead5Service()), List.of(template)), ServiceInstanceList.class);
        return ServiceLookup.providers(answer.entries(), instance -> ServiceOrchestrationLookup.location(uri(),
                instance.instanceId(), instance.interfaces(), template, service.arrowhead5Operation()));
    }

    @Override
    public String toString() {
        return "Arrowhead 5 Service Registry " + uri();
    }
}
