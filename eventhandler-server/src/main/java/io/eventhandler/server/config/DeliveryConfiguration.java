package io.eventhandler.server.config;

import io.eventhandler.core.delivery.EdfDelivery;
import io.eventhandler.core.qos.Destination;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.LossTolerance;
import io.eventhandler.core.qos.Micros;
import io.eventhandler.core.qos.TopicQos;

import java.util.Map;

import static io.eventhandler.server.config.Setting.atLeast;

/**
 * Real-time delivery (FRAME): the delivery workers, each subscriber's queue and writes, the topics' QoS file, the
 * deadline of topics without QoS, and the latencies the admission test and the deadlines use. Latencies are
 * milliseconds with up to three decimals (0.05 = 50 µs). The experimental baselines (FCFS order, replicate-all, no
 * coordination) are {@link ExperimentalConfiguration}.
 *
 * @param threads               {@link #THREADS} — delivery workers running dispatch and replication jobs
 *                              by deadline, and as many draining subscriber queues after an asynchronous write
 *                              (cores, at least 2; FRAME used three per core)
 * @param subscriberQueueCapacity {@link #SUBSCRIBER_QUEUE_CAPACITY} — events queued per subscriber before it drops
 *                              (8192)
 * @param batchMax              {@link #BATCH_MAX} — events written to a subscriber at once (256)
 * @param maxMergedDispatches   {@link #MERGE_MAX} — dispatch jobs of one topic a worker that is behind
 *                              fans out before their writes, so that each subscriber gets them in one write (32;
 *                              1: none)
 * @param maxInlineSubscribers {@link #INLINE_MAX_SUBSCRIBERS} — a publish served on a selector thread fans its
 *                              event out and writes it itself, after its answer, when the topic has at most this
 *                              many subscribers, all SSE streams, and no delivery job waits (8; 0: never)
 * @param spinMicros            {@link #SPIN} — how long an idle delivery worker polls the job queue before it
 *                              sleeps, at most (50 µs; 0: it sleeps at once)
 * @param topicsFile            {@link #TOPICS} — JSON file of topic QoS loaded at start (none)
 * @param defaultDeadlineMicros {@link #DEFAULT_DEADLINE_MS} — deadline D of a topic without QoS (1000 ms)
 * @param latencies             Δ_PB {@link #PUBLISHER_LATENCY_MS} (0), Δ_BS edge
 *                              {@link #EDGE_LATENCY_MS} (1), Δ_BS cloud
 *                              {@link #CLOUD_LATENCY_MS} (20), Δ_BB {@link #BACKUP_LATENCY_MS}
 *                              (1), x {@link #FAILOVER_MS} (50)
 */
public record DeliveryConfiguration(int threads, int subscriberQueueCapacity, int batchMax, int maxMergedDispatches,
                                    int maxInlineSubscribers, int spinMicros, String topicsFile, long defaultDeadlineMicros,
                                    LatencyBounds latencies) {

    private static final Settings<DeliveryConfiguration> SETTINGS = new Settings<>();

    public static final Setting<Integer> THREADS = SETTINGS.add(
            Setting.integer("eh.delivery.threads", Math.max(2, Runtime.getRuntime().availableProcessors()),
                    atLeast(1)), DeliveryConfiguration::threads);
    public static final Setting<Integer> SUBSCRIBER_QUEUE_CAPACITY = SETTINGS.add(
            Setting.integer("eh.subscriber.queue.capacity", 8192, atLeast(2)),
            DeliveryConfiguration::subscriberQueueCapacity);
    public static final Setting<Integer> BATCH_MAX = SETTINGS.add(
            Setting.integer("eh.delivery.batch.max", 256, atLeast(1)), DeliveryConfiguration::batchMax);
    public static final Setting<Integer> MERGE_MAX = SETTINGS.add(
            Setting.integer("eh.delivery.merge.max", EdfDelivery.DEFAULT_MAX_MERGED, atLeast(1)),
            DeliveryConfiguration::maxMergedDispatches);
    public static final Setting<Integer> INLINE_MAX_SUBSCRIBERS = SETTINGS.add(
            Setting.integer("eh.delivery.inline.max.subscribers", 8, atLeast(0)),
            DeliveryConfiguration::maxInlineSubscribers);
    public static final Setting<Integer> SPIN = SETTINGS.add(
            Setting.integer("eh.delivery.spin.micros", 50, Setting.between(0, 1_000)), DeliveryConfiguration::spinMicros);
    public static final Setting<String> TOPICS = SETTINGS.add(Setting.string("eh.qos.topics", ""),
            DeliveryConfiguration::topicsFile);
    public static final Setting<Long> DEFAULT_DEADLINE_MS = SETTINGS.add(
            Setting.millis("eh.qos.default.deadline.ms", 1000), d -> Setting.millis(d.defaultDeadlineMicros()));
    public static final Setting<Long> PUBLISHER_LATENCY_MS = SETTINGS.add(
            Setting.millis("eh.qos.publisher.latency.ms", 0),
            d -> Setting.millis(d.latencies().publisherToBrokerMicros()));
    public static final Setting<Long> EDGE_LATENCY_MS = SETTINGS.add(
            Setting.millis("eh.qos.edge.subscriber.latency.ms", 1),
            d -> Setting.millis(d.latencies().edgeToSubscriberMicros()));
    public static final Setting<Long> CLOUD_LATENCY_MS = SETTINGS.add(
            Setting.millis("eh.qos.cloud.subscriber.latency.ms", 20),
            d -> Setting.millis(d.latencies().cloudToSubscriberMicros()));
    public static final Setting<Long> BACKUP_LATENCY_MS = SETTINGS.add(
            Setting.millis("eh.qos.backup.latency.ms", 1), d -> Setting.millis(d.latencies().brokerToBackupMicros()));
    public static final Setting<Long> FAILOVER_MS = SETTINGS.add(Setting.millis("eh.qos.failover.ms", 50),
            d -> Setting.millis(d.latencies().failoverMicros()));

    /** The QoS of a topic nobody configured: best effort, no replication, the default deadline. */
    public TopicQos defaultQos() {
        return new TopicQos(Micros.INFINITE, defaultDeadlineMicros, LossTolerance.BEST_EFFORT, 0, Destination.EDGE,
                0);
    }

    static DeliveryConfiguration read(final ConfigSource source) {
        return new DeliveryConfiguration(source.get(THREADS), source.get(SUBSCRIBER_QUEUE_CAPACITY),
                source.get(BATCH_MAX), source.get(MERGE_MAX), source.get(INLINE_MAX_SUBSCRIBERS), source.get(SPIN),
                source.get(TOPICS),
                source.get(DEFAULT_DEADLINE_MS),
                new LatencyBounds(source.get(PUBLISHER_LATENCY_MS), source.get(EDGE_LATENCY_MS),
                        source.get(CLOUD_LATENCY_MS), source.get(BACKUP_LATENCY_MS), source.get(FAILOVER_MS)));
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
