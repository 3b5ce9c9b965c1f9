package io.eventhandler.api.core;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A service interface as core systems return it.
 *
 * @param id            its id
 * @param interfaceName e.g. {@code HTTP-SECURE-JSON}
 * @param createdAt     ISO-8601 instant
 * @param updatedAt     ISO-8601 instant
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServiceInterfaceResponseDTO(Long id, String interfaceName, String createdAt, String updatedAt) {
}
