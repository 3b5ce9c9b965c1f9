package io.eventhandler.server.config;

import io.eventhandler.core.delivery.EdfDelivery;
import io.eventhandler.core.delivery.edf.ReplicationPolicy;
import io.eventhandler.core.delivery.edf.SchedulingPolicy;
import io.eventhandler.core.qos.Destination;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.LossTolerance;
import io.eventhandler.core.qos.Micros;
import io.eventhandler.core.qos.TopicQos;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;

/**
 * Real-time delivery (FRAME): how jobs are ordered, which topics are replicated, the topics' QoS file, the deadline
 * of topics without QoS, and the latencies the admission test and the deadlines use. Latencies are milliseconds
 * with up to three decimals (0.05 = 50 µs).
 *
 * @param policy                  {@value #POLICY} — EDF, or FCFS (arrival order, for comparison)
 * @param replication             {@value #REPLICATION} — SELECTIVE (Proposition 1), or ALL (the FCFS baseline's)
 * @param coordination            {@value #COORDINATION} — Table 3.3 dispatch-replicate coordination (true); false
 *                                only to measure the FCFS- baseline
 * @param topicsFile              {@value #TOPICS} — JSON file of topic QoS loaded at start (none)
 * @param defaultDeadlineMicros   {@value #DEFAULT_DEADLINE_MS} — deadline D of a topic without QoS (1000 ms)
 * @param latencies               Δ_PB {@value #PUBLISHER_LATENCY_MS} (0), Δ_BS edge {@value #EDGE_LATENCY_MS} (1),
 *                                Δ_BS cloud {@value #CLOUD_LATENCY_MS} (20), Δ_BB {@value #BACKUP_LATENCY_MS} (1),
 *                                x {@value #FAILOVER_MS} (50)
 * @param maxMergedDispatches     {@value #MERGE_MAX} — dispatch jobs of one topic a worker that is behind fans out
 *                                before their writes, so that each subscriber gets them in one write (32; 1: none)
 */
public record DeliveryConfiguration(SchedulingPolicy policy, ReplicationPolicy replication, boolean coordination,
                                    String topicsFile,
                                    long defaultDeadlineMicros, LatencyBounds latencies, int maxMergedDispatches) {

    public static final String POLICY = "eh.delivery.policy";
    public static final String REPLICATION = "eh.delivery.replication";
    public static final String COORDINATION = "eh.delivery.coordination";
    public static final String TOPICS = "eh.qos.topics";
    public static final String DEFAULT_DEADLINE_MS = "eh.qos.default.deadline.ms";
    public static final String PUBLISHER_LATENCY_MS = "eh.qos.publisher.latency.ms";
    public static final String EDGE_LATENCY_MS = "eh.qos.edge.subscriber.latency.ms";
    public static final String CLOUD_LATENCY_MS = "eh.qos.cloud.subscriber.latency.ms";
    public static final String BACKUP_LATENCY_MS = "eh.qos.backup.latency.ms";
    public static final String FAILOVER_MS = "eh.qos.failover.ms";
    public static final String MERGE_MAX = "eh.delivery.merge.max";

    /** The QoS of a topic nobody configured: best effort, no replication, the default deadline. */
    public TopicQos defaultQos() {
        return new TopicQos(Micros.INFINITE, defaultDeadlineMicros, LossTolerance.BEST_EFFORT, 0, Destination.EDGE,
                0);
    }

    static DeliveryConfiguration read(final ConfigSource source) {
        return new DeliveryConfiguration(
                choice(source, POLICY, SchedulingPolicy.EDF, SchedulingPolicy.class),
                choice(source, REPLICATION, ReplicationPolicy.SELECTIVE, ReplicationPolicy.class),
                source.bool(COORDINATION, true),
                source.string(TOPICS, ""),
                millis(source, DEFAULT_DEADLINE_MS, "1000"),
                new LatencyBounds(millis(source, PUBLISHER_LATENCY_MS, "0"), millis(source, EDGE_LATENCY_MS, "1"),
                        millis(source, CLOUD_LATENCY_MS, "20"), millis(source, BACKUP_LATENCY_MS, "1"),
                        millis(source, FAILOVER_MS, "50")),
                source.integer(MERGE_MAX, EdfDelivery.DEFAULT_MAX_MERGED, v -> v >= 1, "at least 1"));
    }

    void describe(final Map<String, Object> d) {
        d.put(POLICY, policy);
        d.put(REPLICATION, replication);
        d.put(COORDINATION, coordination);
        d.put(TOPICS, topicsFile);
        d.put(DEFAULT_DEADLINE_MS, millis(defaultDeadlineMicros));
        d.put(PUBLISHER_LATENCY_MS, millis(latencies.publisherToBrokerMicros()));
        d.put(EDGE_LATENCY_MS, millis(latencies.edgeToSubscriberMicros()));
        d.put(CLOUD_LATENCY_MS, millis(latencies.cloudToSubscriberMicros()));
        d.put(BACKUP_LATENCY_MS, millis(latencies.brokerToBackupMicros()));
        d.put(FAILOVER_MS, millis(latencies.failoverMicros()));
        d.put(MERGE_MAX, maxMergedDispatches);
    }

    /** Microseconds as milliseconds, without trailing zeros (50 → 0.05). */
    static String millis(final long micros) {
        return BigDecimal.valueOf(micros, 3).stripTrailingZeros().toPlainString();
    }

    private static long millis(final ConfigSource source, final String key, final String defaultValue) {
        final String raw = source.string(key, defaultValue);
        try {
            final BigDecimal micros = new BigDecimal(raw).movePointRight(3);
            if (micros.signum() < 0 || micros.stripTrailingZeros().scale() > 0) {
                source.problem(key + "=" + raw + " must be milliseconds ≥ 0 with at most 3 decimals");
                return 0;
            }
            return micros.longValueExact();
        } catch (final NumberFormatException | ArithmeticException e) {
            source.problem(key + "=" + raw + " is not a number of milliseconds");
            return 0;
        }
    }

    private static <E extends Enum<E>> E choice(final ConfigSource source, final String key, final E defaultValue,
                                                final Class<E> type) {
        final String raw = source.string(key, defaultValue.name());
        try {
            return Enum.valueOf(type, raw.toUpperCase(Locale.ROOT));
        } catch (final IllegalArgumentException e) {
            source.problem(key + "=" + raw + " must be one of " + java.util.Arrays.toString(type.getEnumConstants()));
            return defaultValue;
        }
    }
}
