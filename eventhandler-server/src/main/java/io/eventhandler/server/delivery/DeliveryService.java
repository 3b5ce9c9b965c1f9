package io.eventhandler.server.delivery;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.qos.TopicQosDTO;
import io.eventhandler.api.qos.TopicQosFileDTO;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.delivery.EdfDelivery;
import io.eventhandler.core.delivery.Replicator;
import io.eventhandler.core.delivery.TopicPlan;
import io.eventhandler.core.delivery.TopicPlans;
import io.eventhandler.core.delivery.edf.SchedulingPolicy;
import io.eventhandler.core.delivery.experimental.DeliveryBaselines;
import io.eventhandler.core.engine.runtime.Engine;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.core.qos.Destination;
import io.eventhandler.core.qos.AdmissionRefusedException;
import io.eventhandler.core.qos.AdmissionResult;
import io.eventhandler.core.qos.QosRequest;
import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.core.qos.TopicQos;
import io.eventhandler.server.config.ConfigurationException;
import io.eventhandler.server.config.DeliveryConfiguration;
import io.eventhandler.server.config.ExperimentalConfiguration;
import io.eventhandler.server.http.ArrowheadException;
import io.eventhandler.server.qos.QosDocuments;
import io.eventhandler.server.runtime.Runner;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.function.BiPredicate;

/**
 * Real-time delivery inside the Event Handler: the topics' plans (QoS from the topics file and the management API,
 * tightened by subscribers' requests and admitted) and the EDF scheduler the broker dispatches through. Subscribers
 * asking for more than a topic can be admitted with are refused before they attach. A change of a topic's
 * configured QoS is announced to the change listeners (the replication side mirrors it to the backup).
 */
public final class DeliveryService implements AutoCloseable {

    /** A drain is one write to one subscriber; one that takes longer than this holds a drain thread too long. */
    private static final Duration DRAIN_STALL_BOUND = Duration.ofSeconds(1);

    private final DeliveryConfiguration configuration;
    private final SchedulingPolicy policy;
    private final TopicPlans plans;
    private final ExecutorService drainPool;
    private final EdfDelivery scheduler;
    private final List<Runnable> changeListeners = new CopyOnWriteArrayList<>();
    /** Where a QoS configured at runtime is kept across restarts (nowhere until {@link #keepQosIn}). */
    private volatile StoredTopicQos stored;

    /**
     * Builds the plans and the scheduler and loads the topics file; no worker runs before {@link #start}.
     *
     * @param experimental the baselines only experiments use: FCFS order, replicate-all, no coordination
     * @param replicator   the link to the backup ({@link Replicator#NO_BACKUP} on its own)
     * @param keepCopies   the topics whose every event the backup keeps, by name and destination (those exported to
     *                     Kafka), or null for none
     * @param mapper       reads the topics file
     * @param runner       makes the drain threads ({@code eh-delivery-N})
     * @throws ConfigurationException naming the topics file's problems
     */
    public DeliveryService(final DeliveryConfiguration configuration, final ExperimentalConfiguration experimental,
                           final Replicator replicator, final BiPredicate<String, Destination> keepCopies,
                           final DeliveryProblemLog problems, final ObjectMapper mapper, final Runner runner) {
        this.configuration = configuration;
        final DeliveryBaselines baselines = experimental.deliveryBaselines();
        this.policy = baselines.ordering();
        this.plans = new TopicPlans(configuration.latencies(), configuration.defaultQos(), baselines, keepCopies);
        loadTopics(mapper);
        this.drainPool = runner.pool("eh-delivery", configuration.threads(), DRAIN_STALL_BOUND);
        this.scheduler = EdfDelivery.builder(plans, replicator).workers(configuration.threads())
                .workerSpinMicros(configuration.spinMicros()).drainPool(drainPool)
                .clockMicros(Engine.clockMicros(Clock.systemUTC())).problems(problems)
                .maxMerged(configuration.maxMergedDispatches())
                .maxInlineSubscribers(configuration.maxInlineSubscribers()).baselines(baselines).build();
    }

    /** Load the topics file, if one is configured; every problem is a start-up error naming the topic. */
    private void loadTopics(final ObjectMapper mapper) {
        if (configuration.topicsFile().isEmpty()) {
            return;
        }
        final Path file = Path.of(configuration.topicsFile());
        final String where = DeliveryConfiguration.TOPICS.key() + "=" + file;
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

    /** Every topic's plan, to read; change a topic's QoS through {@link #configure} and {@link #remove}. */
    public TopicPlans plans() {
        return plans;
    }

    /** Where the topic's events go by its effective QoS: EDGE, or CLOUD (exported to Kafka when so configured). */
    public Destination destination(final String topic) {
        return plans.plan(topic).effective().destination();
    }

    /** How jobs are ordered: EDF, or FCFS in an experiment. */
    public SchedulingPolicy policy() {
        return policy;
    }

    /**
     * Configure a topic's QoS (admitted first), and announce the change.
     *
     * @throws AdmissionRefusedException when the topic cannot be admitted with it
     */
    public TopicPlan configure(final String topic, final TopicQos qos) {
        final TopicPlan plan = plans.configure(topic, qos);
        final StoredTopicQos store = stored;
        if (store != null) {
            store.saved(plan.topic(), qos); // before the answer: a configuration answered 200 survives a restart
        }
        changed();
        return plan;
    }

    /** Remove a topic's configured QoS and announce it; false if it had none. */
    public boolean remove(final String topic) {
        final boolean removed = plans.remove(topic);
        final StoredTopicQos store = stored;
        if (removed && store != null) {
            store.removed(topic);
        }
        if (removed) {
            changed();
        }
        return removed;
    }

    /** From now on every change of a topic's configured QoS is kept in {@code store} before it is answered. */
    void keepQosIn(final StoredTopicQos store) {
        this.stored = store;
    }

    /** Call {@code listener} after every change of a topic's configured QoS; it must not block. */
    public void onChange(final Runnable listener) {
        changeListeners.add(listener);
    }

    private void changed() {
        changeListeners.forEach(Runnable::run);
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
        drainPool.shutdownNow();
    }
}
