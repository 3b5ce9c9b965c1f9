package io.eventhandler.client.testing;

import eu.arrowhead.common.dto.shared.OrchestrationResponseDTO;
import eu.arrowhead.common.dto.shared.OrchestrationResultDTO;
import eu.arrowhead.common.dto.shared.ServiceDefinitionResponseDTO;
import eu.arrowhead.common.dto.shared.ServiceInterfaceResponseDTO;
import eu.arrowhead.common.dto.shared.ServiceQueryResultDTO;
import eu.arrowhead.common.dto.shared.ServiceRegistryResponseDTO;
import eu.arrowhead.common.dto.shared.ServiceSecurityType;
import eu.arrowhead.common.dto.shared.SystemResponseDTO;
import java.util.ArrayList;
import java.util.List;

/** Answers of the Orchestrator and the Service Registry, built from the official Arrowhead 4.4 DTO classes. */
public final class OfficialAnswers {

    private static final String NOW = "2024-03-19T10:31:17Z";

    private OfficialAnswers() {
    }

    /** A provider system as the core database knows it (secure: with a public key). */
    public static SystemResponseDTO system(final String name, final String address, final int port) {
        return new SystemResponseDTO(7, name, address, port, "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A", null, NOW, NOW);
    }

    /** One orchestration result per registration, in order. */
    public static OrchestrationResponseDTO orchestration(final Registration... registrations) {
        final List<OrchestrationResultDTO> results = new ArrayList<>();
        for (final Registration r : registrations) {
            // the all-arguments constructor needs Spring's Assert, which is not on the classpath
            final OrchestrationResultDTO result = new OrchestrationResultDTO();
            result.setProvider(r.provider());
            result.setService(definition(r.definition()));
            result.setServiceUri(r.serviceUri());
            result.setSecure(ServiceSecurityType.CERTIFICATE);
            result.setInterfaces(interfaces());
            result.setVersion(1);
            results.add(result);
        }
        return new OrchestrationResponseDTO(results);
    }

    /** A Service Registry query result holding the registrations, in order. */
    public static ServiceQueryResultDTO query(final Registration... registrations) {
        final List<ServiceRegistryResponseDTO> data = new ArrayList<>();
        long id = 1;
        for (final Registration r : registrations) {
            final ServiceRegistryResponseDTO entry = new ServiceRegistryResponseDTO();
            entry.setId(id++);
            entry.setServiceDefinition(definition(r.definition()));
            entry.setProvider(r.provider());
            entry.setServiceUri(r.serviceUri());
            entry.setSecure(ServiceSecurityType.CERTIFICATE);
            entry.setVersion(1);
            entry.setInterfaces(interfaces());
            entry.setCreatedAt(NOW);
            entry.setUpdatedAt(NOW);
            data.add(entry);
        }
        final ServiceQueryResultDTO result = new ServiceQueryResultDTO();
        result.setServiceQueryData(data);
        result.setUnfilteredHits(data.size());
        return result;
    }

    private static ServiceDefinitionResponseDTO definition(final String definition) {
        return new ServiceDefinitionResponseDTO(3, definition, NOW, NOW);
    }

    private static List<ServiceInterfaceResponseDTO> interfaces() {
        return List.of(new ServiceInterfaceResponseDTO(1, "HTTP-SECURE-JSON", NOW, NOW));
    }

    /**
     * A service of a provider.
     *
     * @param definition e.g. {@code event-publish}
     * @param provider   who provides it
     * @param serviceUri its path
     */
    public record Registration(String definition, SystemResponseDTO provider, String serviceUri) {
    }
}
