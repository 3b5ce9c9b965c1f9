package io.eventhandler.server.testing.arrowhead5;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.OrchestrationRequestDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.OrchestrationResponseDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.OrchestrationResultDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.OrchestrationServiceRequirementDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.ServiceInstanceCreateRequestDTO;
import io.eventhandler.server.testing.arrowhead5.Ah5Dtos.ServiceInstanceInterfaceRequestDTO;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

import static io.eventhandler.server.testing.arrowhead5.Core5Http.error;
import static io.eventhandler.server.testing.arrowhead5.Core5Http.json;

/**
 * A stand-in for the Arrowhead 5.2.0 DynamicServiceOrchestration's {@code pull}
 * ({@code POST /serviceorchestration/orchestration/pull}) over real HTTP or HTTPS on loopback, as its local pipeline
 * answers a consumer: the requester from its identity (never the body), the request validated with the 5.x texts,
 * candidates from the ServiceRegistry double (by service definition, their interfaces narrowed to the requested
 * templates), kept only when the ConsumerAuthorization double grants the requester the provider's
 * {@code SERVICE_DEF} rule (no rule, no result), answered with the 5.x {@code OrchestrationResponseDTO} (misspelled
 * keys included; no results is 200 with empty lists), as a 5.2.0 core answered them. Both doubles are consulted in process, where the real
 * orchestrator calls them over HTTP with its direct access. Requests are read with unknown properties refused.
 */
public final class FakeOrchestration5 implements AutoCloseable {

    public static final String PULL = "/serviceorchestration/orchestration/pull";
    private static final ObjectMapper STRICT = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
    private static final Set<String> FLAGS = Set.of("ALLOW_INTERCLOUD", "ALLOW_TRANSLATION", "ONLY_INTERCLOUD",
            "ONLY_EXCLUSIVE", "ONLY_PREFERRED", "MATCHMAKING");

    /** One pull as received: the requester and the request. */
    public record Pull(String requester, OrchestrationRequestDTO request) {
    }

    private final FakeServiceRegistry5 registry;
    private final FakeConsumerAuthorization5 authorization;
    private final List<Pull> pulls = new CopyOnWriteArrayList<>();
    private final Core5Http http;
    private volatile Function<String, String> identify = FakeServiceRegistry5::declared;

    /** Plain HTTP, callers identified by {@code Bearer SYSTEM//<Name>} unless {@link #identifyWith} says otherwise. */
    public FakeOrchestration5(final FakeServiceRegistry5 registry, final FakeConsumerAuthorization5 authorization) {
        this(registry, authorization, null);
    }

    /** With {@code tls}: HTTPS needing a client certificate, whose system is the requester. */
    public FakeOrchestration5(final FakeServiceRegistry5 registry, final FakeConsumerAuthorization5 authorization,
                              final SSLContext tls) {
        this.registry = registry;
        this.authorization = authorization;
        this.http = new Core5Http("serviceorchestration5", this::serve, tls);
    }

    public int port() {
        return http.port();
    }

    /** Identify callers with {@code resolver} (header → system, null if invalid); declared by default. */
    public void identifyWith(final Function<String, String> resolver) {
        identify = resolver;
    }

    /** The pulls answered (not those refused before reading the body), in order. */
    public List<Pull> pulls() {
        return List.copyOf(pulls);
    }

    private void serve(final Request request, final Response response) throws IOException {
        final String path = request.getRequestURI();
        final String origin = "POST " + PULL;
        final String body = new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!path.equals(PULL) || !request.getMethod().getMethodString().equals("POST")) {
            response.setStatus(404);
            response.setContentType("application/problem+json");
            response.getWriter().write("{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,"
                    + "\"instance\":\"" + path + "\"}");
            return;
        }
        final String requester = http.caller(request, response, identify);
        if (requester == null) {
            return;
        }
        final OrchestrationRequestDTO pull;
        try {
            pull = STRICT.readValue(body, OrchestrationRequestDTO.class);
        } catch (final JsonProcessingException e) {
            error(response, 400, "Invalid request body", "INVALID_PARAMETER", origin);
            return;
        }
        final String problem = problem(pull);
        if (problem != null) {
            error(response, 400, problem, "INVALID_PARAMETER", origin);
            return;
        }
        pulls.add(new Pull(requester, pull));
        json(response, 200, new OrchestrationResponseDTO(results(requester, pull.serviceRequirement()), List.of()));
    }

    /** The 5.x {@code OrchestrationFormValidation} texts for what a consumer may get wrong, in its order. */
    private static String problem(final OrchestrationRequestDTO pull) {
        if (pull == null) {
            return "Request payload is missing";
        }
        final OrchestrationServiceRequirementDTO requirement = pull.serviceRequirement();
        if (requirement == null || requirement.serviceDefinition() == null
                || requirement.serviceDefinition().isBlank()) {
            return "Service definition is empty";
        }
        if (requirement.operations() != null && requirement.operations().stream()
                .anyMatch(o -> o == null || o.isBlank())) {
            return "Operation list contains empty element";
        }
        if (pull.orchestrationFlags() != null && pull.orchestrationFlags().containsValue(null)) {
            return "Orchestration flag map contains null value";
        }
        if (requirement.interfaceTemplateNames() != null && requirement.interfaceTemplateNames().stream()
                .anyMatch(t -> t == null || t.isBlank())) {
            return "Interface template name list contains empty element";
        }
        if (pull.orchestrationFlags() != null) {
            for (final String flag : pull.orchestrationFlags().keySet()) {
                if (!FLAGS.contains(flag.trim().toUpperCase())) {
                    return "Invalid orchestration flag: " + flag.trim().toUpperCase();
                }
            }
        }
        return null;
    }

    private List<OrchestrationResultDTO> results(final String requester,
                                                 final OrchestrationServiceRequirementDTO requirement) {
        final List<OrchestrationResultDTO> results = new ArrayList<>();
        for (final Map.Entry<String, ServiceInstanceCreateRequestDTO> entry : registry.instances().entrySet()) {
            final ServiceInstanceCreateRequestDTO instance = entry.getValue();
            final String provider = entry.getKey().substring(0, entry.getKey().indexOf('|'));
            final List<ServiceInstanceInterfaceRequestDTO> interfaces = instance.interfaces().stream()
                    .filter(i -> requirement.interfaceTemplateNames() == null
                            || requirement.interfaceTemplateNames().contains(i.templateName()))
                    .toList();
            if (!instance.serviceDefinitionName().equals(requirement.serviceDefinition()) || interfaces.isEmpty()
                    || !authorization.granted(provider, requester, "SERVICE_DEF", requirement.serviceDefinition())) {
                continue;
            }
            results.add(new OrchestrationResultDTO(entry.getKey(), "LOCAL", provider,
                    instance.serviceDefinitionName(), instance.version(), instance.expiresAt(), null,
                    instance.metadata() == null ? Map.of() : instance.metadata(), interfaces, Map.of()));
        }
        return results;
    }

    @Override
    public void close() {
        http.close();
    }
}
