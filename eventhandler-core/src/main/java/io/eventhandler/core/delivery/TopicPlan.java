package io.eventhandler.core.delivery;

import io.eventhandler.core.delivery.edf.JobGenerator;
import io.eventhandler.core.qos.AdmissionResult;
import io.eventhandler.core.qos.QosRequest;
import io.eventhandler.core.qos.TopicQos;

/**
 * How one topic is delivered now: its QoS as configured, the strictest of its subscribers' requests, the QoS in
 * force, its admission and the job generator made from it. Immutable; replaced as a whole when anything changes.
 *
 * @param topic      the normalised topic
 * @param configured the QoS configured for it, or null when it has none (the default applies)
 * @param requested  the strictest request of its subscribers
 * @param effective  the QoS in force: the configured (or default) one tightened by the request
 * @param admission  the admission test of {@code effective}
 * @param generator  the deadlines of its messages
 */
public record TopicPlan(String topic, TopicQos configured, QosRequest requested, TopicQos effective,
                        AdmissionResult admission, JobGenerator generator) {

    /** Whether the topic has a QoS of its own (else the default applies). */
    public boolean configuredExplicitly() {
        return configured != null;
    }

    /** D − Δ_BS: how long after creation an event may leave the broker and still meet D (Lemma 2). */
    public long dispatchBudgetMicros() {
        return admission.pseudoDispatchDeadlineMicros();
    }
}
