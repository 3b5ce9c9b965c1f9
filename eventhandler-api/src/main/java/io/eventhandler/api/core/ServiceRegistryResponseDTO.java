package io.eventhandler.api.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.eventhandler.api.SystemResponseDTO;

import java.util.List;
import java.util.Map;

/**
 * One registration as the Service Registry returns it.
 *
 * @param id                the registration's id
 * @param serviceDefinition the service definition
 * @param provider          the providing system
 * @param serviceUri        the path of the service on the provider
 * @param endOfValidity     ISO-8601 instant, if any
 * @param secure            {@code NOT_SECURE}, {@code CERTIFICATE} or {@code TOKEN}
 * @param metadata          service metadata, if any
 * @param version           service version
 * @param interfaces        its interfaces
 * @param createdAt         ISO-8601 instant
 * @param updatedAt         ISO-8601 instant
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServiceRegistryResponseDTO(
        Long id,
        ServiceDefinitionResponseDTO serviceDefinition,
        SystemResponseDTO provider,
        String serviceUri,
        String endOfValidity,
        String secure,
        Map<String, String> metadata,
        Integer version,
        List<ServiceInterfaceResponseDTO> interfaces,
        String createdAt,
        String updatedAt) {
}
