package io.eventhandler.server.config;

import io.eventhandler.core.replication.ReplicationRole;

import java.net.URI;
import java.util.Map;

import static io.eventhandler.server.config.Setting.atLeast;

/**
 * Primary and backup: this instance's configured role, the other instance's address, and the timing of the
 * replication link. The configured role is a preference: an instance configured as primary that finds its peer
 * serving as primary stands by as its backup.
 *
 * @param role             {@link #ROLE} — STANDALONE (no pair), PRIMARY or BACKUP
 * @param peer             {@link #PEER} — base URI of the other instance, e.g. {@code https://10.0.0.2:8455} (none)
 * @param heartbeatMs      {@link #HEARTBEAT_MS} — the primary sends at least one batch this often (5)
 * @param failureTimeoutMs {@link #FAILURE_TIMEOUT_MS} — silence after which the backup probes the primary (20)
 * @param probeTimeoutMs   {@link #PROBE_TIMEOUT_MS} — how long the probe may take; a primary that does not answer
 *                         it as primary is taken for failed and the backup takes over. A crashed process refuses
 *                         the probe at once; only a host that vanished without a reset makes it wait this long, so
 *                         it is not part of the detection bound that x must cover (500)
 * @param bufferPerTopic   {@link #BUFFER_PER_TOPIC} — replicas the backup keeps per topic until every subscriber has
 *                         the original (8192, a subscriber queue's default capacity; FRAME's experiments used 10)
 * @param batchMax         {@link #BATCH_MAX} — records sent in one batch (512)
 * @param queueCapacity    {@link #QUEUE_CAPACITY} — records waiting to be sent; a replica that finds it full
 *                         counts as failed (65536)
 * @param bodyMaxBytes     {@link #BODY_MAX_BYTES} — the largest replication batch the backup accepts: a batch can
 *                         carry the whole mirrored state (every topic's QoS, every webhook subscription), far more
 *                         than a client's request may ({@code eh.max.body.bytes}); only the peer may send one
 *                         (33554432)
 * @param secret           {@link #SECRET} — plain mode: the shared secret both instances send and require on the
 *                         replication endpoints (header {@code Eh-Replication-Secret}); none
 * @param loopbackOnly     {@link #LOOPBACK_ONLY} — plain mode: the replication endpoints answer loopback callers only
 *                         (a pair on one host); false. A plain-mode pair needs one of the two: without them anyone
 *                         who reaches the port could make the primary step down and rewrite the mirrored state
 * @param fencing          {@link #FENCING} — a primary that has had a backup acknowledges publishes only within a
 *                         lease ({@link #leaseMicros()}) from the last batch its backup took, so that it never
 *                         acknowledges at the same time as a backup that took over; false (off: a primary goes on
 *                         alone when its backup is lost, and a partition can leave two primaries until the link is
 *                         back). On, a lease as short as the default failure timeout makes (15 ms) lapses under load
 *                         and publishes get 503 (counted)
 */
