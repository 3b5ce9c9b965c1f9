package io.eventhandler.core.delivery.accounting;

import org.HdrHistogram.Histogram;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Delivery accounting per topic and per subscriber: deadlines met and missed (delivery vs t_c + D), end-to-end
 * latency percentiles, drops, and the longest run of consecutive losses. Recording goes through a
 * {@link StreamAccount} per (topic, subscriber); reading takes snapshots for the management API. Thread-safe.
 */
public final class DeliveryAccounting {

    /** Latency histograms keep 2 significant digits (1 %); packed, they cost only the buckets in use. */
    public static final int DEFAULT_SIGNIFICANT_DIGITS = 2;
    /** Reports that may wait for a missing earlier sequence, per stream. */
    public static final int DEFAULT_REORDER_WINDOW = 64;

    private final int significantDigits;
    private final int reorderWindow;
    private final Map<String, DeliveryCounters> topics = new ConcurrentHashMap<>();
    private final Map<String, DeliveryCounters> subscribers = new ConcurrentHashMap<>();
    private final Map<StreamKey, StreamAccount> streams = new ConcurrentHashMap<>();
    /** How many streams each subscriber has in {@link #streams}: its counters go with its last one. */
    private final Map<String, Integer> streamsOf = new ConcurrentHashMap<>();

    private record StreamKey(String topic, String subscriber) {
    }

    public DeliveryAccounting() {
        this(DEFAULT_SIGNIFICANT_DIGITS, DEFAULT_REORDER_WINDOW);
    }

    public DeliveryAccounting(final int significantDigits, final int reorderWindow) {
        if (significantDigits < 0 || significantDigits > 5) {
            throw new IllegalArgumentException("significant digits must be 0..5, was " + significantDigits);
        }
        if (reorderWindow < 1) {
            throw new IllegalArgumentException("reorder window must be ≥ 1, was " + reorderWindow);
        }
        this.significantDigits = significantDigits;
        this.reorderWindow = reorderWindow;
    }

    /**
     * The account of a subscriber's stream of a topic, created on first use.
     *
     * @param gapsAreLosses true when the subscriber should receive every event of the topic, so a sequence never
     *                      reported is a loss; false when its filter may skip some
     */
    public StreamAccount stream(final String topic, final String subscriber, final boolean gapsAreLosses) {
        return streams.computeIfAbsent(new StreamKey(topic, subscriber), k -> {
            streamsOf.merge(subscriber, 1, Integer::sum);
            return new StreamAccount(new LossRunTracker(gapsAreLosses, reorderWindow), counters(topics, topic),
                    counters(subscribers, subscriber));
        });
    }

    /**
     * The subscriber's stream ended: its account and per-subscriber counters go (its topic's counters stay), so that
     * subscribers coming and going do not grow the accounting.
     */
    public void forget(final String topic, final String subscriber) {
        if (streams.remove(new StreamKey(topic, subscriber)) != null) {
            // counted rather than searched for: 10,000 streams closing searched 10,000 keys each
            streamsOf.computeIfPresent(subscriber, (s, n) -> {
                if (n > 1) {
                    return n - 1;
                }
                subscribers.remove(subscriber);
                return null;
            });
        }
    }

    private DeliveryCounters counters(final Map<String, DeliveryCounters> map, final String key) {
        return map.computeIfAbsent(key, k -> new DeliveryCounters(significantDigits));
    }

    /** Per topic, sorted by name. */
    public Map<String, DeliveryStatistics> byTopic() {
        return snapshot(topics);
    }

    /** Per subscriber, sorted by name. */
    public Map<String, DeliveryStatistics> bySubscriber() {
        return snapshot(subscribers);
    }

    /**
     * Copies of every topic's end-to-end latency histogram (microseconds, HdrHistogram), for exposition as buckets
     * at scrape time: nothing is recorded twice.
     */
    public Map<String, Histogram> latencyByTopic() {
        final Map<String, Histogram> out = new TreeMap<>();
        topics.forEach((k, c) -> out.put(k, c.latencyCopy()));
        return out;
    }

    private static Map<String, DeliveryStatistics> snapshot(final Map<String, DeliveryCounters> counters) {
        final Map<String, DeliveryStatistics> out = new TreeMap<>();
        counters.forEach((k, c) -> out.put(k, c.snapshot()));
        return out;
    }
}
