package io.eventhandler.server.mqtt;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.event.OutboxItem;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.DeliveryCallback;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.core.outbox.EventSink;
import io.eventhandler.server.webhook.DeliveredPositions;
import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * One MQTT subscription's delivery, fed by its subscriber queue like an SSE stream or a webhook: each event is
 * published to the subscription's topic in a 5.x notify envelope after the broker acknowledged the one before (so
 * they reach the broker in order), a gap (events dropped for this subscriber) as a notice in the same place. While
 * the broker is away the batch waits for it, so the queue behind fills and overflows as a slow SSE reader's does:
 * counted, and announced to the subscriber by the gap notice once the broker is back.
 */
final class MqttSink implements EventSink {

    private static final Logger LOG = LoggerFactory.getLogger(MqttSink.class);
    private static final long INFLIGHT_FULL_RETRY_MS = 5;

    private final MqttLink link;
    private final NotifyEncoder encoder;
    private final String mqttTopic;
    private final int qos;
    private final String topic;
    private final String subscriber;
    private final DeliveryProblemLog problems;
    private final DeliveredPositions.Position position;

    /**
     * @param topic      the event topic (normalised event type), for the problem log
     * @param subscriber how the problem log names the subscriber
     */
    MqttSink(final MqttLink link, final NotifyEncoder encoder, final String mqttTopic, final int qos,
             final String topic, final String subscriber, final DeliveryProblemLog problems,
             final DeliveredPositions.Position position) {
        this.link = link;
        this.encoder = encoder;
        this.mqttTopic = mqttTopic;
        this.qos = qos;
        this.topic = topic;
        this.subscriber = subscriber;
        this.problems = problems;
        this.position = position;
    }

    @Override
    public void deliver(final List<OutboxItem> batch, final DeliveryCallback callback) {
        new BatchDelivery(batch, callback).next();
    }

    /** The broker connection, for the status page. */
    @Override
    public String condition() {
        return link.connected() ? "CONNECTED" : "BROKER_AWAY";
    }

    @Override
    public void close(final CloseReason reason) {
        LOG.debug("MQTT delivery to {} ended: {}", mqttTopic, reason);
    }

    /** Walks one batch: each item published once the broker acknowledged the one before. */
    private final class BatchDelivery implements IMqttActionListener {
        private final List<OutboxItem> batch;
        private final DeliveryCallback callback;
        private int index = -1;
        private int delivered;
        private OutboxItem current;
        private byte[] message;
        private boolean waitReported;
        private boolean done;

        BatchDelivery(final List<OutboxItem> batch, final DeliveryCallback callback) {
            this.batch = batch;
            this.callback = callback;
        }

        void next() {
            while (++index < batch.size()) {
                current = batch.get(index);
                if (current instanceof Event event) {
                    message = encoder.event(event);
                } else if (current instanceof Gap gap) {
                    problems.report(DeliveryProblemLog.Problem.DROPPED, topic, subscriber, gap.firstMissingId(),
                            "GAP_" + gap.reason(), "through=" + gap.lastMissingId() + " missed=" + gap.missed());
                    message = encoder.gap(gap);
                } else {
                    continue;
                }
                waitReported = false;
                send();
                return;
            }
            finish(0);
        }

        private void finish(final int abandoned) {
            if (!done) {
                done = true;
                callback.completed(delivered, abandoned);
            }
        }

        private void send() {
            if (link.closed()) {
                abandonRest();
                return;
            }
            try {
                link.publish(mqttTopic, message, qos, this);
            } catch (final MqttException e) {
                if (e.getReasonCode() == MqttException.REASON_CODE_MAX_INFLIGHT) {
                    link.later(this::send, INFLIGHT_FULL_RETRY_MS);
                } else {
                    waitForBroker(e);
                }
            }
        }

        /** Sent again once the broker is reached; reported once per item. */
        private void waitForBroker(final Throwable why) {
            if (!waitReported && current instanceof Event event) {
                waitReported = true;
                problems.report(DeliveryProblemLog.Problem.RETRY, topic, subscriber, event.sequence(),
                        "MQTT_BROKER_AWAY", "topic=" + mqttTopic + " " + (why == null ? "" : why.getMessage()));
            }
            if (link.closed()) {
                abandonRest();
            } else {
                link.whenConnected(this::send);
            }
        }

        @Override
        public void onSuccess(final IMqttToken token) {
            if (current instanceof Event event) {
                delivered++;
                position.advance(event.sequence());
                // each at once, as a webhook's: a backup drops its copy as soon as the broker has the event
                callback.eventDone(event, true);
            }
            next();
        }

        @Override
        public void onFailure(final IMqttToken token, final Throwable failure) {
            waitForBroker(failure);
        }

        /**
         * Stopping: what is left is not given up on (a kept position stays before it), only counted as not
         * delivered in this run, as a webhook's.
         */
        private void abandonRest() {
            int left = 0;
            for (int i = Math.max(index, 0); i < batch.size(); i++) {
                if (batch.get(i) instanceof Event) {
                    left++;
                }
            }
            index = batch.size();
            LOG.debug("{} event(s) for MQTT topic {} left undelivered: stopping", left, mqttTopic);
            finish(left);
        }
    }
}
