package io.eventhandler.benchmarks.load;

import org.HdrHistogram.Histogram;

/**
 * What one publisher did in the measured phase.
 *
 * @param id               publisher id
 * @param topic            the event type it published on
 * @param attempted        measured events it tried to publish
 * @param acknowledged     of those, answered 2xx
 * @param failedIndices    measured indices whose publish failed
 * @param warmupAcknowledged warm-up events answered 2xx
 * @param firstSendMicros  epoch µs the first measured publish started, 0 if none
 * @param lastAckMicros    epoch µs the last measured publish returned, 0 if none
 * @param latency          publish call latency (service time), µs
 * @param latencyCorrected the same with HdrHistogram's coordinated-omission correction for the expected interval;
 *                         equal to {@code latency} when back-to-back
 * @param aborted          whether it gave up after too many failures in a row
 * @param firstError       the first failure, or null
 */
public record PublisherResult(
        int id,
        String topic,
        long attempted,
        long acknowledged,
        long[] failedIndices,
        long warmupAcknowledged,
        long firstSendMicros,
        long lastAckMicros,
        Histogram latency,
        Histogram latencyCorrected,
        boolean aborted,
        String firstError) {
}
