package io.eventhandler.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.server.config.HistoryMode;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.delivery.DeliveryService;
import io.eventhandler.server.delivery.StoredTopicQos;
import io.eventhandler.server.runtime.Component;
import io.eventhandler.server.runtime.Lifecycle;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.security.ServerSecurity;
import io.eventhandler.server.store.SubscriptionStore;
import io.eventhandler.server.subscription.SubscriptionAuthorizer;
import io.eventhandler.server.subscription.Subscriptions;
import io.eventhandler.server.webhook.DeliveredPositions;
import io.eventhandler.server.webhook.WebhookDispatcher;

import java.time.Duration;

/**
 * The composition root's part that wires what the subscription store keeps. Stored subscriptions are attached before
 * the first publish is accepted: none misses a subscriber it had. With durable history each webhook subscription
 * resumes after its recorded delivered position. The topic QoS configured at runtime is kept in the same store, and
 * applied before anything is published.
 */
final class StoredSubscriptions {

    private StoredSubscriptions() {
    }

    /** The subscriptions, with the store, the webhooks and the kept positions and QoS added to the lifecycle. */
    static Subscriptions wire(final Lifecycle lifecycle, final ServerConfiguration configuration,
                              final SubscriptionAuthorizer authorizer, final Parts parts) {
        final SubscriptionStore store = lifecycle.own("subscription store",
                SubscriptionStore.open(configuration.store()));
        lifecycle.add("stored topic QoS", new StoredTopicQos(store, parts.delivery(), parts.mapper()));
        // closed after the subscriptions and the webhooks, before the store: the last positions are written then
        final DeliveredPositions positions = configuration.history().mode() != HistoryMode.DURABLE ? null
                : lifecycle.own("webhook delivered positions", new DeliveredPositions(store,
                        Duration.ofMillis(configuration.webhooks().positionIntervalMs()), parts.runner()));
        final Subscriptions subscriptions = new Subscriptions(store, parts.broker(),
                lifecycle.own("webhooks", new WebhookDispatcher(configuration.webhooks(),
                        parts.security().outgoing(), parts.broker(), parts.problems(), parts.runner())),
                authorizer, configuration.limits().timeStampToleranceSeconds(), parts.runner(), positions);
        lifecycle.add("subscriptions", Component.of(() -> subscriptions.restore().join(), subscriptions));
        return subscriptions;
    }

    /** The parts built before the subscriptions that they use. */
    record Parts(Broker broker, DeliveryService delivery, ServerSecurity security, ObjectMapper mapper,
                 DeliveryProblemLog problems, Runner runner) {
    }
}
