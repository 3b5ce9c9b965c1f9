package io.eventhandler.api.core;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * A Service Registry query ({@code POST /serviceregistry/query}) and the requested service of an orchestration.
 *
 * @param serviceDefinitionRequirement    the service definition, e.g. {@code event-publish}
 * @param interfaceRequirements           accepted interfaces, e.g. {@code HTTP-SECURE-JSON}; null for any
 * @param securityRequirements            accepted security types ({@code NOT_SECURE}, {@code CERTIFICATE},
 *                                        {@code TOKEN}); null for any
 * @param metadataRequirements            required service metadata; null for none
 * @param versionRequirement              exact version; null for any
 * @param minVersionRequirement           lowest version; null for any
 * @param maxVersionRequirement           highest version; null for any
 * @param pingProviders                   whether the registry checks providers are reachable
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServiceQueryFormDTO(
        String serviceDefinitionRequirement,
        List<String> interfaceRequirements,
        List<String> securityRequirements,
        Map<String, String> metadataRequirements,
        Integer versionRequirement,
        Integer minVersionRequirement,
        Integer maxVersionRequirement,
        boolean pingProviders) {

    /** A query for one service definition, nothing else required. */
    public static ServiceQueryFormDTO of(final String serviceDefinition) {
        return new ServiceQueryFormDTO(serviceDefinition, null, null, null, null, null, null, false);
    }
}
