package io.eventhandler.server.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Every setting of the server, in one typed place. Values come from {@code eventhandler.properties} (Arrowhead-style
 * keys where Arrowhead has one), overridden by environment variables named after the key
 * ({@code server.port} → {@code SERVER_PORT}); what is not given takes the documented default. All problems are
 * reported together at start.
 *
 * @param address                  {@value #ADDRESS} — interface the server listens on (default 127.0.0.1)
 * @param port                     {@value #PORT} — TCP port (default 8455, Arrowhead's; 0 = any free port)
 * @param workerThreads            {@value #WORKER_THREADS} — Grizzly worker pool running the resources
 *                                 (default cores, at least 2)
 * @param selectorThreads          {@value #SELECTOR_THREADS} — Grizzly selector threads, I/O only (default cores)
 * @param deliveryThreads          {@value #DELIVERY_THREADS} — delivery workers running dispatch and replication jobs
 *                                 by deadline, and as many draining subscriber queues after an asynchronous write
 *                                 (default cores, at least 2; FRAME used three per core)
 * @param historySize              {@value #HISTORY_SIZE} — events kept per topic for Last-Event-ID replay (1024)
 * @param subscriberQueueCapacity  {@value #SUBSCRIBER_QUEUE_CAPACITY} — events queued per subscriber before it drops
 *                                 (8192)
 * @param deliveryBatchMax         {@value #DELIVERY_BATCH_MAX} — events written to a subscriber at once (256)
 * @param sseHeartbeatIntervalMs   {@value #SSE_HEARTBEAT_INTERVAL_MS} — comment line sent on an idle SSE stream
 *                                 (15000)
 * @param sseRetryMs               {@value #SSE_RETRY_MS} — reconnect delay told to SSE clients (2000)
 * @param sseStallTimeoutMs        {@value #SSE_STALL_TIMEOUT_MS} — an SSE subscriber whose write has not completed,
 *                                 or who has been losing events, for this long is disconnected (30000; 0 = never)
 * @param maxBodyBytes             {@value #MAX_BODY_BYTES} — largest request body accepted (65536)
 * @param timeStampToleranceSeconds {@value #TIME_STAMP_TOLERANCE_SECONDS} — allowed clock difference of event
 *                                 stamps and subscription dates (120, as Arrowhead)
 * @param webhookConnectTimeoutMs  {@value #WEBHOOK_CONNECT_TIMEOUT_MS} — connect timeout of webhook POSTs (2000)
 * @param webhookResponseTimeoutMs {@value #WEBHOOK_RESPONSE_TIMEOUT_MS} — response timeout of webhook POSTs (5000)
 * @param webhookMaxRetries        {@value #WEBHOOK_MAX_RETRIES} — retries of a failed webhook POST (3)
 * @param webhookRetryBackoffMs    {@value #WEBHOOK_RETRY_BACKOFF_MS} — first retry delay, doubled each time (200)
 * @param webhookCircuitFailures   {@value #WEBHOOK_CIRCUIT_FAILURES} — events in a row given up on that open a
 *                                 subscriber's circuit (5; 0 = never)
 * @param webhookCircuitOpenMs     {@value #WEBHOOK_CIRCUIT_OPEN_MS} — how long it stays open before one event is
 *                                 tried again (10000)
 * @param webhookMaxConnections    {@value #WEBHOOK_MAX_CONNECTIONS} — pooled connections to all subscribers (512)
 * @param webhookIoThreads         {@value #WEBHOOK_IO_THREADS} — I/O threads of the webhook HTTP client (default
 *                                 cores)
 * @param tls                      secure mode ({@code server.ssl.*})
 * @param arrowhead                Service Registry, Authorization and the standalone policy
 * @param store                    where subscriptions survive restarts
 * @param engineGraphFile          {@value #ENGINE_GRAPH} — operator graph (JSON) loaded at start (default blank: the
 *                                 engine starts with no operators; a graph can be put through the management API)
 * @param engineWorkers            {@value #ENGINE_WORKERS} — worker threads of the operator engine (default cores)
 * @param limits                   what one request may carry: headers, JSON depth and strings, metadata, names
 * @param delivery                 real-time delivery: scheduling, replication, topic QoS and latencies
 * @param calibration              per-stage service-time recording for the capacity model (default off)
 * @param replication              primary/backup role, peer and replication link timing (default standalone)
 * @param observability            metrics readers, per-topic series cap, repeat interval of delivery-problem logs
 * @param history                  each topic's history: off, in memory or durable; its age and byte bounds (the
 *                                 count is {@code historySize}); the durable store and what acknowledges as durable
 */
public record ServerConfiguration(
        String address,
        int port,
        int workerThreads,
        int selectorThreads,
        int deliveryThreads,
        int historySize,
        int subscriberQueueCapacity,
        int deliveryBatchMax,
        int sseHeartbeatIntervalMs,
        int sseRetryMs,
        int sseStallTimeoutMs,
        int maxBodyBytes,
        int timeStampToleranceSeconds,
        int webhookConnectTimeoutMs,
        int webhookResponseTimeoutMs,
        int webhookMaxRetries,
        int webhookRetryBackoffMs,
        int webhookCircuitFailures,
        int webhookCircuitOpenMs,
        int webhookMaxConnections,
        int webhookIoThreads,
        TlsConfiguration tls,
        ArrowheadConfiguration arrowhead,
        StoreConfiguration store,
        String engineGraphFile,
        int engineWorkers,
        LimitsConfiguration limits,
        DeliveryConfiguration delivery,
        CalibrationConfiguration calibration,
        ReplicationConfiguration replication,
        ObservabilityConfiguration observability,
        HistoryConfiguration history) {

    public static final String ADDRESS = "server.address";
    public static final String PORT = "server.port";
    public static final String WORKER_THREADS = "eh.worker.threads";
    public static final String SELECTOR_THREADS = "eh.selector.threads";
    public static final String DELIVERY_THREADS = "eh.delivery.threads";
    public static final String HISTORY_SIZE = "eh.history.size";
    public static final String SUBSCRIBER_QUEUE_CAPACITY = "eh.subscriber.queue.capacity";
    public static final String DELIVERY_BATCH_MAX = "eh.delivery.batch.max";
    public static final String SSE_HEARTBEAT_INTERVAL_MS = "eh.sse.heartbeat.interval.ms";
    public static final String SSE_RETRY_MS = "eh.sse.retry.ms";
    public static final String SSE_STALL_TIMEOUT_MS = "eh.sse.stall.timeout.ms";
    public static final String MAX_BODY_BYTES = "eh.max.body.bytes";
    public static final String TIME_STAMP_TOLERANCE_SECONDS = "time_stamp_tolerance_seconds";
    public static final String WEBHOOK_CONNECT_TIMEOUT_MS = "eh.webhook.connect.timeout.ms";
    public static final String WEBHOOK_RESPONSE_TIMEOUT_MS = "eh.webhook.response.timeout.ms";
    public static final String WEBHOOK_MAX_RETRIES = "eh.webhook.max.retries";
    public static final String WEBHOOK_RETRY_BACKOFF_MS = "eh.webhook.retry.backoff.ms";
    public static final String WEBHOOK_CIRCUIT_FAILURES = "eh.webhook.circuit.failures";
    public static final String WEBHOOK_CIRCUIT_OPEN_MS = "eh.webhook.circuit.open.ms";
    public static final String WEBHOOK_MAX_CONNECTIONS = "eh.webhook.max.connections";
    public static final String WEBHOOK_IO_THREADS = "eh.webhook.io.threads";
    public static final String SSL_ENABLED = "server.ssl.enabled";
    public static final String SSL_KEY_STORE_TYPE = "server.ssl.key-store-type";
    public static final String SSL_KEY_STORE = "server.ssl.key-store";
    public static final String SSL_KEY_STORE_PASSWORD = "server.ssl.key-store-password";
    public static final String SSL_KEY_ALIAS = "server.ssl.key-alias";
    public static final String SSL_KEY_PASSWORD = "server.ssl.key-password";
    public static final String SSL_TRUST_STORE_TYPE = "server.ssl.trust-store-type";
    public static final String SSL_TRUST_STORE = "server.ssl.trust-store";
    public static final String SSL_TRUST_STORE_PASSWORD = "server.ssl.trust-store-password";
    public static final String DISABLE_HOSTNAME_VERIFIER = "disable.hostname.verifier";
    public static final String SR_ADDRESS = "sr_address";
    public static final String SR_PORT = "sr_port";
    public static final String DOMAIN_NAME = "domain.name";
    public static final String DOMAIN_PORT = "domain.port";
    public static final String SR_RETRY_INITIAL_MS = "eh.sr.retry.initial.ms";
    public static final String SR_RETRY_MAX_MS = "eh.sr.retry.max.ms";
    public static final String SR_CHECK_INTERVAL_MS = "eh.sr.check.interval.ms";
    public static final String AUTH_MAX_RETRY = "event_handler_max_retry_connect_auth";
    public static final String AUTH_RETRY_INTERVAL_SEC = "event_handler_retry_connect_auth_interval_sec";
    public static final String LOCAL_AUTHORIZATION_RULES = "eh.local.authorization.rules";
    public static final String CORE_CONNECT_TIMEOUT_MS = "eh.core.connect.timeout.ms";
    public static final String CORE_RESPONSE_TIMEOUT_MS = "eh.core.response.timeout.ms";
    public static final String STORE_URL = "eh.store.url";
    public static final String STORE_USER = "eh.store.user";
    public static final String STORE_PASSWORD = "eh.store.password";
    public static final String ENGINE_GRAPH = "eh.engine.graph";
    public static final String ENGINE_WORKERS = "eh.engine.workers";
    // request limits (hostile and malformed input), see LimitsConfiguration
    public static final String MAX_HEADER_BYTES = "eh.max.header.bytes";
    public static final String MAX_JSON_DEPTH = "eh.max.json.depth";
    public static final String MAX_JSON_STRING_LENGTH = "eh.max.json.string.length";
    public static final String MAX_METADATA_ENTRIES = "eh.max.metadata.entries";
    public static final String MAX_EVENT_TYPE_LENGTH = "eh.max.event.type.length";
    public static final String EVENT_TYPE_PATTERN = "eh.event.type.pattern";
    public static final String MAX_SYSTEM_NAME_LENGTH = "eh.max.system.name.length";
    public static final String MAX_ADDRESS_LENGTH = "eh.max.address.length";
    public static final String PUBLISH_RATE_LIMIT = "eh.publish.rate.limit";
    public static final String PUBLISH_BYTES_LIMIT = "eh.publish.bytes.limit";
    public static final String PUBLISH_BATCH_MAX = "eh.publish.batch.max";
    public static final String PUBLISH_BATCH_MAX_BYTES = "eh.publish.batch.max.bytes";
    public static final String SSE_MAX_STREAMS = "eh.sse.max.streams";
    public static final String CALIBRATION_ENABLED = "eh.calibration.enabled";
    public static final String CALIBRATION_SAMPLES = "eh.calibration.samples";
    public static final String CALIBRATION_FILE = "eh.calibration.file";

    private static final String HIDDEN = "******";

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
        final int cores = Runtime.getRuntime().availableProcessors();
        final String address = source.string(ADDRESS, "127.0.0.1");
        if (address.isEmpty()) {
            source.problem(ADDRESS + " is blank");
        }
        final DeliveryConfiguration delivery = DeliveryConfiguration.read(source);
        final ServerConfiguration configuration = new ServerConfiguration(
                address,
                source.integer(PORT, 8455, v -> v >= 0 && v <= 65535, "between 0 and 65535"),
                source.integer(WORKER_THREADS, Math.max(2, cores), v -> v >= 1, "at least 1"),
                source.integer(SELECTOR_THREADS, cores, v -> v >= 1, "at least 1"),
                source.integer(DELIVERY_THREADS, Math.max(2, cores), v -> v >= 1, "at least 1"),
                source.integer(HISTORY_SIZE, 1024, v -> v >= 0, "at least 0"),
                source.integer(SUBSCRIBER_QUEUE_CAPACITY, 8192, v -> v >= 2, "at least 2"),
                source.integer(DELIVERY_BATCH_MAX, 256, v -> v >= 1, "at least 1"),
                source.integer(SSE_HEARTBEAT_INTERVAL_MS, 15_000, v -> v >= 100, "at least 100"),
                source.integer(SSE_RETRY_MS, 2_000, v -> v >= 0, "at least 0"),
                source.integer(SSE_STALL_TIMEOUT_MS, 30_000, v -> v >= 0, "at least 0"),
                source.integer(MAX_BODY_BYTES, 65_536, v -> v >= 256, "at least 256"),
                source.integer(TIME_STAMP_TOLERANCE_SECONDS, 120, v -> v >= 0, "at least 0"),
                source.integer(WEBHOOK_CONNECT_TIMEOUT_MS, 2_000, v -> v >= 1, "at least 1"),
                source.integer(WEBHOOK_RESPONSE_TIMEOUT_MS, 5_000, v -> v >= 1, "at least 1"),
                source.integer(WEBHOOK_MAX_RETRIES, 3, v -> v >= 0, "at least 0"),
                source.integer(WEBHOOK_RETRY_BACKOFF_MS, 200, v -> v >= 0, "at least 0"),
                source.integer(WEBHOOK_CIRCUIT_FAILURES, 5, v -> v >= 0, "at least 0"),
                source.integer(WEBHOOK_CIRCUIT_OPEN_MS, 10_000, v -> v >= 1, "at least 1"),
                source.integer(WEBHOOK_MAX_CONNECTIONS, 512, v -> v >= 1, "at least 1"),
                source.integer(WEBHOOK_IO_THREADS, cores, v -> v >= 1, "at least 1"),
                readTls(source),
                readArrowhead(source, address),
                new StoreConfiguration(source.string(STORE_URL, StoreConfiguration.DEFAULT_URL),
                        source.string(STORE_USER, ""), source.string(STORE_PASSWORD, "")),
                source.string(ENGINE_GRAPH, ""),
                source.integer(ENGINE_WORKERS, cores, v -> v >= 1, "at least 1"),
                LimitsConfiguration.read(source),
                delivery,
                new CalibrationConfiguration(source.bool(CALIBRATION_ENABLED, false),
                        source.integer(CALIBRATION_SAMPLES, 200_000, v -> v >= 1, "at least 1"),
                        Path.of(source.string(CALIBRATION_FILE, "eh-calibration.csv"))),
                ReplicationConfiguration.read(source, delivery),
                ObservabilityConfiguration.read(source),
                HistoryConfiguration.read(source));
        final int bytesLimit = configuration.limits().publishBytesPerSecond();
        if (bytesLimit > 0 && bytesLimit < configuration.maxBodyBytes()) {
            // a bucket holds one second's bytes: a larger event could never pass
            source.problem(PUBLISH_BYTES_LIMIT + "=" + bytesLimit + " must be 0 (none) or at least "
                    + MAX_BODY_BYTES + " (" + configuration.maxBodyBytes() + ")");
        }
        source.rejectUnknownKeys();
        if (!source.problems().isEmpty()) {
            throw new ConfigurationException(source.problems());
        }
        return configuration;
    }

    private static TlsConfiguration readTls(final ConfigSource source) {
        final String keyStoreType = source.string(SSL_KEY_STORE_TYPE, "PKCS12");
        final String trustStoreType = source.string(SSL_TRUST_STORE_TYPE, "PKCS12");
        for (final String[] type : new String[][] {{SSL_KEY_STORE_TYPE, keyStoreType},
            {SSL_TRUST_STORE_TYPE, trustStoreType}}) {
            if (!type[1].equalsIgnoreCase("PKCS12")) {
                source.problem(type[0] + "=" + type[1] + " must be PKCS12 (as Arrowhead's stores are)");
            }
        }
        final String keyStore = source.string(SSL_KEY_STORE, "");
        final boolean enabled = source.bool(SSL_ENABLED, !keyStore.isEmpty());
        final String storePassword = source.string(SSL_KEY_STORE_PASSWORD, "");
        final String trustStore = source.string(SSL_TRUST_STORE, "");
        final TlsConfiguration tls = new TlsConfiguration(enabled,
                keyStore.isEmpty() ? null : Path.of(keyStore),
                storePassword,
                source.string(SSL_KEY_ALIAS, ""),
                source.string(SSL_KEY_PASSWORD, storePassword),
                trustStore.isEmpty() ? null : Path.of(trustStore),
                source.string(SSL_TRUST_STORE_PASSWORD, storePassword),
                !source.bool(DISABLE_HOSTNAME_VERIFIER, false));
        if (enabled) {
            if (tls.keyStore() == null) {
                source.problem(SSL_ENABLED + "=true needs " + SSL_KEY_STORE);
            } else if (!Files.isReadable(tls.keyStore())) {
                source.problem(SSL_KEY_STORE + "=" + keyStore + " is not a readable file");
            }
            if (tls.trustStore() == null) {
                source.problem(SSL_ENABLED + "=true needs " + SSL_TRUST_STORE);
            } else if (!Files.isReadable(tls.trustStore())) {
                source.problem(SSL_TRUST_STORE + "=" + trustStore + " is not a readable file");
            }
        }
        return tls;
    }

    private static ArrowheadConfiguration readArrowhead(final ConfigSource source, final String address) {
        final ArrowheadConfiguration arrowhead = new ArrowheadConfiguration(
                source.string(SR_ADDRESS, ""),
                source.integer(SR_PORT, 8443, v -> v >= 1 && v <= 65535, "between 1 and 65535"),
                source.string(DOMAIN_NAME, address),
                source.integer(DOMAIN_PORT, 0, v -> v >= 0 && v <= 65535, "between 0 and 65535"),
                source.integer(SR_RETRY_INITIAL_MS, 500, v -> v >= 1, "at least 1"),
                source.integer(SR_RETRY_MAX_MS, 30_000, v -> v >= 1, "at least 1"),
                source.integer(SR_CHECK_INTERVAL_MS, 30_000, v -> v >= 100, "at least 100"),
                source.integer(AUTH_MAX_RETRY, 3, v -> v >= 1, "at least 1"),
                source.integer(AUTH_RETRY_INTERVAL_SEC, 10, v -> v >= 0, "at least 0"),
                source.string(LOCAL_AUTHORIZATION_RULES, ""),
                source.integer(CORE_CONNECT_TIMEOUT_MS, 5_000, v -> v >= 1, "at least 1"),
                source.integer(CORE_RESPONSE_TIMEOUT_MS, 10_000, v -> v >= 1, "at least 1"));
        if (!arrowhead.standalone() && Set.of("0.0.0.0", "::", "[::]").contains(arrowhead.domainName())) {
            source.problem(DOMAIN_NAME + " must be the address other systems reach the Event Handler at; "
                    + arrowhead.domainName() + " (from " + ADDRESS + ") cannot be registered");
        }
        if (arrowhead.registryRetryMaxMs() < arrowhead.registryRetryInitialMs()) {
            source.problem(SR_RETRY_MAX_MS + " must be at least " + SR_RETRY_INITIAL_MS);
        }
        return arrowhead;
    }

    /** The effective values by key, for printing at start. */
    public Map<String, Object> describe() {
        final Map<String, Object> d = new LinkedHashMap<>();
        d.put(ADDRESS, address);
        d.put(PORT, port);
        d.put(WORKER_THREADS, workerThreads);
        d.put(SELECTOR_THREADS, selectorThreads);
        d.put(DELIVERY_THREADS, deliveryThreads);
        d.put(HISTORY_SIZE, historySize);
        d.put(SUBSCRIBER_QUEUE_CAPACITY, subscriberQueueCapacity);
        d.put(DELIVERY_BATCH_MAX, deliveryBatchMax);
        d.put(SSE_HEARTBEAT_INTERVAL_MS, sseHeartbeatIntervalMs);
        d.put(SSE_RETRY_MS, sseRetryMs);
        d.put(SSE_STALL_TIMEOUT_MS, sseStallTimeoutMs);
        d.put(MAX_BODY_BYTES, maxBodyBytes);
        d.put(TIME_STAMP_TOLERANCE_SECONDS, timeStampToleranceSeconds);
        d.put(WEBHOOK_CONNECT_TIMEOUT_MS, webhookConnectTimeoutMs);
        d.put(WEBHOOK_RESPONSE_TIMEOUT_MS, webhookResponseTimeoutMs);
        d.put(WEBHOOK_MAX_RETRIES, webhookMaxRetries);
        d.put(WEBHOOK_RETRY_BACKOFF_MS, webhookRetryBackoffMs);
        d.put(WEBHOOK_CIRCUIT_FAILURES, webhookCircuitFailures);
        d.put(WEBHOOK_CIRCUIT_OPEN_MS, webhookCircuitOpenMs);
        d.put(WEBHOOK_MAX_CONNECTIONS, webhookMaxConnections);
        d.put(WEBHOOK_IO_THREADS, webhookIoThreads);
        d.put(SSL_ENABLED, tls.enabled());
        d.put(SSL_KEY_STORE_TYPE, "PKCS12");
        d.put(SSL_KEY_STORE, tls.keyStore() == null ? "" : tls.keyStore());
        d.put(SSL_KEY_STORE_PASSWORD, hidden(tls.keyStorePassword()));
        d.put(SSL_KEY_ALIAS, tls.keyAlias());
        d.put(SSL_KEY_PASSWORD, hidden(tls.keyPassword()));
        d.put(SSL_TRUST_STORE_TYPE, "PKCS12");
        d.put(SSL_TRUST_STORE, tls.trustStore() == null ? "" : tls.trustStore());
        d.put(SSL_TRUST_STORE_PASSWORD, hidden(tls.trustStorePassword()));
        d.put(DISABLE_HOSTNAME_VERIFIER, !tls.hostnameVerification());
        d.put(SR_ADDRESS, arrowhead.serviceRegistryAddress());
        d.put(SR_PORT, arrowhead.serviceRegistryPort());
        d.put(DOMAIN_NAME, arrowhead.domainName());
        d.put(DOMAIN_PORT, arrowhead.domainPort());
        d.put(SR_RETRY_INITIAL_MS, arrowhead.registryRetryInitialMs());
        d.put(SR_RETRY_MAX_MS, arrowhead.registryRetryMaxMs());
        d.put(SR_CHECK_INTERVAL_MS, arrowhead.registryCheckIntervalMs());
        d.put(AUTH_MAX_RETRY, arrowhead.authorizationMaxRetries());
        d.put(AUTH_RETRY_INTERVAL_SEC, arrowhead.authorizationRetrySeconds());
        d.put(LOCAL_AUTHORIZATION_RULES, arrowhead.localAuthorizationRules());
        d.put(CORE_CONNECT_TIMEOUT_MS, arrowhead.coreConnectTimeoutMs());
        d.put(CORE_RESPONSE_TIMEOUT_MS, arrowhead.coreResponseTimeoutMs());
        d.put(STORE_URL, store.url());
        d.put(STORE_USER, store.user());
        d.put(STORE_PASSWORD, hidden(store.password()));
        d.put(ENGINE_GRAPH, engineGraphFile);
        d.put(ENGINE_WORKERS, engineWorkers);
        d.put(MAX_HEADER_BYTES, limits.maxHeaderBytes());
        d.put(MAX_JSON_DEPTH, limits.maxJsonDepth());
        d.put(MAX_JSON_STRING_LENGTH, limits.maxJsonStringLength());
        d.put(MAX_METADATA_ENTRIES, limits.maxMetadataEntries());
        d.put(MAX_EVENT_TYPE_LENGTH, limits.maxEventTypeLength());
        d.put(EVENT_TYPE_PATTERN, limits.eventTypePattern().pattern());
        d.put(MAX_SYSTEM_NAME_LENGTH, limits.maxSystemNameLength());
        d.put(MAX_ADDRESS_LENGTH, limits.maxAddressLength());
        d.put(PUBLISH_RATE_LIMIT, limits.publishEventsPerSecond());
        d.put(PUBLISH_BYTES_LIMIT, limits.publishBytesPerSecond());
        d.put(PUBLISH_BATCH_MAX, limits.publishBatchMax());
        d.put(PUBLISH_BATCH_MAX_BYTES, limits.publishBatchMaxBytes());
        d.put(SSE_MAX_STREAMS, limits.maxSseStreams());
        delivery.describe(d);
        d.put(CALIBRATION_ENABLED, calibration.enabled());
        d.put(CALIBRATION_SAMPLES, calibration.samples());
        d.put(CALIBRATION_FILE, calibration.file());
        replication.describe(d);
        observability.describe(d);
        history.describe(d);
        return d;
    }

    private static String hidden(final String secret) {
        return secret == null || secret.isEmpty() ? "" : HIDDEN;
    }
}
