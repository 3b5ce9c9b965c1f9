package io.eventhandler.api.core;

import java.util.List;

/**
 * The Service Registry's answer to a query.
 *
 * @param serviceQueryData the matching registrations
 * @param unfilteredHits   registrations of the definition before the other requirements were applied
 */
public record ServiceQueryResultDTO(List<ServiceRegistryResponseDTO> serviceQueryData, int unfilteredHits) {
}
