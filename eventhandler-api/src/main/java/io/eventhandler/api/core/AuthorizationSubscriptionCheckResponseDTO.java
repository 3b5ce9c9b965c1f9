package io.eventhandler.api.core;

import io.eventhandler.api.SystemResponseDTO;

import java.util.Set;

/**
 * The Authorization's answer: the subscriber as the core database knows it (its {@code id} is what authorization
 * updates name) and every provider it has an intra-cloud rule towards, for any service.
 *
 * @param consumer   the subscriber
 * @param publishers the authorized publishers
 */
public record AuthorizationSubscriptionCheckResponseDTO(SystemResponseDTO consumer, Set<SystemResponseDTO> publishers) {
}
