package io.eventhandler.server.mqtt;

import io.eventhandler.server.config.MqttConfiguration;
import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.IMqttMessageListener;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallbackExtended;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLContext;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The Event Handler's one connection to the cloud's broker, as a 5.x system makes it (Paho, MQTT 3.1.1, clean
 * session, client id {@code AH-<Name>}, user name the system name). It connects in the background and keeps
 * reconnecting; on every (re)connection it subscribes the request topics again (a clean session forgets them) and
 * then runs what waited for it (deliveries held while the broker was away).
 */
final class MqttLink implements MqttCallbackExtended, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MqttLink.class);
    private static final long FIRST_RETRY_MS = 250;

    private final MqttAsyncClient client;
    private final MqttConnectOptions options;
    private final ScheduledExecutorService timer;
    private final long reconnectMaxMs;
    /** Topic filter → what handles its messages; subscribed on every connection. */
    private volatile Map<String, IMqttMessageListener> requests = Map.of();
    private final ConcurrentLinkedQueue<Runnable> waiting = new ConcurrentLinkedQueue<>();
    private volatile boolean closed;

    /** @param ssl the Event Handler's TLS identity for an {@code ssl://} broker; null for {@code tcp://} */
    MqttLink(final MqttConfiguration configuration, final String systemName, final SSLContext ssl,
             final ScheduledExecutorService timer) {
        this.timer = timer;
        this.reconnectMaxMs = configuration.reconnectMaxMs();
        try {
            this.client = new MqttAsyncClient(configuration.broker().toString(),
                    configuration.effectiveClientId(systemName), new MemoryPersistence());
        } catch (final MqttException e) {
            throw new IllegalStateException("cannot make the MQTT client for " + configuration.brokerUrl(), e);
        }
        client.setCallback(this);
        this.options = new MqttConnectOptions();
        options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
        options.setCleanSession(true);
        options.setAutomaticReconnect(true);
        options.setMaxReconnectDelay(configuration.reconnectMaxMs());
        options.setMaxInflight(configuration.maxInflight());
        options.setUserName(configuration.effectiveUsername(systemName));
        if (!configuration.password().isEmpty()) {
            options.setPassword(configuration.password().toCharArray());
        }
        if (ssl != null) {
            options.setSocketFactory(ssl.getSocketFactory());
        }
    }

    /** Connect in the background, subscribing {@code requestTopics} on every connection. */
    void start(final Map<String, IMqttMessageListener> requestTopics) {
        this.requests = Map.copyOf(requestTopics);
        connect(FIRST_RETRY_MS);
    }

    /** The first connection; once it is made Paho's automatic reconnection keeps it. */
    private void connect(final long nextRetryMs) {
        if (closed) {
            return;
        }
        try {
            client.connect(options, null, new IMqttActionListener() {
                @Override
                public void onSuccess(final IMqttToken token) {
                    // connectComplete subscribes
                }

                @Override
                public void onFailure(final IMqttToken token, final Throwable failure) {
                    LOG.warn("MQTT broker {} not reached ({}); retrying in {} ms", client.getServerURI(),
                            failure == null ? "?" : failure.getMessage(), nextRetryMs);
                    retry(nextRetryMs);
                }
            });
        } catch (final MqttException e) {
            LOG.warn("MQTT broker {} not reached ({}); retrying in {} ms", client.getServerURI(), e.getMessage(),
                    nextRetryMs);
            retry(nextRetryMs);
        }
    }

    private void retry(final long delayMs) {
        if (!closed) {
            timer.schedule(() -> connect(Math.min(delayMs * 2, reconnectMaxMs)), delayMs, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void connectComplete(final boolean reconnect, final String serverUri) {
        LOG.info("MQTT broker {} {}", serverUri, reconnect ? "reached again" : "connected");
        final List<String> topics = List.copyOf(requests.keySet());
        try {
            if (!topics.isEmpty()) {
                final int[] qos = new int[topics.size()];
                Arrays.fill(qos, 1);
                client.subscribe(topics.toArray(String[]::new), qos,
                        topics.stream().map(requests::get).toArray(IMqttMessageListener[]::new));
            }
        } catch (final MqttException e) {
            LOG.warn("subscribing the request topics at {} failed: {}", serverUri, e.getMessage());
        }
        Runnable next;
        while ((next = waiting.poll()) != null) {
            next.run();
        }
    }

    @Override
    public void connectionLost(final Throwable cause) {
        LOG.warn("MQTT broker {} lost ({}); reconnecting", client.getServerURI(),
                cause == null ? "?" : cause.getMessage());
    }

    @Override
    public void messageArrived(final String topic, final MqttMessage message) {
        // each request topic has its own listener
    }

    @Override
    public void deliveryComplete(final IMqttDeliveryToken token) {
        // each publish has its own listener
    }

    boolean connected() {
        return client.isConnected();
    }

    /** Run {@code task} at the next connection; at once (on this thread) if connected now. */
    void whenConnected(final Runnable task) {
        if (closed) {
            return;
        }
        waiting.add(task);
        if (client.isConnected()) {
            // connected meanwhile: whoever takes it from the queue first runs it
            final Runnable mine = waiting.poll();
            if (mine != null) {
                mine.run();
            }
        }
    }

    /** Run {@code task} after {@code delayMs} (a full in-flight window). */
    void later(final Runnable task, final long delayMs) {
        if (!closed) {
            timer.schedule(task, delayMs, TimeUnit.MILLISECONDS);
        }
    }

    /** @throws MqttException when not connected or the in-flight window is full */
    void publish(final String topic, final byte[] payload, final int qos, final IMqttActionListener listener)
            throws MqttException {
        final MqttMessage message = new MqttMessage(payload);
        message.setQos(qos);
        client.publish(topic, message, null, listener);
    }

    boolean closed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
        // what waited for the broker finds the link closed and gives up (counted)
        Runnable next;
        while ((next = waiting.poll()) != null) {
            next.run();
        }
        try {
            if (client.isConnected()) {
                client.disconnect(1_000).waitForCompletion(2_000);
            }
        } catch (final MqttException e) {
            LOG.debug("MQTT disconnect: {}", e.getMessage());
        }
        try {
            client.close(true);
        } catch (final MqttException e) {
            LOG.debug("MQTT close: {}", e.getMessage());
        }
    }
}
