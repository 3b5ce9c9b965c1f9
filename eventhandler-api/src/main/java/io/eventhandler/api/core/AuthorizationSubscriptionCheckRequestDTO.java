package io.eventhandler.api.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.eventhandler.api.SystemRequestDTO;

import java.util.Set;

/**
 * {@code POST /authorization/subscription/check}: which publishers may reach this subscriber. Only the Event Handler
 * may ask. (Arrowhead keeps this type in its internal DTOs.)
 *
 * @param consumer   the subscriber
 * @param publishers the publishers to check; null for all the Authorization knows of
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AuthorizationSubscriptionCheckRequestDTO(SystemRequestDTO consumer, Set<SystemRequestDTO> publishers) {
}
