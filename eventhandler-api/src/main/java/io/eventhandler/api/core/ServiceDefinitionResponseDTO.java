package io.eventhandler.api.core;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A service definition as core systems return it.
 *
 * @param id                its id
 * @param serviceDefinition its name, e.g. {@code event-publish}
 * @param createdAt         ISO-8601 instant
 * @param updatedAt         ISO-8601 instant
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServiceDefinitionResponseDTO(Long id, String serviceDefinition, String createdAt, String updatedAt) {
}
