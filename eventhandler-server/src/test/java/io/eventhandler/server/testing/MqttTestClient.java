package io.eventhandler.server.testing;

import com.fasterxml.jackson.databind.JsonNode;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttCallbackExtended;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.awaitility.Awaitility.await;

/**
 * An MQTT 3.1.1 client as a 5.x application system is one (Paho): it sends requests in the 5.x request envelope and
 * waits for the answer on its response topic, and collects what arrives on the topics it subscribed (again after
 * every reconnection).
 */
public final class MqttTestClient implements AutoCloseable {

    private final MqttClient client;
    private final Set<String> topics = ConcurrentHashMap.newKeySet();
    private final Map<String, List<JsonNode>> received = new ConcurrentHashMap<>();

    private MqttTestClient(final MqttClient client) {
        this.client = client;
    }

    /**
     * @param cleanSession false: the broker keeps the subscriptions and queues QoS 1 messages while it is away
     */
    public static MqttTestClient connect(final String url, final String clientId, final boolean cleanSession) {
        return connect(url, clientId, cleanSession, null);
    }

    /** {@link #connect(String, String, boolean)} over TLS with this context's client certificate (null: plain). */
    public static MqttTestClient connect(final String url, final String clientId, final boolean cleanSession,
                                         final javax.net.ssl.SSLContext tls) {
        try {
            final MqttTestClient mqtt = new MqttTestClient(new MqttClient(url, clientId, new MemoryPersistence()));
            mqtt.client.setCallback(mqtt.callback());
            final MqttConnectOptions options = new MqttConnectOptions();
            options.setCleanSession(cleanSession);
            options.setAutomaticReconnect(true);
            options.setMaxReconnectDelay(1_000);
            options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
            if (tls != null) {
                options.setSocketFactory(tls.getSocketFactory());
            }
            mqtt.client.connect(options);
            return mqtt;
        } catch (final MqttException e) {
            throw new IllegalStateException(e);
        }
    }

    private MqttCallbackExtended callback() {
        return new MqttCallbackExtended() {
            @Override
            public void connectComplete(final boolean reconnect, final String serverUri) {
                if (reconnect) {
                    topics.forEach(t -> {
                        try {
                            client.subscribe(t, 1);
                        } catch (final MqttException e) {
                            throw new IllegalStateException(e);
                        }
                    });
                }
            }

            @Override
            public void connectionLost(final Throwable cause) {
                // reconnects
            }

            @Override
            public void messageArrived(final String topic, final MqttMessage message) throws IOException {
                received.computeIfAbsent(topic, t -> new CopyOnWriteArrayList<>())
                        .add(EhHttp.JSON.readTree(message.getPayload()));
            }

            @Override
            public void deliveryComplete(final IMqttDeliveryToken token) {
                // sent
            }
        };
    }

    public void subscribe(final String topic) {
        topics.add(topic);
        try {
            client.subscribe(topic, 1);
        } catch (final MqttException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What arrived on the topic, in order. */
    public List<JsonNode> messages(final String topic) {
        return new ArrayList<>(received.getOrDefault(topic, List.of()));
    }

    /** Send a 5.x request and return its answer envelope. */
    public JsonNode request(final String topic, final String authentication, final Object payload,
                            final Map<String, String> params) {
        return request(topic, authentication, payload, params, Duration.ofSeconds(30));
    }

    /** {@link #request(String, String, Object, Map)} waiting at most {@code wait} for the answer. */
    public JsonNode request(final String topic, final String authentication, final Object payload,
                            final Map<String, String> params, final Duration wait) {
        final String traceId = UUID.randomUUID().toString();
        final String responseTopic = "test/response/" + traceId;
        subscribe(responseTopic);
        final Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("traceId", traceId);
        envelope.put("authentication", authentication);
        envelope.put("responseTopic", responseTopic);
        envelope.put("qosRequirement", 1);
        envelope.put("params", params);
        envelope.put("payload", payload);
        publish(topic, EhHttp.json(envelope).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return awaitOne(responseTopic, wait);
    }

    /** The one message of the topic, once it came. */
    public JsonNode awaitOne(final String topic) {
        return awaitOne(topic, Duration.ofSeconds(30));
    }

    private JsonNode awaitOne(final String topic, final Duration wait) {
        await("an answer on " + topic).atMost(wait).until(() -> !messages(topic).isEmpty());
        return messages(topic).get(0);
    }

    public void publish(final String topic, final byte[] message) {
        try {
            client.publish(topic, message, 1, false);
        } catch (final MqttException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        try {
            if (client.isConnected()) {
                client.disconnect(1_000);
            }
            client.close(true);
        } catch (final MqttException e) {
            throw new UncheckedIOException(new IOException(e));
        }
    }
}
