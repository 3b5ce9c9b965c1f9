package io.eventhandler.api.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.eventhandler.api.SystemRequestDTO;

/**
 * A provider an orchestration request prefers.
 *
 * @param providerSystem the system
 * @param providerCloud  its cloud, for inter-cloud preferences; null in the local cloud
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PreferredProviderDataDTO(SystemRequestDTO providerSystem, CloudRequestDTO providerCloud) {
}
