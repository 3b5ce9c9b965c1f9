package io.eventhandler.benchmarks.load;

/**
 * The publishers' side of a run's measured phase.
 *
 * @param publishers        publisher threads
 * @param attempted         measured publishes tried
 * @param acknowledged      of those, answered 2xx
 * @param failed            of those, failed
 * @param abortedPublishers publishers that gave up after repeated failures
 * @param seconds           from the first measured publish to the last acknowledgement
 * @param eventsPerSecond   acknowledged / seconds
 * @param latency           publish call latency (service time)
 * @param latencyCorrected  publish call latency with HdrHistogram's coordinated-omission correction for the paced
 *                          interval; null when back-to-back
 */
public record PublishSummary(
        int publishers,
        long attempted,
        long acknowledged,
        long failed,
        int abortedPublishers,
        double seconds,
        double eventsPerSecond,
        LatencySummary latency,
        LatencySummary latencyCorrected) {
}
