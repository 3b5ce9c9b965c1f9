package io.eventhandler.server.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Every setting of the server: one record per component, each declaring its own keys. Values come from
 * {@code eventhandler.properties} (Arrowhead-style keys where Arrowhead has one), overridden by environment variables
 * named after the key ({@code server.port} → {@code SERVER_PORT}); what is not given takes the documented default.
 * All problems are reported together at start, and a key that is no setting is one of them.
 *
 * @param http          the HTTP listener
 * @param shutdown      the orderly stop: its grace period
 * @param limits        what one request may carry: body, headers, JSON, names, metadata, publish rates, streams
 * @param streams       SSE streams: heartbeat, retry, stall timeout
 * @param webhooks      webhook delivery: timeouts, retries, circuit breaker, connections
 * @param delivery      real-time delivery: workers, subscriber queues, topic QoS and latencies
 * @param history       each topic's history: off, in memory or durable, and its bounds
 * @param engine        the operator engine: its graph file and workers
 * @param store         where subscriptions survive restarts
 * @param tls           secure mode ({@code server.ssl.*})
 * @param arrowhead     Service Registry, Authorization and the standalone policy
 * @param mqtt          publish and subscribe over the local cloud's MQTT broker (off by default)
 * @param replication   primary/backup role, peer and replication link timing (default standalone)
 * @param kafka         the bridge to Apache Kafka: export, import, client settings (default off)
 * @param observability metrics readers, per-topic series cap, repeat interval of delivery-problem logs
 * @param experimental  baselines and calibration that only experiments use
 */
public record ServerConfiguration(
        HttpConfiguration http,
        ShutdownConfiguration shutdown,
        LimitsConfiguration limits,
        StreamConfiguration streams,
        WebhookConfiguration webhooks,
        DeliveryConfiguration delivery,
        HistoryConfiguration history,
        EngineConfiguration engine,
        StoreConfiguration store,
        TlsConfiguration tls,
        ArrowheadConfiguration arrowhead,
        MqttConfiguration mqtt,
        ReplicationConfiguration replication,
        KafkaConfiguration kafka,
        ObservabilityConfiguration observability,
        ExperimentalConfiguration experimental) {

    /** The file read from the working directory when no other is named. */
    public static final String DEFAULT_FILE = "eventhandler.properties";

    /** The defaults, with nothing overridden (not even by the environment). */
    public static ServerConfiguration defaults() {
        return fromMap(Map.of());
    }

    /** The given values over the defaults; the environment is not consulted (for tests and embedding). */
    public static ServerConfiguration fromMap(final Map<String, String> values) {
        return read(new ConfigSource(values, Map.of()));
    }

    /** The given properties file (if it exists) over the defaults, overridden by the environment. */
    public static ServerConfiguration load(final Path file, final Map<String, String> environment) {
        return read(new ConfigSource(readProperties(file), environment));
    }

    /**
     * What {@link #load} would give, setting by setting, with where each value came from (for {@code --check-config}).
     *
     * @throws ConfigurationException as {@link #load}
     */
    public static List<EffectiveSetting> effective(final Path file, final Map<String, String> environment) {
        final ConfigSource source = new ConfigSource(readProperties(file), environment);
        final List<EffectiveSetting> listing = new ArrayList<>();
        read(source).describe().forEach((key, value) ->
                listing.add(new EffectiveSetting(key, value, source.origin(key).toString())));
        return listing;
    }

    private static Map<String, String> readProperties(final Path file) {
        final Map<String, String> values = new LinkedHashMap<>();
        if (file == null || !Files.exists(file)) {
            return values;
        }
        final Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        properties.stringPropertyNames().forEach(k -> values.put(k, properties.getProperty(k)));
        return values;
    }

    private static ServerConfiguration read(final ConfigSource source) {
        final HttpConfiguration http = HttpConfiguration.read(source);
        final LimitsConfiguration limits = LimitsConfiguration.read(source);
        final StreamConfiguration streams = StreamConfiguration.read(source);
        final WebhookConfiguration webhooks = WebhookConfiguration.read(source);
        final DeliveryConfiguration delivery = DeliveryConfiguration.read(source);
        final HistoryConfiguration history = HistoryConfiguration.read(source);
        final TlsConfiguration tls = TlsConfiguration.read(source);
        final ArrowheadConfiguration arrowhead = ArrowheadConfiguration.read(source, http.address());
        final ServerConfiguration configuration = new ServerConfiguration(
                http,
                ShutdownConfiguration.read(source),
                limits,
                streams,
                webhooks,
                delivery,
                history,
                EngineConfiguration.read(source),
                StoreConfiguration.read(source),
                tls,
                arrowhead,
                MqttConfiguration.read(source, tls.enabled(), arrowhead.dialect()),
                ReplicationConfiguration.read(source, delivery),
                KafkaConfiguration.read(source, history.mode()),
                ObservabilityConfiguration.read(source),
                ExperimentalConfiguration.read(source));
        configuration.replication().checkPlainMode(source, configuration.tls().enabled());
        source.rejectUnknownKeys();
        if (!source.problems().isEmpty()) {
            throw new ConfigurationException(source.problems());
        }
        return configuration;
    }

    /** The effective values by key, for printing at start, in the order of docs/configuration.md. */
    public Map<String, Object> describe() {
        final Map<String, Object> d = new LinkedHashMap<>();
        http.describe(d);
        shutdown.describe(d);
        limits.describe(d);
        streams.describe(d);
        webhooks.describe(d);
        delivery.describe(d);
        history.describe(d);
        engine.describe(d);
        store.describe(d);
        tls.describe(d);
        arrowhead.describe(d);
        replication.describe(d);
        kafka.describe(d);
        mqtt.describe(d);
        observability.describe(d);
        experimental.describe(d);
        return d;
    }
}
