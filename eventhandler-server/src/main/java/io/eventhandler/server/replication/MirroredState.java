package io.eventhandler.server.replication;

import io.eventhandler.api.qos.TopicQosDTO;
import io.eventhandler.core.delivery.TopicPlan;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.core.qos.AdmissionRefusedException;
import io.eventhandler.server.delivery.DeliveryService;
import io.eventhandler.server.engine.EngineService;
import io.eventhandler.server.engine.GraphDocuments;
import io.eventhandler.server.qos.QosDocuments;
import io.eventhandler.server.qos.SubscriberRequirementsDocument;
import io.eventhandler.server.replication.MirroredSubscriptionDTO.MirroredSystemDTO;
import io.eventhandler.server.store.NewSubscription;
import io.eventhandler.server.store.StoredSubscription;
import io.eventhandler.server.store.StoredSystem;
import io.eventhandler.server.subscription.Subscriptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The state a backup mirrors besides replicas: webhook subscriptions (with their authorization state), the topics'
 * configured QoS and the operator graph. The primary takes a snapshot; the backup makes its own state equal to it.
 * Each of the three services announces its changes; the link sends a new snapshot after one.
 */
public final class MirroredState {

    private static final Logger LOG = LoggerFactory.getLogger(MirroredState.class);

    private final Subscriptions subscriptions;
    private final DeliveryService delivery;
    private final EngineService engine;

    public MirroredState(final Subscriptions subscriptions, final DeliveryService delivery,
                         final EngineService engine) {
        this.subscriptions = subscriptions;
        this.delivery = delivery;
        this.engine = engine;
    }

    /** Call {@code listener} whenever any of the mirrored state changes (on the changing thread; it must not block). */
    void onChange(final Runnable listener) {
        subscriptions.onChange(listener);
        delivery.onChange(listener);
        engine.onChange(listener);
    }

    /** The primary's state now. */
    CompletableFuture<StateSnapshotDTO> snapshot() {
        return subscriptions.all().thenApply(all -> {
            final Map<String, TopicQosDTO> qos = new LinkedHashMap<>();
            for (final TopicPlan plan : delivery.plans().plans()) {
                if (plan.configuredExplicitly()) {
                    qos.put(plan.topic(), QosDocuments.toDto(plan.configured()));
                }
            }
            return new StateSnapshotDTO(all.stream().map(MirroredState::toDto).toList(), qos,
                    GraphDocuments.toDocument(engine.graph()));
        });
    }

    /** Make this backup's state the primary's; completes when it is applied. */
    CompletableFuture<Integer> apply(final StateSnapshotDTO state) {
        if (state.graph() != null && !state.graph().equals(GraphDocuments.toDocument(engine.graph()))) {
            try {
                engine.load(GraphDocuments.toSpec(state.graph()));
            } catch (final RuntimeException e) {
                LOG.warn("mirrored operator graph not applied: {}", e.getMessage());
            }
        }
        final Set<String> wanted = new HashSet<>();
        state.qos().forEach((topic, dto) -> {
            try {
                delivery.configure(topic, QosDocuments.toQos(dto));
                wanted.add(TopicName.normalise(topic));
            } catch (final AdmissionRefusedException | IllegalArgumentException e) {
                // the primary admitted it with the same configuration: only a mismatch of the two gets here
                LOG.warn("mirrored QoS of topic {} not applied: {}", topic, e.getMessage());
            }
        });
        for (final TopicPlan plan : delivery.plans().plans()) {
            if (plan.configuredExplicitly() && !wanted.contains(plan.topic())) {
                delivery.remove(plan.topic());
            }
        }
        return subscriptions.mirror(state.subscriptions().stream().map(MirroredState::toNew).toList());
    }

    static MirroredSubscriptionDTO toDto(final StoredSubscription s) {
        return new MirroredSubscriptionDTO(s.eventTypeName(), toDto(s.subscriber()), s.filterMetaData(),
                s.matchMetaData(), s.notifyUri(), instant(s.startDate()), instant(s.endDate()),
                s.sources().stream().map(MirroredState::toDto).toList(), s.consumerId(),
                s.authorizedPublishers().stream().map(p -> new MirroredSystemDTO(p.name(), p.address(), p.port(),
                        null, null)).toList(),
                SubscriberRequirementsDocument.toDto(s.requirements()));
    }

    static NewSubscription toNew(final MirroredSubscriptionDTO d) {
        final Set<SystemRef> publishers = new HashSet<>();
        d.authorizedPublishers().forEach(p -> publishers.add(new SystemRef(p.systemName(), p.address(), p.port())));
        return new NewSubscription(d.eventType(), toStored(d.subscriber()), d.filterMetaData(), d.matchMetaData(),
                d.notifyUri(), instant(d.startDate()), instant(d.endDate()),
                d.sources().stream().map(MirroredState::toStored).toList(), d.consumerId(), publishers,
                SubscriberRequirementsDocument.toRequirements(d.requirements()));
    }

    private static MirroredSystemDTO toDto(final StoredSystem s) {
        return new MirroredSystemDTO(s.systemName(), s.address(), s.port(), s.authenticationInfo(), s.metadata());
    }

    private static StoredSystem toStored(final MirroredSystemDTO s) {
        return new StoredSystem(s.systemName(), s.address(), s.port(), s.authenticationInfo(), s.metadata());
    }

    private static String instant(final Instant instant) {
        return instant == null ? null : instant.toString();
    }

    private static Instant instant(final String text) {
        return text == null ? null : Instant.parse(text);
    }
}
