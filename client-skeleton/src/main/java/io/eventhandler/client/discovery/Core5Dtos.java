package io.eventhandler.client.discovery;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * The Arrowhead 5 orchestration {@code pull} and ServiceRegistry {@code service-discovery/lookup} as a consumer speaks
 * them, field for field the 5.x records of {@code eu.arrowhead.dto} ({@code OrchestrationRequestDTO},
 * {@code OrchestrationServiceRequirementDTO}, {@code OrchestrationResponseDTO}, {@code OrchestrationResultDTO},
 * {@code ServiceInstanceLookupRequestDTO}, {@code ServiceInstanceListResponseDTO}, {@code ServiceInstanceResponseDTO},
 * {@code ServiceInstanceInterfaceResponseDTO}), including the orchestration result's misspelled
 * {@code cloudIdentitifer} and {@code serviceDefinitition}. Fields the client does not set are left out of a request;
 * answers are read leniently.
 */
final class Core5Dtos {

    private Core5Dtos() {
    }

    /** {@code OrchestrationRequestDTO}: QoS requirements and exclusivity are not asked for. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record OrchestrationRequest(ServiceRequirement serviceRequirement, Map<String, Boolean> orchestrationFlags,
                                List<Object> qualityRequirements, Integer exclusivityDuration) {
    }

    /** {@code OrchestrationServiceRequirementDTO}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ServiceRequirement(String serviceDefinition, List<String> operations, List<String> versions,
                              String alivesAt, List<Map<String, Object>> metadataRequirements,
                              List<String> interfaceTemplateNames, List<String> interfaceAddressTypes,
                              List<Map<String, Object>> interfacePropertyRequirements, List<String> securityPolicies,
                              List<String> preferredProviders) {

        /** One service's operation over these interface templates; nothing else required. */
        static ServiceRequirement of(final String serviceDefinition, final String operation,
                                     final List<String> templates) {
            return new ServiceRequirement(serviceDefinition, List.of(operation), null, null, null, templates, null,
                    null, null, null);
        }
    }

    /** {@code OrchestrationResponseDTO}. */
    record OrchestrationResponse(List<OrchestrationResult> results, List<String> warnings) {
    }

    /** {@code OrchestrationResultDTO}, with the 5.x JSON names as they are. */
    record OrchestrationResult(String serviceInstanceId, String cloudIdentitifer, String providerName,
                               String serviceDefinitition, String version, String aliveUntil, String exclusiveUntil,
                               Map<String, Object> metadata, List<ServiceInterface> interfaces,
                               Map<String, Map<String, Object>> authorizationTokens) {
    }

    /** {@code ServiceInstanceInterfaceResponseDTO}: the template's properties as the provider registered them. */
    record ServiceInterface(String templateName, String protocol, String policy, Map<String, Object> properties) {
    }

    /** {@code ServiceInstanceLookupRequestDTO}: by service definition and interface template only. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ServiceInstanceLookup(List<String> serviceDefinitionNames, List<String> interfaceTemplateNames) {
    }

    /** {@code ServiceInstanceListResponseDTO}. */
    record ServiceInstanceList(List<ServiceInstance> entries, long count) {
    }

    /** {@code ServiceInstanceResponseDTO}: what the client reads of it. */
    record ServiceInstance(String instanceId, String version, String expiresAt, Map<String, Object> metadata,
                           List<ServiceInterface> interfaces) {
    }
}
