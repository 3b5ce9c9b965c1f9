package io.eventhandler.api;

import java.util.Map;
import java.util.Set;

/**
 * The body of {@code POST /eventhandler/subscribe} ({@code SubscriptionRequestDTO} of Arrowhead 4.6).
 * One subscription exists per event type and subscriber system; subscribing again replaces it.
 *
 * @param eventType        the topic; matched case-insensitively
 * @param subscriberSystem the subscriber, also the address events are POSTed to
 * @param filterMetaData   metadata an event must carry (values compared case-insensitively) when
 *                         {@code matchMetaData} is true
 * @param notifyUri        path on the subscriber that receives {@code POST}s of {@link EventDTO}
 * @param matchMetaData    whether {@code filterMetaData} applies
 * @param startDate        optional ISO-8601 instant: only events stamped at or after it are delivered
 * @param endDate          optional ISO-8601 instant: only events stamped at or before it are delivered
 * @param sources          optional publishers to accept events from; empty or null means any
 */
public record SubscriptionRequestDTO(
        String eventType,
        SystemRequestDTO subscriberSystem,
        Map<String, String> filterMetaData,
        String notifyUri,
        boolean matchMetaData,
        String startDate,
        String endDate,
        Set<SystemRequestDTO> sources) {
}
