package io.eventhandler.benchmarks.scale;

import java.util.Arrays;
import java.util.function.IntToLongFunction;

/**
 * What a group of streams missed in one phase: each stream should have received every event accepted on its topic
 * during the phase (all streams were attached before it began).
 *
 * @param streams           streams accounted
 * @param expected          deliveries expected, all streams
 * @param received          distinct deliveries received
 * @param lost              deliveries expected and never received
 * @param streamsWithLoss   streams that missed at least one event
 * @param duplicates        events received more than once
 * @param troubles          gap notices, broken streams, unreadable events
 * @param minReceivedFraction the worst stream's received / expected (1 when nothing was expected)
 * @param medianReceivedFraction the median stream's
 */
record StreamLoss(int streams, long expected, long received, long lost, int streamsWithLoss, long duplicates,
                  long troubles, double minReceivedFraction, double medianReceivedFraction) {

    /**
     * Accounts a phase.
     *
     * @param delta    per-stream counts of the phase, stream 0 of it first
     * @param expected events stream {@code i} (of the phase) should have received
     */
    static StreamLoss of(final StreamBook.Counts delta, final IntToLongFunction expected) {
        final int n = delta.distinct().length;
        long total = 0;
        long received = 0;
        long lost = 0;
        int withLoss = 0;
        long duplicates = 0;
        long troubles = 0;
        final double[] fractions = new double[n];
        for (int i = 0; i < n; i++) {
            final long want = expected.applyAsLong(i);
            final long got = Math.min(want, delta.distinct()[i]);
            total += want;
            received += got;
            if (got < want) {
                lost += want - got;
                withLoss++;
            }
            duplicates += delta.duplicates()[i];
            troubles += delta.troubles()[i];
            fractions[i] = want == 0 ? 1.0 : (double) got / want;
        }
        Arrays.sort(fractions);
        return new StreamLoss(n, total, received, lost, withLoss, duplicates, troubles + delta.unreadable(),
                n == 0 ? 1.0 : fractions[0], n == 0 ? 1.0 : fractions[n / 2]);
    }
}
