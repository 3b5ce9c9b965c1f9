package io.eventhandler.server.mqtt;

import com.fasterxml.jackson.databind.ObjectWriter;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.event.TopicName;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.server.webhook.DeliveredPositions;
import io.eventhandler.server.webhook.PushDelivery;
import io.eventhandler.server.webhook.WebhookSubscription;

/**
 * Attaches the stored subscriptions whose notify target is an MQTT topic ({@code mqtt:<topic>}) to their event
 * topics with an {@link MqttSink}, through the broker's per-subscriber queues as webhooks and SSE streams are.
 */
final class MqttDelivery implements PushDelivery {

    /** How a stored subscription names an MQTT topic as its notify target; no webhook path starts so. */
    static final String TARGET_PREFIX = "mqtt:";

    private final Broker broker;
    private final MqttLink link;
    private final ObjectWriter writer;
    private final String sender;
    private final int qos;
    private final DeliveryProblemLog problems;

    MqttDelivery(final Broker broker, final MqttLink link, final ObjectWriter writer, final String sender,
                 final int qos, final DeliveryProblemLog problems) {
        this.broker = broker;
        this.link = link;
        this.writer = writer;
        this.sender = sender;
        this.qos = qos;
        this.problems = problems;
    }

    @Override
    public void subscribe(final WebhookSubscription subscription, final long resumeAfter,
                          final DeliveredPositions.Position position) {
        final String mqttTopic = subscription.notifyPath().substring(TARGET_PREFIX.length());
        final String description = "mqtt " + subscription.subscriber() + " " + mqttTopic;
        final String topic = TopicName.normalise(subscription.eventType());
        final MqttSink sink = new MqttSink(link, new NotifyEncoder(writer, subscription.subscriber().name(), sender,
                subscription.eventType()), mqttTopic, qos, topic, description, problems, position);
        broker.subscribe(new SubscribeRequest(subscription.eventType(), subscription.subscriber(), description,
                subscription.filter(), sink, resumeAfter, subscription.requirements()));
    }
}
