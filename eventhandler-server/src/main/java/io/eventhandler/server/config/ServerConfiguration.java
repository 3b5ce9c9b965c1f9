package io.eventhandler.server.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

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
 * @param deliveryThreads          {@value #DELIVERY_THREADS} — threads draining subscriber queues (default cores,
 *                                 at least 2)
 * @param historySize              {@value #HISTORY_SIZE} — events kept per topic for Last-Event-ID replay (1024)
 * @param subscriberQueueCapacity  {@value #SUBSCRIBER_QUEUE_CAPACITY} — events queued per subscriber before it drops
 *                                 (8192)
 * @param deliveryBatchMax         {@value #DELIVERY_BATCH_MAX} — events written to a subscriber at once (256)
 * @param deliveryInlineSubscribers {@value #DELIVERY_INLINE_SUBSCRIBERS} — subscribers a publishing thread serves
 *                                 itself after answering the publisher, before handing the rest to the delivery
 *                                 threads (0 = always hand off, the default)
 * @param sseHeartbeatIntervalMs   {@value #SSE_HEARTBEAT_INTERVAL_MS} — comment line sent on an idle SSE stream
 *                                 (15000)
 * @param sseRetryMs               {@value #SSE_RETRY_MS} — reconnect delay told to SSE clients (2000)
 * @param maxBodyBytes             {@value #MAX_BODY_BYTES} — largest request body accepted (65536)
 * @param timeStampToleranceSeconds {@value #TIME_STAMP_TOLERANCE_SECONDS} — allowed clock difference of event
 *                                 stamps and subscription dates (120, as Arrowhead)
 * @param webhookConnectTimeoutMs  {@value #WEBHOOK_CONNECT_TIMEOUT_MS} — connect timeout of webhook POSTs (2000)
 * @param webhookResponseTimeoutMs {@value #WEBHOOK_RESPONSE_TIMEOUT_MS} — response timeout of webhook POSTs (5000)
 * @param webhookMaxRetries        {@value #WEBHOOK_MAX_RETRIES} — retries of a failed webhook POST (3)
 * @param webhookRetryBackoffMs    {@value #WEBHOOK_RETRY_BACKOFF_MS} — first retry delay, doubled each time (200)
 * @param webhookMaxConnections    {@value #WEBHOOK_MAX_CONNECTIONS} — pooled connections to all subscribers (512)
 * @param webhookIoThreads         {@value #WEBHOOK_IO_THREADS} — I/O threads of the webhook HTTP client (default
 *                                 cores)
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
        int deliveryInlineSubscribers,
        int sseHeartbeatIntervalMs,
        int sseRetryMs,
        int maxBodyBytes,
        int timeStampToleranceSeconds,
        int webhookConnectTimeoutMs,
        int webhookResponseTimeoutMs,
        int webhookMaxRetries,
        int webhookRetryBackoffMs,
        int webhookMaxConnections,
        int webhookIoThreads) {

    public static final String ADDRESS = "server.address";
    public static final String PORT = "server.port";
    public static final String WORKER_THREADS = "eh.worker.threads";
    public static final String SELECTOR_THREADS = "eh.selector.threads";
    public static final String DELIVERY_THREADS = "eh.delivery.threads";
    public static final String HISTORY_SIZE = "eh.history.size";
    public static final String SUBSCRIBER_QUEUE_CAPACITY = "eh.subscriber.queue.capacity";
    public static final String DELIVERY_BATCH_MAX = "eh.delivery.batch.max";
    public static final String DELIVERY_INLINE_SUBSCRIBERS = "eh.delivery.inline.subscribers";
    public static final String SSE_HEARTBEAT_INTERVAL_MS = "eh.sse.heartbeat.interval.ms";
    public static final String SSE_RETRY_MS = "eh.sse.retry.ms";
    public static final String MAX_BODY_BYTES = "eh.max.body.bytes";
    public static final String TIME_STAMP_TOLERANCE_SECONDS = "time_stamp_tolerance_seconds";
    public static final String WEBHOOK_CONNECT_TIMEOUT_MS = "eh.webhook.connect.timeout.ms";
    public static final String WEBHOOK_RESPONSE_TIMEOUT_MS = "eh.webhook.response.timeout.ms";
    public static final String WEBHOOK_MAX_RETRIES = "eh.webhook.max.retries";
    public static final String WEBHOOK_RETRY_BACKOFF_MS = "eh.webhook.retry.backoff.ms";
    public static final String WEBHOOK_MAX_CONNECTIONS = "eh.webhook.max.connections";
    public static final String WEBHOOK_IO_THREADS = "eh.webhook.io.threads";

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
        final ServerConfiguration configuration = new ServerConfiguration(
                address,
                source.integer(PORT, 8455, v -> v >= 0 && v <= 65535, "between 0 and 65535"),
                source.integer(WORKER_THREADS, Math.max(2, cores), v -> v >= 1, "at least 1"),
                source.integer(SELECTOR_THREADS, cores, v -> v >= 1, "at least 1"),
                source.integer(DELIVERY_THREADS, Math.max(2, cores), v -> v >= 1, "at least 1"),
                source.integer(HISTORY_SIZE, 1024, v -> v >= 0, "at least 0"),
                source.integer(SUBSCRIBER_QUEUE_CAPACITY, 8192, v -> v >= 2, "at least 2"),
                source.integer(DELIVERY_BATCH_MAX, 256, v -> v >= 1, "at least 1"),
                source.integer(DELIVERY_INLINE_SUBSCRIBERS, 0, v -> v >= 0, "at least 0"),
                source.integer(SSE_HEARTBEAT_INTERVAL_MS, 15_000, v -> v >= 100, "at least 100"),
                source.integer(SSE_RETRY_MS, 2_000, v -> v >= 0, "at least 0"),
                source.integer(MAX_BODY_BYTES, 65_536, v -> v >= 256, "at least 256"),
                source.integer(TIME_STAMP_TOLERANCE_SECONDS, 120, v -> v >= 0, "at least 0"),
                source.integer(WEBHOOK_CONNECT_TIMEOUT_MS, 2_000, v -> v >= 1, "at least 1"),
                source.integer(WEBHOOK_RESPONSE_TIMEOUT_MS, 5_000, v -> v >= 1, "at least 1"),
                source.integer(WEBHOOK_MAX_RETRIES, 3, v -> v >= 0, "at least 0"),
                source.integer(WEBHOOK_RETRY_BACKOFF_MS, 200, v -> v >= 0, "at least 0"),
                source.integer(WEBHOOK_MAX_CONNECTIONS, 512, v -> v >= 1, "at least 1"),
                source.integer(WEBHOOK_IO_THREADS, cores, v -> v >= 1, "at least 1"));
        source.rejectUnknownKeys();
        if (!source.problems().isEmpty()) {
            throw new ConfigurationException(source.problems());
        }
        return configuration;
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
        d.put(DELIVERY_INLINE_SUBSCRIBERS, deliveryInlineSubscribers);
        d.put(SSE_HEARTBEAT_INTERVAL_MS, sseHeartbeatIntervalMs);
        d.put(SSE_RETRY_MS, sseRetryMs);
        d.put(MAX_BODY_BYTES, maxBodyBytes);
        d.put(TIME_STAMP_TOLERANCE_SECONDS, timeStampToleranceSeconds);
        d.put(WEBHOOK_CONNECT_TIMEOUT_MS, webhookConnectTimeoutMs);
        d.put(WEBHOOK_RESPONSE_TIMEOUT_MS, webhookResponseTimeoutMs);
        d.put(WEBHOOK_MAX_RETRIES, webhookMaxRetries);
        d.put(WEBHOOK_RETRY_BACKOFF_MS, webhookRetryBackoffMs);
        d.put(WEBHOOK_MAX_CONNECTIONS, webhookMaxConnections);
        d.put(WEBHOOK_IO_THREADS, webhookIoThreads);
        return d;
    }
}
