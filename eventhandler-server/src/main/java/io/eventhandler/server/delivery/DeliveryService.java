package io.eventhandler.server.delivery;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.qos.TopicQosDTO;
import io.eventhandler.api.qos.TopicQosFileDTO;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.delivery.EdfDelivery;
import io.eventhandler.core.delivery.Replicator;
import io.eventhandler.core.delivery.TopicPlans;
import io.eventhandler.core.delivery.experimental.DeliveryBaselines;
import io.eventhandler.core.engine.runtime.Engine;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.core.qos.AdmissionRefusedException;
import io.eventhandler.core.qos.AdmissionResult;
import io.eventhandler.core.qos.QosRequest;
import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.config.DeliveryConfiguration;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.qos.QosDocuments;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * Real-time delivery inside the Event Handler: the topics' plans (QoS from the topics file and the management API,
 * tightened by subscribers' requests and admitted) and the EDF scheduler the broker dispatches through. Subscribers
 * asking for more than a topic can be admitted with are refused before they attach.
 */
public final class DeliveryService implements AutoCloseable {

    private final DeliveryConfiguration configuration;
    private final TopicPlans plans;
    private final EdfDelivery scheduler;

    /**
     * @param drainPool where subscriber queues are drained after an asynchronous write
     * @param workers   delivery worker threads
     * @param replicator the link to the backup ({@link Replicator#NO_BACKUP} on its own)
     */
    public DeliveryService(final DeliveryConfiguration configuration, final Executor drainPool, final int workers,
                           final Replicator replicator, final DeliveryProblemLog problems) {
        this.configuration = configuration;
        final DeliveryBaselines baselines = new DeliveryBaselines(configuration.policy(),
                configuration.replication(), configuration.coordination());
        this.plans = new TopicPlans(configuration.latencies(), configuration.defaultQos(), baselines);
        this.scheduler = EdfDelivery.builder(plans, replicator).workers(workers).drainPool(drainPool)
                .clockMicros(Engine.clockMicros(Clock.systemUTC())).problems(problems)
                .maxMerged(configuration.maxMergedDispatches()).baselines(baselines).build();
    }

    /** Load the topics file, if one is configured; every problem is a start-up error naming the topic. */
    public void loadTopics(final ObjectMapper mapper) {
        if (configuration.topicsFile().isEmpty()) {
            return;
        }
        final Path file = Path.of(configuration.topicsFile());
        final String where = DeliveryConfiguration.TOPICS + "=" + file;
        final TopicQosFileDTO document;
        try {
            document = mapper.readValue(file.toFile(), TopicQosFileDTO.class);
        } catch (final IOException e) {
            throw new ConfigurationException(List.of(where + ": " + e.getMessage()));
        }
        final List<String> problems = new ArrayList<>();
        final Map<String, TopicQosDTO> topics = document.topics() == null ? Map.of() : document.topics();
        topics.forEach((topic, qos) -> {
            try {
                plans.configure(topic, QosDocuments.toQos(qos));
            } catch (final AdmissionRefusedException e) {
                problems.add(where + ": topic " + topic + " is not admitted: " + e.result().reason());
            } catch (final IllegalArgumentException e) {
                problems.add(where + ": topic " + topic + ": " + e.getMessage());
            }
        });
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
    }

    /** Start dispatching; from now on the broker's subscribers' requests tighten their topics. */
    public void start(final Broker broker) {
        broker.watchRequirements(topic -> plans.requested(topic, broker.requirements(topic).qos()));
        scheduler.start();
    }

    /** What the broker dispatches through. */
    public EdfDelivery scheduler() {
        return scheduler;
    }

    public TopicPlans plans() {
        return plans;
    }

    public DeliveryConfiguration configuration() {
        return configuration;
    }

    /**
     * Refuse a subscriber whose request would make its topic inadmissible (409, with the reason).
     *
     * @param origin the endpoint, for the error
     */
    public void admit(final String topic, final SubscriberRequirements requirements, final String origin) {
        final QosRequest request = requirements.qos();
        if (request.equals(QosRequest.NONE)) {
            return;
        }
        final AdmissionResult result = plans.test(topic, request);
        if (!result.admitted()) {
            throw ArrowheadException.refused("The requested deadline or loss tolerance cannot be admitted for "
                    + TopicName.normalise(topic) + ": " + result.reason(), origin);
        }
    }

    @Override
    public void close() {
        scheduler.close();
    }
}
