package io.eventhandler.server.testing.arrowhead5;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * The Arrowhead 5.2.0 wire types the doubles read and write, field for field the records of
 * {@code eu.arrowhead.dto} (ah5-common-java-spring v5.2.0, which is not published to Maven Central: the fields are
 * copied by hand from {@code SystemRegisterRequestDTO}, {@code ServiceInstanceCreateRequestDTO},
 * {@code ServiceInstanceInterfaceRequestDTO}, {@code SystemLookupRequestDTO}, {@code ServiceInstanceLookupRequestDTO},
 * {@code SystemResponseDTO}, {@code ServiceInstanceResponseDTO}, {@code ErrorMessageDTO}, and checked against a
 * 5.2.0 core's answers). Requests are read with unknown properties refused.
 */
public final class Ah5Dtos {

    private Ah5Dtos() {
    }

    public record SystemRegisterRequestDTO(Map<String, Object> metadata, String version, List<String> addresses,
                                           String deviceName) {
    }

    public record ServiceInstanceCreateRequestDTO(String serviceDefinitionName, String version, String expiresAt,
                                                  Map<String, Object> metadata,
                                                  List<ServiceInstanceInterfaceRequestDTO> interfaces) {
    }

    public record ServiceInstanceInterfaceRequestDTO(String templateName, String protocol, String policy,
                                                     Map<String, Object> properties) {
    }

    public record SystemLookupRequestDTO(List<String> systemNames, List<String> addresses, String addressType,
                                         List<Map<String, Object>> metadataRequirementList, List<String> versions,
                                         List<String> deviceNames) {
    }

    public record ServiceInstanceLookupRequestDTO(List<String> instanceIds, List<String> providerNames,
                                                  List<String> serviceDefinitionNames, List<String> versions,
                                                  String alivesAt, List<Map<String, Object>> metadataRequirementsList,
                                                  List<String> addressTypes, List<String> interfaceTemplateNames,
                                                  List<Map<String, Object>> interfacePropertyRequirementsList,
                                                  List<String> policies) {
    }

    public record AddressDTO(String type, String address) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SystemResponseDTO(String name, Map<String, Object> metadata, String version,
                                    List<AddressDTO> addresses, Object device, String createdAt, String updatedAt) {
    }

    public record ServiceDefinitionResponseDTO(String name, String createdAt, String updatedAt) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ServiceInstanceResponseDTO(String instanceId, SystemResponseDTO provider,
                                             ServiceDefinitionResponseDTO serviceDefinition, String version,
                                             String expiresAt, Map<String, Object> metadata,
                                             List<ServiceInstanceInterfaceRequestDTO> interfaces, String createdAt,
                                             String updatedAt) {
    }

    public record ListResponseDTO<T>(List<T> entries, long count) {
    }

    /**
     * 5.x's error body: {@code exceptionType} one of AUTH, FORBIDDEN, INVALID_PARAMETER, DATA_NOT_FOUND, ...; a
     * null {@code origin} is left out, as the 5.2.0 identity filters answer.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ErrorMessageDTO(String errorMessage, int errorCode, String exceptionType, String origin) {
    }

    /** ConsumerAuthorization: {@code AuthorizationVerifyRequestDTO}. */
    public record AuthorizationVerifyRequestDTO(String provider, String consumer, String cloud, String targetType,
                                                String target, String scope) {
    }

    /** {@code AuthorizationVerifyListRequestDTO}. */
    public record AuthorizationVerifyListRequestDTO(List<AuthorizationVerifyRequestDTO> list) {
    }

    /** {@code AuthorizationVerifyResponseDTO}; nulls (the scope) are left out, as the 5.2.0 core answers. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AuthorizationVerifyResponseDTO(String provider, String consumer, String cloud, String targetType,
                                                 String target, String scope, boolean granted) {
    }

    /** {@code PageDTO}. */
    public record PageDTO(Integer page, Integer size, String direction, String sortField) {
    }

    /** {@code AuthorizationQueryRequestDTO}. */
    public record AuthorizationQueryRequestDTO(PageDTO pagination, String level, List<String> providers,
                                               List<String> instanceIds, List<String> cloudIdentifiers,
                                               List<String> targetNames, String targetType) {
    }

    /** {@code AuthorizationPolicyDTO}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AuthorizationPolicyDTO(String policyType, List<String> policyList,
                                         Map<String, Object> policyMetadataRequirement) {
    }

    /** {@code AuthorizationPolicyResponseDTO}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AuthorizationPolicyResponseDTO(String instanceId, String level, String cloud, String provider,
                                                 String targetType, String target, String description,
                                                 AuthorizationPolicyDTO defaultPolicy,
                                                 Map<String, AuthorizationPolicyDTO> scopedPolicies,
                                                 String createdBy, String createdAt) {
    }

    /** Orchestration: {@code OrchestrationRequestDTO}. */
    public record OrchestrationRequestDTO(OrchestrationServiceRequirementDTO serviceRequirement,
                                          Map<String, Boolean> orchestrationFlags,
                                          List<QoSRequirementDTO> qualityRequirements, Integer exclusivityDuration) {
    }

    /** {@code OrchestrationServiceRequirementDTO}; a {@code MetadataRequirementDTO} is a map. */
    public record OrchestrationServiceRequirementDTO(String serviceDefinition, List<String> operations,
                                                     List<String> versions, String alivesAt,
                                                     List<Map<String, Object>> metadataRequirements,
                                                     List<String> interfaceTemplateNames,
                                                     List<String> interfaceAddressTypes,
                                                     List<Map<String, Object>> interfacePropertyRequirements,
                                                     List<String> securityPolicies, List<String> preferredProviders) {
    }

    /** {@code QoSRequirementDTO}. */
    public record QoSRequirementDTO(String type, String operation, Map<String, Object> requirements) {
    }

    /** {@code OrchestrationResponseDTO}. */
    public record OrchestrationResponseDTO(List<OrchestrationResultDTO> results, List<String> warnings) {
    }

    /** {@code OrchestrationResultDTO}, with its misspelled {@code cloudIdentitifer} and {@code serviceDefinitition}. */
    public record OrchestrationResultDTO(String serviceInstanceId, String cloudIdentitifer, String providerName,
                                         String serviceDefinitition, String version, String aliveUntil,
                                         String exclusiveUntil, Map<String, Object> metadata,
                                         List<ServiceInstanceInterfaceRequestDTO> interfaces,
                                         Map<String, Map<String, Object>> authorizationTokens) {
    }
}
