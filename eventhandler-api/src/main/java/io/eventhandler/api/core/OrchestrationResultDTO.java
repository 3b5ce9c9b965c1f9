package io.eventhandler.api.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.eventhandler.api.SystemResponseDTO;

import java.util.List;
import java.util.Map;

/**
 * One provider the Orchestrator offers.
 *
 * @param provider            the providing system (address and port to call)
 * @param service             the service definition
 * @param serviceUri          the path to call
 * @param secure              {@code NOT_SECURE}, {@code CERTIFICATE} or {@code TOKEN}
 * @param metadata            service metadata
 * @param interfaces          its interfaces
 * @param version             service version
 * @param authorizationTokens tokens by interface name, for {@code TOKEN} services
 * @param warnings            e.g. {@code TTL_EXPIRING}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OrchestrationResultDTO(
        SystemResponseDTO provider,
        ServiceDefinitionResponseDTO service,
        String serviceUri,
        String secure,
        Map<String, String> metadata,
        List<ServiceInterfaceResponseDTO> interfaces,
        Integer version,
        Map<String, String> authorizationTokens,
        List<String> warnings) {
}
