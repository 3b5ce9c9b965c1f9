package io.eventhandler.core.broker;

import io.eventhandler.core.topic.HistoryBounds;

/**
 * Sizes the broker works with.
 *
 * @param historyCapacity  events kept per topic for replay (0 = none)
 * @param outboxCapacity   events queued per subscriber before it drops
 * @param maxBatch         events handed to a sink at once
 * @param historyMaxBytes  encoded bytes kept per topic for replay (0 = no byte bound)
 * @param historyMaxAgeNanos age of the oldest event kept for replay (0 = no age bound)
 * @param historyMemoryMaxBytes heap all topics' histories may hold together (0 = no bound), see
 *                           {@link io.eventhandler.core.topic.HistoryBudget}
 */
public record BrokerSettings(int historyCapacity, int outboxCapacity, int maxBatch, long historyMaxBytes,
                             long historyMaxAgeNanos, long historyMemoryMaxBytes) {

    /** History bounded by count only. */
    public BrokerSettings(final int historyCapacity, final int outboxCapacity, final int maxBatch) {
        this(historyCapacity, outboxCapacity, maxBatch, 0, 0, 0);
    }

    /** What each topic's history may hold. */
    public HistoryBounds historyBounds() {
        return new HistoryBounds(historyCapacity, historyMaxBytes, historyMaxAgeNanos);
    }

    public BrokerSettings {
        if (historyCapacity < 0) {
            throw new IllegalArgumentException("historyCapacity=" + historyCapacity + " < 0");
        }
        if (outboxCapacity < 2) {
            throw new IllegalArgumentException("outboxCapacity=" + outboxCapacity + " < 2");
        }
        if (historyMemoryMaxBytes < 0) {
            throw new IllegalArgumentException("historyMemoryMaxBytes=" + historyMemoryMaxBytes + " < 0");
        }
        if (maxBatch < 1) {
            throw new IllegalArgumentException("maxBatch=" + maxBatch + " < 1");
        }
    }
}
