package io.eventhandler.benchmarks.load;

import java.util.BitSet;

/**
 * Accounts for the measured events one subscriber received, per publisher: which indices arrived (a bit set), how
 * many arrived again (duplicates), and how many arrived after a higher index of the same publisher (out of order).
 * Loss is computed at the end against what the publishers had acknowledged. Not thread-safe: its owner, a
 * {@link SubscriberProbe}, serializes the calls.
 */
public final class DeliveryTracker {

    /** How one arrival was classified. */
    public enum Arrival {
        /** First arrival, after every earlier index seen of that publisher. */
        IN_ORDER,
        /** First arrival, but a higher index of that publisher had already arrived. */
        OUT_OF_ORDER,
        /** The index had already arrived. */
        DUPLICATE,
        /** The publisher id or index is outside what this run published. */
        UNKNOWN
    }

    private final BitSet[] seen;
    private final long[] highest;
    private final long[] unique;
    private long received;
    private long duplicates;
    private long outOfOrder;
    private long unknown;

    /**
     * A tracker for publishers {@code 0..publishers-1}.
     *
     * @param publishers number of publishers
     */
    public DeliveryTracker(final int publishers) {
        this.seen = new BitSet[publishers];
        this.highest = new long[publishers];
        this.unique = new long[publishers];
        for (int i = 0; i < publishers; i++) {
            seen[i] = new BitSet();
            highest[i] = -1;
        }
    }

    /**
     * Records one arrival.
     *
     * @param publisher publisher id
     * @param index     the event's measured index within its publisher (counter minus warm-up), from 0
     * @return its classification
     */
    public Arrival record(final int publisher, final long index) {
        received++;
        if (publisher < 0 || publisher >= seen.length || index < 0 || index > Integer.MAX_VALUE - 1) {
            unknown++;
            return Arrival.UNKNOWN;
        }
        final BitSet bits = seen[publisher];
        final int i = (int) index;
        if (bits.get(i)) {
            duplicates++;
            return Arrival.DUPLICATE;
        }
        bits.set(i);
        unique[publisher]++;
        if (index < highest[publisher]) {
            outOfOrder++;
            return Arrival.OUT_OF_ORDER;
        }
        highest[publisher] = index;
        return Arrival.IN_ORDER;
    }

    /**
     * Measured events this subscriber did not receive from {@code publisher}: those it acknowledged (indices
     * {@code 0..attempted-1} except the failed ones) and that never arrived.
     *
     * @param publisher     publisher id
     * @param attempted     measured events the publisher tried to publish
     * @param failedIndices indices whose publish call failed (not expected; may still have arrived)
     * @return events lost, never negative
     */
    public long lost(final int publisher, final long attempted, final long[] failedIndices) {
        final BitSet bits = seen[publisher];
        long failedButSeen = 0;
        for (final long failed : failedIndices) {
            if (failed <= Integer.MAX_VALUE && bits.get((int) failed)) {
                failedButSeen++;
            }
        }
        final long expected = attempted - failedIndices.length;
        final long receivedExpected = bits.get(0, (int) Math.min(Integer.MAX_VALUE, attempted)).cardinality()
                - failedButSeen;
        return Math.max(0, expected - receivedExpected);
    }

    /** Every measured arrival, duplicates included. */
    public long received() {
        return received;
    }

    /** Distinct measured events received. */
    public long unique() {
        long total = 0;
        for (final long u : unique) {
            total += u;
        }
        return total;
    }

    /**
     * Distinct measured events received from one publisher.
     *
     * @param publisher publisher id
     * @return the count
     */
    public long unique(final int publisher) {
        return unique[publisher];
    }

    /** Arrivals of an index that had already arrived. */
    public long duplicates() {
        return duplicates;
    }

    /** First arrivals that came after a higher index of the same publisher. */
    public long outOfOrder() {
        return outOfOrder;
    }

    /** Arrivals from an unknown publisher or with an index out of range. */
    public long unknown() {
        return unknown;
    }
}
