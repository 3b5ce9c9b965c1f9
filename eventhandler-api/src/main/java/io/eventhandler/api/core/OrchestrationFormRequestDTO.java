package io.eventhandler.api.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.eventhandler.api.SystemRequestDTO;

import java.util.List;
import java.util.Map;

/**
 * {@code POST /orchestrator/orchestration}: which provider should this consumer use for a service.
 *
 * @param requesterSystem    the consumer (mandatory)
 * @param requesterCloud     its cloud, for inter-cloud requests; null locally
 * @param requestedService   the service wanted
 * @param orchestrationFlags flags by name ({@code overrideStore}, {@code matchmaking}, ...); absent ones are false
 * @param preferredProviders providers to prefer
 * @param commands           free-form commands
 * @param qosRequirements    QoS requirements
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OrchestrationFormRequestDTO(
        SystemRequestDTO requesterSystem,
        CloudRequestDTO requesterCloud,
        ServiceQueryFormDTO requestedService,
        Map<String, Boolean> orchestrationFlags,
        List<PreferredProviderDataDTO> preferredProviders,
        Map<String, String> commands,
        Map<String, String> qosRequirements) {
}
