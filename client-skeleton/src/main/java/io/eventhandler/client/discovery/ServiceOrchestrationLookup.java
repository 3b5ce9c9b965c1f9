package io.eventhandler.client.discovery;

import io.eventhandler.client.discovery.Core5Dtos.OrchestrationRequest;
import io.eventhandler.client.discovery.Core5Dtos.OrchestrationResponse;
import io.eventhandler.client.discovery.Core5Dtos.ServiceInterface;
import io.eventhandler.client.discovery.Core5Dtos.ServiceRequirement;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * Asks an Arrowhead 5 orchestrator ({@code POST /serviceorchestration/orchestration/pull}; DynamicServiceOrchestration
 * by default at port 8441) for the Event Handler service and operation a {@link EventHandlerService} is
 * ({@code eventPublish}/{@code publish}, {@code eventSubscribe}/{@code subscribe}, ...), over the interface template
 * of the caller's scheme ({@code generic_http}, or {@code generic_https} with TLS). The requester is whoever the
 * request's identity names: 5.x takes it from the header or the certificate, never from the body. Each result's
 * matching interface gives the address ({@code accessAddresses}, the first), {@code accessPort}, and the path:
 * {@code basePath} plus the operation's {@code path}. The orchestrator returns only providers the requester is
 * granted by a {@code SERVICE_DEF} rule, in its order.
 */
final class ServiceOrchestrationLookup extends CoreSystemLookup implements Arrowhead5Lookup {

    static final String PULL_PATH = "/serviceorchestration/orchestration/pull";

    private final String template;
    private final Map<String, Boolean> flags;

    /**
     * @param orchestrator base URI of the orchestrator, e.g. {@code https://127.0.0.1:8441}
     * @param secure       whether the Event Handler is asked for over TLS ({@code generic_https})
     * @param flags        5.x orchestration flags, e.g. {@code MATCHMAKING}; empty for none
     */
    ServiceOrchestrationLookup(final URI orchestrator, final boolean secure, final Map<String, Boolean> flags) {
        super(LocationSource.SERVICE_ORCHESTRATION, orchestrator, PULL_PATH);
        this.template = Arrowhead5Lookup.template(secure);
        this.flags = Map.copyOf(flags);
    }

    @Override
    public List<ServiceLocation> findAll(final CoreSystemHttp http, final EventHandlerService service)
            throws CoreSystemCallException {
        final OrchestrationRequest request = new OrchestrationRequest(ServiceRequirement.of(
                service.arrowhead5Service(), service.arrowhead5Operation(), List.of(template)),
                flags, null, null);
        final OrchestrationResponse answer = http.post(uri(), request, OrchestrationResponse.class);
        return ServiceLookup.providers(answer.results(), result -> location(uri(), result.serviceInstanceId(),
                result.interfaces(), template, service.arrowhead5Operation()));
    }

    /**
     * Where an instance's {@code generic_http(s)} interface of {@code template} says the operation is: the first of
     * its {@code accessAddresses}, its {@code accessPort}, and {@code basePath} plus the operation's {@code path}
     * (the standard path when the interface names no such operation). Shared by the 5.x lookups.
     */
    static ServiceLocation location(final URI from, final String instance, final List<ServiceInterface> interfaces,
                                    final String template, final String operation) throws CoreSystemCallException {
        final Map<String, Object> properties = interfaces == null ? null : interfaces.stream()
                .filter(i -> template.equals(i.templateName())).findFirst().map(ServiceInterface::properties)
                .orElseThrow(() -> new CoreSystemCallException(from + " named " + instance + " without a "
                        + template + " interface"));
        final Object addresses = properties == null ? null : properties.get("accessAddresses");
        final Object port = properties == null ? null : properties.get("accessPort");
        if (!(addresses instanceof List<?> list) || list.isEmpty() || !(list.get(0) instanceof String address)
                || !(port instanceof Number number)) {
            throw new CoreSystemCallException(from + " named " + instance + " without accessAddresses or accessPort");
        }
        final String basePath = properties.get("basePath") instanceof String text ? text : "";
        final String path = properties.get("operations") instanceof Map<?, ?> operations
                && operations.get(operation) instanceof Map<?, ?> described
                && described.get("path") instanceof String operationPath ? operationPath : null;
        return new ServiceLocation(address, number.intValue(), path == null ? "" : basePath + path);
    }

    @Override
    public String toString() {
        return "Arrowhead 5 orchestration " + uri();
    }
}
