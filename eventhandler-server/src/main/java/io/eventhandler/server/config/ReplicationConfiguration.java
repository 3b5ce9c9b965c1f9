package io.eventhandler.server.config;

import io.eventhandler.core.replication.ReplicationRole;

import java.net.URI;
import java.util.Locale;
import java.util.Map;

/**
 * Primary and backup: this instance's configured role, the other instance's address, and the timing of the
 * replication link. The configured role is a preference: an instance configured as primary that finds its peer
 * serving as primary stands by as its backup.
 *
 * @param role             {@value #ROLE} — STANDALONE (no pair), PRIMARY or BACKUP
 * @param peer             {@value #PEER} — base URI of the other instance, e.g. {@code https://10.0.0.2:8455} (none)
 * @param heartbeatMs      {@value #HEARTBEAT_MS} — the primary sends at least one batch this often (5)
 * @param failureTimeoutMs {@value #FAILURE_TIMEOUT_MS} — silence after which the backup probes the primary (20)
 * @param probeTimeoutMs   {@value #PROBE_TIMEOUT_MS} — how long the probe may take; a primary that does not answer
 *                         it as primary is taken for failed and the backup takes over. A crashed process refuses
 *                         the probe at once; only a host that vanished without a reset makes it wait this long, so
 *                         it is not part of the detection bound that x must cover (500)
 * @param bufferPerTopic   {@value #BUFFER_PER_TOPIC} — replicas the backup keeps per topic (10, as in FRAME)
 * @param batchMax         {@value #BATCH_MAX} — records sent in one batch (512)
 * @param queueCapacity    {@value #QUEUE_CAPACITY} — records waiting to be sent; a replica that finds it full
 *                         counts as failed (65536)
 * @param bodyMaxBytes     {@value #BODY_MAX_BYTES} — the largest replication batch the backup accepts: a batch can
 *                         carry the whole mirrored state (every topic's QoS, every webhook subscription), far more
 *                         than a client's request may ({@code eh.max.body.bytes}); only the peer may send one
 *                         (33554432)
 */
public record ReplicationConfiguration(ReplicationRole role, String peer, int heartbeatMs, int failureTimeoutMs,
                                       int probeTimeoutMs, int bufferPerTopic, int batchMax, int queueCapacity,
                                       int bodyMaxBytes) {

    public static final String ROLE = "eh.replication.role";
    public static final String PEER = "eh.replication.peer";
    public static final String HEARTBEAT_MS = "eh.replication.heartbeat.ms";
    public static final String FAILURE_TIMEOUT_MS = "eh.replication.failure.timeout.ms";
    public static final String PROBE_TIMEOUT_MS = "eh.replication.probe.timeout.ms";
    public static final String BUFFER_PER_TOPIC = "eh.replication.buffer.per.topic";
    public static final String BATCH_MAX = "eh.replication.batch.max";
    public static final String QUEUE_CAPACITY = "eh.replication.queue.capacity";
    public static final String BODY_MAX_BYTES = "eh.replication.body.max.bytes";

    /** Whether this instance is one of a pair. */
    public boolean paired() {
        return role != ReplicationRole.STANDALONE;
    }

    /**
     * The longest a crashed primary process goes unnoticed: a heartbeat interval and the timeout (its refused probe
     * answers at once).
     */
    public long detectionBoundMicros() {
        return (heartbeatMs + (long) failureTimeoutMs) * 1000;
    }

    static ReplicationConfiguration read(final ConfigSource source, final DeliveryConfiguration delivery) {
        final String rawRole = source.string(ROLE, ReplicationRole.STANDALONE.name());
        ReplicationRole role = ReplicationRole.STANDALONE;
        try {
            role = ReplicationRole.valueOf(rawRole.trim().toUpperCase(Locale.ROOT));
        } catch (final IllegalArgumentException e) {
            source.problem(ROLE + "=" + rawRole + " must be one of STANDALONE, PRIMARY, BACKUP");
        }
        final String peer = source.string(PEER, "").trim();
        final ReplicationConfiguration configuration = new ReplicationConfiguration(role, peer,
                source.integer(HEARTBEAT_MS, 5, v -> v >= 1, "at least 1"),
                source.integer(FAILURE_TIMEOUT_MS, 20, v -> v >= 1, "at least 1"),
                source.integer(PROBE_TIMEOUT_MS, 500, v -> v >= 1, "at least 1"),
                source.integer(BUFFER_PER_TOPIC, 10, v -> v >= 1, "at least 1"),
                source.integer(BATCH_MAX, 512, v -> v >= 1, "at least 1"),
                source.integer(QUEUE_CAPACITY, 65_536, v -> v >= 16, "at least 16"),
                source.integer(BODY_MAX_BYTES, 32 * 1024 * 1024, v -> v >= 65_536, "at least 65536"));
        if (configuration.paired()) {
            if (peer.isEmpty()) {
                source.problem(ROLE + "=" + role + " needs " + PEER + ", the other instance's base URI");
            } else {
                try {
                    final URI uri = URI.create(peer);
                    if (uri.getHost() == null || uri.getPort() < 0
                            || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
                        source.problem(PEER + "=" + peer + " must be http(s)://host:port");
                    }
                } catch (final IllegalArgumentException e) {
                    source.problem(PEER + "=" + peer + " is not a URI: " + e.getMessage());
                }
            }
            if (delivery.latencies().failoverMicros() < configuration.detectionBoundMicros()) {
                // admission assumes a failover takes at most x: the detection alone must fit in it
                source.problem(DeliveryConfiguration.FAILOVER_MS + "=" + DeliveryConfiguration.millis(
                        delivery.latencies().failoverMicros()) + " must cover " + HEARTBEAT_MS + " + "
                        + FAILURE_TIMEOUT_MS + " (" + configuration.detectionBoundMicros() / 1000 + " ms)");
            }
        }
        return configuration;
    }

    void describe(final Map<String, Object> d) {
        d.put(ROLE, role);
        d.put(PEER, peer);
        d.put(HEARTBEAT_MS, heartbeatMs);
        d.put(FAILURE_TIMEOUT_MS, failureTimeoutMs);
        d.put(PROBE_TIMEOUT_MS, probeTimeoutMs);
        d.put(BUFFER_PER_TOPIC, bufferPerTopic);
        d.put(BATCH_MAX, batchMax);
        d.put(QUEUE_CAPACITY, queueCapacity);
        d.put(BODY_MAX_BYTES, bodyMaxBytes);
    }
}
