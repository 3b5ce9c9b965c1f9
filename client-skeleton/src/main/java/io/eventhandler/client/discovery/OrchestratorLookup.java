package io.eventhandler.client.discovery;

import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.api.SystemResponseDTO;
import io.eventhandler.api.core.OrchestrationFormRequestDTO;
import io.eventhandler.api.core.OrchestrationResponseDTO;
import io.eventhandler.api.core.ServiceQueryFormDTO;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * Asks the Orchestrator ({@code POST /orchestrator/orchestration}, Arrowhead 4.6 §2.3) for a provider of a service
 * on behalf of the requester system; the results in the Orchestrator's order.
 */
final class OrchestratorLookup extends CoreSystemLookup {

    static final String ORCHESTRATION_PATH = "/orchestrator/orchestration";

    private final SystemRequestDTO requester;
    private final Map<String, Boolean> flags;

    /**
     * @param orchestrator base URI of the Orchestrator, e.g. {@code https://127.0.0.1:8441}
     * @param requester    the system asking (the Orchestrator checks it against the client certificate)
     * @param flags        orchestration flags, e.g. {@code overrideStore=true}
     */
    OrchestratorLookup(final URI orchestrator, final SystemRequestDTO requester, final Map<String, Boolean> flags) {
        super(LocationSource.ORCHESTRATOR, orchestrator, ORCHESTRATION_PATH);
        this.requester = requester;
        this.flags = Map.copyOf(flags);
    }

    @Override
    public List<ServiceLocation> findAll(final CoreSystemHttp http, final EventHandlerService service)
            throws CoreSystemCallException {
        final OrchestrationFormRequestDTO form = new OrchestrationFormRequestDTO(requester, null,
                ServiceQueryFormDTO.of(service.definition()), flags, null, null, null);
        final OrchestrationResponseDTO answer = http.post(uri(), form, OrchestrationResponseDTO.class);
        return ServiceLookup.providers(answer.response(),
                result -> location(result.provider(), result.serviceUri(), uri()));
    }

    static ServiceLocation location(final SystemResponseDTO provider, final String serviceUri, final URI from)
            throws CoreSystemCallException {
        if (provider == null || provider.address() == null || provider.address().isBlank() || provider.port() == null) {
            throw new CoreSystemCallException(from + " named a provider without address or port: " + provider);
        }
        return new ServiceLocation(provider.address(), provider.port(), serviceUri);
    }

    static String trimmed(final URI base) {
        String text = base.toString();
        while (text.endsWith("/")) {
            text = text.substring(0, text.length() - 1);
        }
        return text;
    }

    @Override
    public String toString() {
        return "Orchestrator " + uri();
    }
}
