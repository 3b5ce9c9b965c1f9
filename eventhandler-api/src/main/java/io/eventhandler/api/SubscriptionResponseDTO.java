package io.eventhandler.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * A stored subscription as the management API shows it ({@code SubscriptionResponseDTO} of Arrowhead 4.6; like
 * Arrowhead's, null fields are written out).
 *
 * @param id               the subscription's id
 * @param eventType        the subscribed event type
 * @param subscriberSystem the subscriber, with the Authorization system's id for it when known
 * @param filterMetaData   the requested metadata filter, or null
 * @param notifyUri        path on the subscriber that receives the events
 * @param matchMetaData    whether {@code filterMetaData} applies
 * @param startDate        ISO-8601 instant, or null
 * @param endDate          ISO-8601 instant, or null
 * @param sources          Arrowhead's publisher connections: the requested sources, or, when none were requested,
 *                         the publishers the Authorization system allows
 * @param createdAt        ISO-8601 instant
 * @param updatedAt        ISO-8601 instant
 * @param requirements     extension: what the subscriber asked of the topic; left out when nothing
 */
public record SubscriptionResponseDTO(
        long id,
        EventTypeResponseDTO eventType,
        SystemResponseDTO subscriberSystem,
        Map<String, String> filterMetaData,
        String notifyUri,
        boolean matchMetaData,
        String startDate,
        String endDate,
        List<SystemResponseDTO> sources,
        String createdAt,
        String updatedAt,
        @JsonInclude(JsonInclude.Include.NON_NULL) SubscriberRequirementsDTO requirements) {
}
