package io.eventhandler.benchmarks.load;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Everything one invocation of the {@link LoadGenerator} does, validated by {@link OptionsParser}.
 *
 * @param url                 the Event Handler to load (ignored with {@code embedded})
 * @param embedded            start an Event Handler in this JVM instead
 * @param allowRemote         permit a target that is not a loopback address
 * @param publishers          publisher threads, each with its own connection
 * @param subscribers         subscribers, each subscribed to every topic
 * @param mode                how subscribers receive events
 * @param client              which HTTP client publishers and SSE subscribers use
 * @param eventsPerPublisher  measured events per publisher (when {@code duration} is null)
 * @param duration            length of the measured phase instead of an event count, or null
 * @param ratePerPublisher    events per second per publisher, open loop; 0 = back-to-back
 * @param payloadBytes        size of each event's payload (at least the header the generator needs)
 * @param topics              event types; publisher {@code i} publishes on topic {@code i mod topics}
 * @param warmupPerPublisher  events per publisher sent before the measured phase and excluded from statistics
 * @param preset              the thesis scenario the counts came from, or null
 * @param jsonFile            where to write the JSON report, or null
 * @param drainTimeout        how long to wait for deliveries after the last publish
 * @param readyTimeout        how long to wait for subscribers to connect
 * @param runs                how many times to repeat the run against the same server
 * @param failOnLoss          exit non-zero when any event was lost
 * @param serverConfig        configuration of the embedded server ({@code key=value}, e.g. {@code eh.delivery.threads})
 * @param keyStore            secure mode: the generator's PKCS12 key store (its CN names every publisher and
 *                            webhook subscriber), or null for plain HTTP
 * @param trustStore          secure mode: the cloud's PKCS12 truststore, or null
 * @param password            secure mode: the password of both stores, or null
 * @param samplesCsv          where to write each run's measured end-to-end latencies (one per line, ms), or null
 * @param broker              which server is loaded
 * @param apiKey              Centrifugo's HTTP API key, or null for the Event Handler
 * @param serverPid           the server's process id on this machine, whose CPU time over the measured phase and
 *                            peak RSS the report gives, or 0 when not known
 * @param topicPrefix         the event types' common prefix, the same in every invocation (a server keeps its
 *                            topics from one invocation to the next), or null for a prefix unique to this one
 */
public record LoadOptions(
        URI url,
        boolean embedded,
        boolean allowRemote,
        int publishers,
        int subscribers,
        DeliveryMode mode,
        ClientKind client,
        long eventsPerPublisher,
        Duration duration,
        double ratePerPublisher,
        int payloadBytes,
        int topics,
        long warmupPerPublisher,
        Preset preset,
        Path jsonFile,
        Duration drainTimeout,
        Duration readyTimeout,
        int runs,
        boolean failOnLoss,
        Map<String, String> serverConfig,
        Path keyStore,
        Path trustStore,
        String password,
        Path samplesCsv,
        Broker broker,
        String apiKey,
        long serverPid,
        String topicPrefix) {

    /** Default target: the Event Handler's Arrowhead port on loopback. */
    public static final URI DEFAULT_URL = URI.create("http://127.0.0.1:8455");
    /** Default target in secure mode. */
    public static final URI DEFAULT_SECURE_URL = URI.create("https://127.0.0.1:8455");

    public LoadOptions {
        serverConfig = Map.copyOf(serverConfig);
    }

    /** Whether the generator talks HTTPS with its certificate. */
    public boolean secure() {
        return keyStore != null;
    }

    /** Whether the measured phase is bounded by time rather than by an event count. */
    public boolean timed() {
        return duration != null;
    }

    /** Whether publishers are paced (open loop) rather than back-to-back. */
    public boolean paced() {
        return ratePerPublisher > 0;
    }

    /** Nanoseconds between two events of one publisher when paced, else 0. */
    public long intervalNanos() {
        return paced() ? Math.max(1, Math.round(1e9 / ratePerPublisher)) : 0;
    }

    /** The options as plain JSON-friendly values, in a stable order. */
    public Map<String, Object> describe() {
        final Map<String, Object> out = new LinkedHashMap<>();
        out.put("target", embedded ? "embedded" : url.toString());
        out.put("preset", preset == null ? null : preset.name());
        out.put("mode", mode.label());
        out.put("client", client.label());
        out.put("publishers", publishers);
        out.put("subscribers", subscribers);
        out.put("topics", topics);
        out.put("topic_prefix", topicPrefix);
        out.put("events_per_publisher", timed() ? null : eventsPerPublisher);
        out.put("duration_ms", timed() ? duration.toMillis() : null);
        out.put("rate_per_publisher", ratePerPublisher);
        out.put("payload_bytes", payloadBytes);
        out.put("warmup_per_publisher", warmupPerPublisher);
        out.put("drain_timeout_ms", drainTimeout.toMillis());
        out.put("runs", runs);
        final Map<String, String> shownConfig = new LinkedHashMap<>(serverConfig);
        shownConfig.replaceAll((key, value) -> key.toLowerCase(Locale.ROOT).contains("password") ? "***" : value);
        out.put("server_config", shownConfig);
        out.put("secure", secure());
        out.put("broker", broker.label());
        out.put("server_pid", serverPid == 0 ? null : serverPid);
        return out;
    }
}
