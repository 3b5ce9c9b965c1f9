package io.eventhandler.core.delivery.edf;

import io.eventhandler.core.qos.Admission;
import io.eventhandler.core.qos.AdmissionResult;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.QosRequest;
import io.eventhandler.core.qos.TopicQos;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The admitted topics: each topic's configured QoS, its subscribers' requests, and the admission and job generator of
 * the strictest combination. A change that fails admission is refused and leaves the topic as it was; withdrawing a
 * request only loosens the QoS, which always stays admissible. Reads are lock-free; changes are serialised.
 */
public final class AdmittedTopics {

    private final LatencyBounds bounds;
    private final ReplicationPolicy policy;
    private final Map<String, AdmittedTopic> topics = new ConcurrentHashMap<>();

    public AdmittedTopics(final LatencyBounds bounds, final ReplicationPolicy policy) {
        this.bounds = bounds;
        this.policy = policy;
    }

    public LatencyBounds bounds() {
        return bounds;
    }

    /** Sets a topic's configured QoS, keeping its subscribers' requests; refused (and not applied) if not admitted. */
    public synchronized AdmissionResult configure(final String topic, final TopicQos configured) {
        final AdmittedTopic current = topics.get(topic);
        return admit(topic, configured, current == null ? Map.of() : current.requests());
    }

    /**
     * A subscriber asks for a stricter D or L on a configured topic (replacing its earlier request); refused (and not
     * applied) if the tightened QoS is not admitted.
     *
     * @throws IllegalArgumentException for a topic with no configured QoS
     */
    public synchronized AdmissionResult request(final String topic, final String subscriber,
                                                final QosRequest request) {
        final AdmittedTopic current = existing(topic);
        final Map<String, QosRequest> requests = new HashMap<>(current.requests());
        requests.put(subscriber, request);
        return admit(topic, current.configured(), requests);
    }

    /** The subscriber's request is gone (e.g. it unsubscribed); the QoS loosens back. */
    public synchronized AdmissionResult withdraw(final String topic, final String subscriber) {
        final AdmittedTopic current = existing(topic);
        final Map<String, QosRequest> requests = new HashMap<>(current.requests());
        requests.remove(subscriber);
        return admit(topic, current.configured(), requests);
    }

    /** Forgets a topic; its queued jobs keep the deadlines they were given. */
    public synchronized void remove(final String topic) {
        topics.remove(topic);
    }

    private AdmittedTopic existing(final String topic) {
        final AdmittedTopic current = topics.get(topic);
        if (current == null) {
            throw new IllegalArgumentException("topic " + topic + " has no configured QoS");
        }
        return current;
    }

    private AdmissionResult admit(final String topic, final TopicQos configured,
                                  final Map<String, QosRequest> requests) {
        final AdmissionResult result = Admission.evaluate(configured.tightenedBy(requests.values()), bounds);
        if (result.admitted()) {
            topics.put(topic, new AdmittedTopic(topic, configured, requests, result,
                    new JobGenerator(result, policy)));
        }
        return result;
    }

    public Optional<AdmittedTopic> topic(final String topic) {
        return Optional.ofNullable(topics.get(topic));
    }

    /** The job generator of an admitted topic, for the publish path; null when the topic has no QoS. */
    public JobGenerator generator(final String topic) {
        final AdmittedTopic admitted = topics.get(topic);
        return admitted == null ? null : admitted.generator();
    }

    /** Every admitted topic, sorted by name. */
    public Map<String, AdmittedTopic> snapshot() {
        return new TreeMap<>(topics);
    }
}
