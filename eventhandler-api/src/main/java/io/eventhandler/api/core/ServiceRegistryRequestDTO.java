package io.eventhandler.api.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.eventhandler.api.SystemRequestDTO;

import java.util.List;
import java.util.Map;

/**
 * A service registration ({@code POST /serviceregistry/register}).
 *
 * @param serviceDefinition the service definition, e.g. {@code event-publish}
 * @param providerSystem    the system providing it; its name must be the registering certificate's
 * @param serviceUri        the path of the service on the provider
 * @param endOfValidity     ISO-8601 instant after which the registration lapses; null for none
 * @param secure            {@code NOT_SECURE}, {@code CERTIFICATE} or {@code TOKEN}
 * @param metadata          free-form service metadata; null for none
 * @param version           service version; null for the registry's default
 * @param interfaces        e.g. {@code HTTP-SECURE-JSON}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServiceRegistryRequestDTO(
        String serviceDefinition,
        SystemRequestDTO providerSystem,
        String serviceUri,
        String endOfValidity,
        String secure,
        Map<String, String> metadata,
        Integer version,
        List<String> interfaces) {
}