public record ReplicationConfiguration(ReplicationRole role, String peer, int heartbeatMs, int failureTimeoutMs,
                                       int probeTimeoutMs, int bufferPerTopic, int batchMax, int queueCapacity,
                                       int bodyMaxBytes, String secret, boolean loopbackOnly, boolean fencing) {

    /** The shortest shared secret accepted: it is the only thing that stands between a caller and the pair. */
    public static final int SECRET_MIN_LENGTH = 16;

    private static final Settings<ReplicationConfiguration> SETTINGS = new Settings<>();

    public static final Setting<ReplicationRole> ROLE = SETTINGS.add(Setting.choice("eh.replication.role",
            ReplicationRole.STANDALONE, ReplicationRole.class, "STANDALONE, PRIMARY, BACKUP"),
            ReplicationConfiguration::role);
    public static final Setting<String> PEER = SETTINGS.add(Setting.string("eh.replication.peer", ""),
            ReplicationConfiguration::peer);
    public static final Setting<Integer> HEARTBEAT_MS = SETTINGS.add(
            Setting.integer("eh.replication.heartbeat.ms", 5, atLeast(1)), ReplicationConfiguration::heartbeatMs);
    public static final Setting<Integer> FAILURE_TIMEOUT_MS = SETTINGS.add(
            Setting.integer("eh.replication.failure.timeout.ms", 20, atLeast(1)),
            ReplicationConfiguration::failureTimeoutMs);
    public static final Setting<Integer> PROBE_TIMEOUT_MS = SETTINGS.add(
            Setting.integer("eh.replication.probe.timeout.ms", 500, atLeast(1)),
            ReplicationConfiguration::probeTimeoutMs);
    public static final Setting<Integer> BUFFER_PER_TOPIC = SETTINGS.add(
            Setting.integer("eh.replication.buffer.per.topic", 8192, atLeast(1)),
            ReplicationConfiguration::bufferPerTopic);
    public static final Setting<Integer> BATCH_MAX = SETTINGS.add(
            Setting.integer("eh.replication.batch.max", 512, atLeast(1)), ReplicationConfiguration::batchMax);
    public static final Setting<Integer> QUEUE_CAPACITY = SETTINGS.add(
            Setting.integer("eh.replication.queue.capacity", 65_536, atLeast(16)),
            ReplicationConfiguration::queueCapacity);
    public static final Setting<Integer> BODY_MAX_BYTES = SETTINGS.add(
            Setting.integer("eh.replication.body.max.bytes", 32 * 1024 * 1024, atLeast(65_536)),
            ReplicationConfiguration::bodyMaxBytes);

    public static final Setting<String> SECRET = SETTINGS.secret(Setting.string("eh.replication.secret", ""),
            ReplicationConfiguration::secret);
    public static final Setting<Boolean> LOOPBACK_ONLY = SETTINGS.add(
            Setting.bool("eh.replication.loopback.only", false), ReplicationConfiguration::loopbackOnly);

    public static final Setting<Boolean> FENCING = SETTINGS.add(Setting.bool("eh.replication.fencing", false),
            ReplicationConfiguration::fencing);

    /**
     * The fence's lease: three quarters of the failure timeout. The backup takes over only after a failure timeout
     * of silence from a batch's arrival, which comes after the batch's sending began; the quarter left covers the
     * time between the last check of the lease and the answer leaving.
     */
    public long leaseMicros() {
        return failureTimeoutMs * 750L;
    }

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
        final ReplicationRole role = source.get(ROLE);
        final String peer = source.get(PEER);
        final ReplicationConfiguration configuration = new ReplicationConfiguration(role, peer,
                source.get(HEARTBEAT_MS), source.get(FAILURE_TIMEOUT_MS), source.get(PROBE_TIMEOUT_MS),
                source.get(BUFFER_PER_TOPIC), source.get(BATCH_MAX), source.get(QUEUE_CAPACITY),
                source.get(BODY_MAX_BYTES), source.get(SECRET), source.get(LOOPBACK_ONLY), source.get(FENCING));
        if (!configuration.secret().isEmpty() && configuration.secret().length() < SECRET_MIN_LENGTH) {
            source.problem(SECRET + " must have at least " + SECRET_MIN_LENGTH + " characters");
        }
        if (configuration.paired()) {
            configuration.checkPeer(source);
            if (delivery.latencies().failoverMicros() < configuration.detectionBoundMicros()) {
                // admission assumes a failover takes at most x: the detection alone must fit in it
                source.problem(DeliveryConfiguration.FAILOVER_MS + "=" + Setting.millis(
                        delivery.latencies().failoverMicros()) + " must cover " + HEARTBEAT_MS + " + "
                        + FAILURE_TIMEOUT_MS + " (" + configuration.detectionBoundMicros() / 1000 + " ms)");
            }
        }
        return configuration;
    }

    private void checkPeer(final ConfigSource source) {
        if (peer.isEmpty()) {
            source.problem(ROLE + "=" + role + " needs " + PEER + ", the other instance's base URI");
            return;
        }
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

    /**
     * A plain-mode pair must protect its replication endpoints: by a shared secret, or by answering loopback callers
     * only. (In secure mode only a caller with the Event Handler's own certificate is let in.)
     */
    void checkPlainMode(final ConfigSource source, final boolean secure) {
        if (paired() && !peer.isEmpty() && !secure && secret.isEmpty() && !loopbackOnly) {
            source.problem(ROLE + "=" + role + " without TLS needs " + SECRET + " (the same on both instances, at "
                    + "least " + SECRET_MIN_LENGTH + " characters) or " + LOOPBACK_ONLY + "=true (both on one host): "
                    + "otherwise anyone who reaches the port could drive the replication");
        }
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
