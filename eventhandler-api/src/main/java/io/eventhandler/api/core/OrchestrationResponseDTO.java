package io.eventhandler.api.core;

import java.util.List;

/**
 * The Orchestrator's answer.
 *
 * @param response the providers, best first
 */
public record OrchestrationResponseDTO(List<OrchestrationResultDTO> response) {
}
