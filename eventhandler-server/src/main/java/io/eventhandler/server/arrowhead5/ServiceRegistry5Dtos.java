package io.eventhandler.server.arrowhead5;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * The Arrowhead 5 Service Registry's request bodies as the Event Handler sends them, field for field the 5.x
 * records ({@code SystemRegisterRequestDTO}, {@code ServiceInstanceCreateRequestDTO},
 * {@code ServiceInstanceInterfaceRequestDTO}, {@code SystemLookupRequestDTO}, {@code ServiceInstanceLookupRequestDTO}).
 * Answers are read as trees: only {@code count} and {@code instanceId} are used.
 */
final class ServiceRegistry5Dtos {

    private ServiceRegistry5Dtos() {
    }

    /** {@code POST /serviceregistry/system-discovery/register}: the name comes from the caller's identity. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SystemRegisterRequest(Map<String, Object> metadata, String version, List<String> addresses,
                                 String deviceName) {
    }

    /** {@code POST /serviceregistry/service-discovery/register}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ServiceInstanceCreateRequest(String serviceDefinitionName, String version, String expiresAt,
                                        Map<String, Object> metadata, List<ServiceInstanceInterfaceRequest> interfaces) {
    }

    /** One interface of an instance: a template ({@code generic_http(s)}), its policy and its properties. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ServiceInstanceInterfaceRequest(String templateName, String protocol, String policy,
                                           Map<String, Object> properties) {
    }

    /** {@code POST /serviceregistry/system-discovery/lookup}; note the 5.x field name {@code metadataRequirementList}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SystemLookupRequest(List<String> systemNames) {
    }

    /** {@code POST /serviceregistry/service-discovery/lookup}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ServiceInstanceLookupRequest(List<String> instanceIds) {
    }

    /** {@code POST /serviceregistry/service-discovery/lookup} by service definition. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ServiceDefinitionLookupRequest(List<String> serviceDefinitionNames) {
    }
}
