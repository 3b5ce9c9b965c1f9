package io.eventhandler.server.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;

import static io.eventhandler.server.config.Setting.atLeast;
import static io.eventhandler.server.config.Setting.between;

/**
 * Publish and subscribe over the local cloud's MQTT broker, as Arrowhead 5 systems speak it (docs/arrowhead-5.md,
 * "MQTT"). Off unless {@link #ENABLED}.
 *
 * @param enabled         {@link #ENABLED}
 * @param brokerUrl       {@link #BROKER_URL} — {@code tcp://host:port}, or {@code ssl://host:port} with the
 *                        Event Handler's own TLS identity ({@code server.ssl.*}) as the 5.x systems use theirs
 * @param clientId        {@link #CLIENT_ID} — blank: {@code AH-<system name>}, as the 5.x core systems connect
 * @param username        {@link #USERNAME} — blank: the system name, as the 5.x core systems connect
 * @param password        {@link #PASSWORD} — the broker password; none
 * @param qos             {@link #QOS} — of the events sent to subscribers and of the answers to requests
 * @param reconnectMaxMs  {@link #RECONNECT_MAX_MS} — the longest wait between reconnection attempts
 * @param maxInflight     {@link #MAX_INFLIGHT} — messages sent and not yet acknowledged by the broker
 */
public record MqttConfiguration(boolean enabled, String brokerUrl, String clientId, String username,
                                String password, int qos, int reconnectMaxMs, int maxInflight) {

    private static final Settings<MqttConfiguration> SETTINGS = new Settings<>();

    public static final Setting<Boolean> ENABLED = SETTINGS.add(
            Setting.bool("eh.mqtt.enabled", false), MqttConfiguration::enabled);
    public static final Setting<String> BROKER_URL = SETTINGS.add(
            Setting.string("eh.mqtt.broker.url", "tcp://127.0.0.1:1883"), MqttConfiguration::brokerUrl);
    public static final Setting<String> CLIENT_ID = SETTINGS.add(
            Setting.string("eh.mqtt.client.id", ""), MqttConfiguration::clientId);
    public static final Setting<String> USERNAME = SETTINGS.add(
            Setting.string("eh.mqtt.username", ""), MqttConfiguration::username);
    public static final Setting<String> PASSWORD = SETTINGS.secret(
            Setting.string("eh.mqtt.password", ""), MqttConfiguration::password);
    public static final Setting<Integer> QOS = SETTINGS.add(
            Setting.integer("eh.mqtt.qos", 1, between(0, 2)), MqttConfiguration::qos);
    public static final Setting<Integer> RECONNECT_MAX_MS = SETTINGS.add(
            Setting.integer("eh.mqtt.reconnect.max.ms", 5_000, atLeast(1_000)), MqttConfiguration::reconnectMaxMs);
    public static final Setting<Integer> MAX_INFLIGHT = SETTINGS.add(
            Setting.integer("eh.mqtt.max.inflight", 1_000, between(1, 65_535)), MqttConfiguration::maxInflight);

    static MqttConfiguration read(final ConfigSource source, final boolean tlsEnabled,
                                  final ArrowheadDialect dialect) {
        final MqttConfiguration mqtt = new MqttConfiguration(source.get(ENABLED), source.get(BROKER_URL),
                source.get(CLIENT_ID), source.get(USERNAME), source.get(PASSWORD), source.get(QOS),
                source.get(RECONNECT_MAX_MS), source.get(MAX_INFLIGHT));
        try {
            mqtt.broker();
        } catch (final IllegalArgumentException e) {
            source.problem(BROKER_URL + "=" + mqtt.brokerUrl() + " " + e.getMessage());
            return mqtt;
        }
        if (mqtt.enabled() && tlsEnabled && dialect != ArrowheadDialect.ARROWHEAD5) {
            source.problem(ENABLED + "=true needs eh.arrowhead.dialect=ARROWHEAD5 in secure mode: the 4.6 dialect"
                    + " identifies callers by client certificate, which an MQTT request does not carry");
        }
        if (mqtt.enabled() && mqtt.tls() && !tlsEnabled) {
            source.problem(BROKER_URL + "=" + mqtt.brokerUrl() + " (TLS) needs " + TlsConfiguration.ENABLED
                    + "=true: the Event Handler meets the broker with its own certificate");
        }
        return mqtt;
    }

    /** Whether the broker is met over TLS ({@code ssl://}). */
    public boolean tls() {
        return brokerUrl.startsWith("ssl://");
    }

    /**
     * The broker's host and port.
     *
     * @throws IllegalArgumentException saying what the URL must look like
     */
    public URI broker() {
        try {
            final URI uri = new URI(brokerUrl.trim());
            if (!("tcp".equals(uri.getScheme()) || "ssl".equals(uri.getScheme())) || uri.getHost() == null
                    || uri.getPort() < 1 || (uri.getPath() != null && !uri.getPath().isEmpty())) {
                throw new IllegalArgumentException("must be tcp://host:port or ssl://host:port");
            }
            return uri;
        } catch (final URISyntaxException e) {
            throw new IllegalArgumentException("must be tcp://host:port or ssl://host:port", e);
        }
    }

    /** The client id to connect with: {@link #clientId}, else {@code AH-<systemName>}. */
    public String effectiveClientId(final String systemName) {
        return clientId.isBlank() ? "AH-" + systemName : clientId;
    }

    /** The user name to connect with: {@link #username}, else the system name. */
    public String effectiveUsername(final String systemName) {
        return username.isBlank() ? systemName : username;
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
