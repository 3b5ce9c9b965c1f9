package io.eventhandler.server.config;

import java.util.Map;

import static io.eventhandler.server.config.Setting.atLeast;

/**
 * Webhook delivery: the POSTs' timeouts, retries and circuit breaker, and the shared HTTP client's connections and
 * I/O threads.
 *
 * @param connectTimeoutMs  {@link #CONNECT_TIMEOUT_MS} — connect timeout of webhook POSTs (2000)
 * @param responseTimeoutMs {@link #RESPONSE_TIMEOUT_MS} — response timeout of webhook POSTs (5000)
 * @param maxRetries        {@link #MAX_RETRIES} — retries of a failed webhook POST (3)
 * @param retryBackoffMs    {@link #RETRY_BACKOFF_MS} — first retry delay, doubled each time (200)
 * @param circuitFailures   {@link #CIRCUIT_FAILURES} — events in a row given up on that open a
 *                          subscriber's circuit (5; 0 = never)
 * @param circuitOpenMs     {@link #CIRCUIT_OPEN_MS} — how long it stays open before one event is tried
 *                          again (10000)
 * @param maxConnections    {@link #MAX_CONNECTIONS} — pooled connections to all subscribers (512)
 * @param ioThreads         {@link #IO_THREADS} — I/O threads of the webhook HTTP client (cores)
 * @param positionIntervalMs {@link #POSITION_INTERVAL_MS} — how often delivered positions are written (1000)
 */
public record WebhookConfiguration(int connectTimeoutMs, int responseTimeoutMs, int maxRetries, int retryBackoffMs,
                                   int circuitFailures, int circuitOpenMs, int maxConnections, int ioThreads,
                                   int positionIntervalMs) {

    private static final Settings<WebhookConfiguration> SETTINGS = new Settings<>();

    public static final Setting<Integer> CONNECT_TIMEOUT_MS = SETTINGS.add(
            Setting.integer("eh.webhook.connect.timeout.ms", 2_000, atLeast(1)),
            WebhookConfiguration::connectTimeoutMs);
    public static final Setting<Integer> RESPONSE_TIMEOUT_MS = SETTINGS.add(
            Setting.integer("eh.webhook.response.timeout.ms", 5_000, atLeast(1)),
            WebhookConfiguration::responseTimeoutMs);
    public static final Setting<Integer> MAX_RETRIES = SETTINGS.add(
            Setting.integer("eh.webhook.max.retries", 3, atLeast(0)), WebhookConfiguration::maxRetries);
    public static final Setting<Integer> RETRY_BACKOFF_MS = SETTINGS.add(
            Setting.integer("eh.webhook.retry.backoff.ms", 200, atLeast(0)), WebhookConfiguration::retryBackoffMs);
    public static final Setting<Integer> CIRCUIT_FAILURES = SETTINGS.add(
            Setting.integer("eh.webhook.circuit.failures", 5, atLeast(0)), WebhookConfiguration::circuitFailures);
    public static final Setting<Integer> CIRCUIT_OPEN_MS = SETTINGS.add(
            Setting.integer("eh.webhook.circuit.open.ms", 10_000, atLeast(1)), WebhookConfiguration::circuitOpenMs);
    public static final Setting<Integer> MAX_CONNECTIONS = SETTINGS.add(
            Setting.integer("eh.webhook.max.connections", 512, atLeast(1)), WebhookConfiguration::maxConnections);
    public static final Setting<Integer> IO_THREADS = SETTINGS.add(
            Setting.integer("eh.webhook.io.threads", Runtime.getRuntime().availableProcessors(), atLeast(1)),
            WebhookConfiguration::ioThreads);
    public static final Setting<Integer> POSITION_INTERVAL_MS = SETTINGS.add(
            Setting.integer("eh.webhook.position.interval.ms", 1_000, atLeast(10)),
            WebhookConfiguration::positionIntervalMs);

    static WebhookConfiguration read(final ConfigSource source) {
        return new WebhookConfiguration(source.get(CONNECT_TIMEOUT_MS), source.get(RESPONSE_TIMEOUT_MS),
                source.get(MAX_RETRIES), source.get(RETRY_BACKOFF_MS), source.get(CIRCUIT_FAILURES),
                source.get(CIRCUIT_OPEN_MS), source.get(MAX_CONNECTIONS), source.get(IO_THREADS),
                source.get(POSITION_INTERVAL_MS));
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
