package io.eventhandler.benchmarks.load;

/**
 * One subscriber's account of the measured phase.
 *
 * @param name               subscriber name
 * @param expected           measured events the publishers acknowledged (the subscriber is on every topic)
 * @param received           measured events received, duplicates included
 * @param unique             distinct measured events received
 * @param lost               acknowledged events never received
 * @param duplicates         events received more than once (beyond the first)
 * @param outOfOrder         events received after a later event of the same publisher
 * @param unknown            events with a publisher id or counter this run did not publish
 * @param unparseable        events whose payload or time stamp the generator could not read
 * @param warmupReceived     warm-up events received (not in the statistics)
 * @param gaps               SSE gap notices received
 * @param disconnects        SSE streams that ended unexpectedly
 * @param clientDuplicates   duplicates the client library dropped before the generator saw them (SSE resume)
 * @param negativeLatencies  events whose receipt preceded their stamp (clock steps); recorded as 0
 * @param firstReceiptMicros epoch µs of the first measured receipt, 0 if none
 * @param lastReceiptMicros  epoch µs of the last measured receipt, 0 if none
 * @param endToEnd           creation stamp → receipt latency of the distinct measured events
 */
public record SubscriberResult(
        String name,
        long expected,
        long received,
        long unique,
        long lost,
        long duplicates,
        long outOfOrder,
        long unknown,
        long unparseable,
        long warmupReceived,
        long gaps,
        long disconnects,
        long clientDuplicates,
        long negativeLatencies,
        long firstReceiptMicros,
        long lastReceiptMicros,
        LatencySummary endToEnd) {
}
