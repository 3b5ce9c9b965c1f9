package io.eventhandler.server.delivery;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.qos.TopicQosDTO;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.core.qos.AdmissionRefusedException;
import io.eventhandler.core.qos.TopicQos;
import io.eventhandler.server.qos.QosDocuments;
import io.eventhandler.server.runtime.Component;
import io.eventhandler.server.store.SubscriptionStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Topic QoS configured at runtime ({@code PUT/DELETE /mgmt/qos/topics/{topic}}), kept in the subscription store so
 * that it survives a restart exactly as the subscriptions do. At start the stored configurations are applied over
 * the topics file (they were set later); from then on each change is written before it is answered.
 */
public final class StoredTopicQos implements Component {

    private static final Logger LOG = LoggerFactory.getLogger(StoredTopicQos.class);

    private final SubscriptionStore store;
    private final DeliveryService delivery;
    private final ObjectMapper mapper;

    public StoredTopicQos(final SubscriptionStore store, final DeliveryService delivery, final ObjectMapper mapper) {
        this.store = store;
        this.delivery = delivery;
        this.mapper = mapper;
    }

    /** Apply what was stored, then keep every further change. */
    @Override
    public void start() {
        final Map<String, String> kept = store.topicQos();
        int applied = 0;
        for (final Map.Entry<String, String> topic : kept.entrySet()) {
            try {
                delivery.plans().configure(topic.getKey(), QosDocuments.toQos(
                        mapper.readValue(topic.getValue(), TopicQosDTO.class)));
                applied++;
            } catch (final AdmissionRefusedException | IllegalArgumentException | JsonProcessingException e) {
                // e.g. latency bounds configured tighter since: the topic runs with the default QoS, said loudly
                LOG.error("stored QoS of topic {} not applied, the topic runs without it: {}", topic.getKey(),
                        e.getMessage());
            }
        }
        if (!kept.isEmpty()) {
            LOG.info("applied the stored QoS of {} of {} topic(s)", applied, kept.size());
        }
        delivery.keepQosIn(this);
    }

    void saved(final String topic, final TopicQos qos) {
        try {
            store.saveTopicQos(TopicName.normalise(topic), mapper.writeValueAsString(QosDocuments.toDto(qos)));
        } catch (final JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    void removed(final String topic) {
        store.deleteTopicQos(TopicName.normalise(topic));
    }

    @Override
    public void close() {
        // the store is closed by its owner
    }
}
