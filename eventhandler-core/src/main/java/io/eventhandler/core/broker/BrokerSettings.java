package io.eventhandler.core.broker;

/**
 * Sizes the broker works with.
 *
 * @param historyCapacity events kept per topic for replay (0 = none)
 * @param outboxCapacity  events queued per subscriber before it drops
 * @param maxBatch        events handed to a sink at once
 */
public record BrokerSettings(int historyCapacity, int outboxCapacity, int maxBatch) {

    public BrokerSettings {
        if (historyCapacity < 0) {
            throw new IllegalArgumentException("historyCapacity=" + historyCapacity + " < 0");
        }
        if (outboxCapacity < 2) {
            throw new IllegalArgumentException("outboxCapacity=" + outboxCapacity + " < 2");
        }
        if (maxBatch < 1) {
            throw new IllegalArgumentException("maxBatch=" + maxBatch + " < 1");
        }
    }
}
