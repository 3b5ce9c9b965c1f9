package io.eventhandler.api;

import com.fasterxml.jackson.annotation.JsonInclude;

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
 * @param requirements     optional extension: what the subscriber asks of the topic (e.g. a consumer priority)
 */
public record SubscriptionRequestDTO(
        String eventType,
        SystemRequestDTO subscriberSystem,
        Map<String, String> filterMetaData,
        String notifyUri,
        boolean matchMetaData,
        String startDate,
        String endDate,
        Set<SystemRequestDTO> sources,
        @JsonInclude(JsonInclude.Include.NON_NULL) SubscriberRequirementsDTO requirements) {

    /** A request in Arrowhead's own shape, asking for nothing beyond it. */
    public SubscriptionRequestDTO(final String eventType, final SystemRequestDTO subscriberSystem,
                                  final Map<String, String> filterMetaData, final String notifyUri,
                                  final boolean matchMetaData, final String startDate, final String endDate,
                                  final Set<SystemRequestDTO> sources) {
        this(eventType, subscriberSystem, filterMetaData, notifyUri, matchMetaData, startDate, endDate, sources, null);
    }
}
