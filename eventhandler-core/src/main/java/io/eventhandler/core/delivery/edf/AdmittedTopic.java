package io.eventhandler.core.delivery.edf;

import io.eventhandler.core.qos.AdmissionResult;
import io.eventhandler.core.qos.QosRequest;
import io.eventhandler.core.qos.TopicQos;

import java.util.Map;

/**
 * One admitted topic as the scheduler uses it and the management API shows it. Immutable; replaced as a whole when
 * the configuration or the subscribers' requests change.
 *
 * @param topic      the topic name, as given
 * @param configured the QoS from configuration or the management API
 * @param requests   the subscribers' requests, by subscriber
 * @param admission  the admission of the effective QoS ({@code admission.qos()}: configured tightened by the requests)
 * @param generator  the job generator for the effective QoS
 */
public record AdmittedTopic(String topic, TopicQos configured, Map<String, QosRequest> requests,
                            AdmissionResult admission, JobGenerator generator) {

    public AdmittedTopic {
        requests = Map.copyOf(requests);
    }

    /** The QoS in force: the configured one tightened by every request (strictest wins). */
    public TopicQos effective() {
        return admission.qos();
    }
}
