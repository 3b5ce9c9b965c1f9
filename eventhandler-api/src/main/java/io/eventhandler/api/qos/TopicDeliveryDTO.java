package io.eventhandler.api.qos;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How a topic is delivered: its QoS as configured, what its subscribers ask for, the QoS in force and its admission.
 *
 * @param topic                      the event type, or {@code *} for topics without QoS
 * @param configured                 the configured QoS, or null (the default applies)
 * @param requested                  the subscribers' strictest request, or null
 * @param effective                  the QoS in force
 * @param replicationDeadlineMs      D^r = (N+L)·T − Δ_PB − Δ_BB − x (Lemma 1); null for best effort
 * @param dispatchDeadlineMs         D^d = D − Δ_PB − Δ_BS (Lemma 2)
 * @param subscriberLatencyMs        the Δ_BS used: its destination's, or a subscriber's larger one
 * @param replicationNeeded          whether its events get replication jobs (Proposition 1, or replicate-all)
 * @param smallestAdmittingRetention the smallest N that admits the effective QoS, or null when none does
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TopicDeliveryDTO(String topic, TopicQosDTO configured, QosRequestDTO requested, TopicQosDTO effective,
                               Double replicationDeadlineMs, Double dispatchDeadlineMs, double subscriberLatencyMs,
                               boolean replicationNeeded,
                               Integer smallestAdmittingRetention) {
}
