package io.eventhandler.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a subscriber asks of its topic: an extension of Arrowhead's subscription request (field
 * {@code requirements}), ignored by Arrowhead's own Event Handler. Requests only tighten a topic; when several
 * subscribers ask, the strictest wins.
 *
 * @param priority      consumer priority of a derived (operator engine) topic, higher is more urgent; null for none
 * @param deadlineMs    a stricter end-to-end deadline D for the topic, in milliseconds; null for none
 * @param lossTolerance a stricter loss tolerance L (consecutive losses) for the topic; null for none
 * @param latencyMs     the least time an event takes from the Event Handler to this subscriber (its Δ_BS), in
 *                      milliseconds, when more than its destination's bound; null for that bound
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SubscriberRequirementsDTO(Integer priority, Double deadlineMs, Integer lossTolerance, Double latencyMs) {

    /** A priority request only. */
    public SubscriberRequirementsDTO(final Integer priority) {
        this(priority, null, null, null);
    }

    /** No latency statement. */
    public SubscriberRequirementsDTO(final Integer priority, final Double deadlineMs, final Integer lossTolerance) {
        this(priority, deadlineMs, lossTolerance, null);
    }
}
