package io.eventhandler.server.mqtt;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.server.arrowhead5.EventHandler5Services;
import io.eventhandler.server.config.ArrowheadDialect;
import io.eventhandler.server.config.MqttConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.delivery.DeliveryService;
import io.eventhandler.server.publish.PublishEntry;
import io.eventhandler.server.runtime.Component;
import io.eventhandler.server.runtime.Intake;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.security.AccessControl;
import io.eventhandler.server.security.ServerSecurity;
import io.eventhandler.server.subscription.SubscriptionValidator;
import io.eventhandler.server.subscription.Subscriptions;
import io.eventhandler.server.validation.RequestLimits;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Publish and subscribe over the cloud's MQTT broker in the Arrowhead 5 conventions (docs/arrowhead-5.md, "MQTT"):
 * requests on {@code arrowhead/<system>/event-publish/publish} (and {@code publish-batch}) and
 * {@code .../event-subscribe/subscribe} (and {@code unsubscribe}), answered with the 5.x envelopes; events pushed to MQTT subscribers through the broker's per-subscriber queues. Publishing
 * goes through the HTTP endpoints' {@link PublishEntry}, subscribing through the same access control, validator and
 * {@link Subscriptions} (and so the same authorization) as {@code POST /eventhandler/subscribe}.
 */
public final class MqttGateway implements Component {

    private static final Logger LOG = LoggerFactory.getLogger(MqttGateway.class);

    private final MqttLink link;
    private final MqttRequests requests;

    /** What the gateway uses that the server built before it. */
    public record Parts(Broker broker, DeliveryService delivery, ServerSecurity security, ObjectMapper mapper,
                        DeliveryProblemLog problems, Intake intake, Runner runner, BooleanSupplier serving) {
    }

    private MqttGateway(final ServerConfiguration c, final AccessControl access, final Subscriptions subscriptions,
                        final PublishEntry publish, final Parts parts) {
        final MqttConfiguration mqtt = c.mqtt();
        final String system = c.arrowhead().dialect() == ArrowheadDialect.ARROWHEAD5
                ? c.arrowhead().arrowhead5().systemName() : parts.security().systemName();
        this.link = new MqttLink(mqtt, system, mqtt.tls() ? parts.security().outgoing().sslContext() : null,
                parts.runner().timer("eh-mqtt", Duration.ofSeconds(1)));
        subscriptions.deliverTargets(MqttDelivery.TARGET_PREFIX, new MqttDelivery(parts.broker(), link,
                parts.mapper().writer(), system, mqtt.qos(), parts.problems()));
        final RequestLimits limits = new RequestLimits(c.limits());
        final SubscriptionValidator validator = new SubscriptionValidator(c.limits().timeStampToleranceSeconds(),
                limits, parts.delivery()::admit);
        final String publishTopic = EventHandler5Services.baseTopic(system, EventHandler5Services.PUBLISH_SERVICE);
        final String subscribeTopic = EventHandler5Services.baseTopic(system,
                EventHandler5Services.SUBSCRIBE_SERVICE);
        this.requests = new MqttRequests(link, parts.mapper(), access, parts.intake(), parts.serving(), mqtt.qos(),
                Map.of(publishTopic + "publish", new MqttPublishOperation(publish, parts.mapper()),
                        publishTopic + "publish-batch", new MqttPublishBatchOperation(publish, parts.mapper(),
                                c.limits().publishBatchMax()),
                        subscribeTopic + "subscribe", new MqttSubscribeOperation(access, validator, subscriptions,
                                parts.mapper()),
                        subscribeTopic + "unsubscribe", new MqttUnsubscribeOperation(access, limits, subscriptions)));
        LOG.info("MQTT: {} as {}, requests on {}publish and publish-batch, {}subscribe and unsubscribe",
                mqtt.brokerUrl(), mqtt.effectiveClientId(system), publishTopic, subscribeTopic);
    }

    /** The gateway when {@code eh.mqtt.enabled}, else a part that does nothing. Before the subscriptions start. */
    public static Component of(final ServerConfiguration configuration, final AccessControl access,
                               final Subscriptions subscriptions, final PublishEntry publish, final Parts parts) {
        return configuration.mqtt().enabled() ? new MqttGateway(configuration, access, subscriptions, publish, parts)
                : Component.closing(() -> { });
    }

    @Override
    public void start() {
        link.start(requests.listeners());
    }

    @Override
    public void close() {
        link.close();
    }
}
