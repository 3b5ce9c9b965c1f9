package io.eventhandler.core.delivery.accounting;

import java.util.TreeMap;

/**
 * The longest run of consecutive losses in one stream of sequence numbers (one subscriber's view of one topic): the
 * quantity FRAME's loss tolerance L bounds.
 *
 * <p>Outcomes may be reported slightly out of order (several workers deliver one topic). Sequences are settled in
 * order; a report ahead of the next unsettled sequence waits in a small reorder window, and when the window is full
 * the missing sequences before its first entry are settled: as losses if every sequence of the topic is expected
 * ({@code gapsAreLosses}), or ignored if the subscriber's filter legitimately skips some. Without gap losses there is
 * nothing to wait for, so reports are settled as they come. A report for an already settled sequence is counted as
 * late and otherwise ignored. Thread-safe (one lock per stream; streams rarely contend).
 */
public final class LossRunTracker {

    private static final long NOT_STARTED = Long.MIN_VALUE;

    private final boolean gapsAreLosses;
    private final int window;
    private final TreeMap<Long, Boolean> ahead = new TreeMap<>();
    private long next = NOT_STARTED;
    private long run;
    private long longest;
    private long losses;
    private long late;

    /**
     * @param gapsAreLosses whether a sequence never reported counts as lost
     * @param window        how many reports may wait for a missing earlier sequence, ≥ 1
     */
    public LossRunTracker(final boolean gapsAreLosses, final int window) {
        if (window < 1) {
            throw new IllegalArgumentException("reorder window must be ≥ 1, was " + window);
        }
        this.gapsAreLosses = gapsAreLosses;
        this.window = window;
    }

    public synchronized void delivered(final long sequence) {
        report(sequence, false);
    }

    public synchronized void dropped(final long sequence) {
        report(sequence, true);
    }

    private void report(final long sequence, final boolean lost) {
        if (next == NOT_STARTED) {
            next = sequence;
        }
        if (sequence < next) {
            late++;
        } else if (sequence == next || !gapsAreLosses) {
            settle(lost);
            next = sequence + 1;
            settleWaiting();
        } else if (ahead.putIfAbsent(sequence, lost) != null) {
            late++;
        } else if (ahead.size() > window) {
            skipTo(ahead.firstKey());
        }
    }

    private void settle(final boolean lost) {
        if (lost) {
            losses++;
            run++;
            longest = Math.max(longest, run);
        } else {
            run = 0;
        }
    }

    private void settleWaiting() {
        while (!ahead.isEmpty() && ahead.firstKey() == next) {
            settle(ahead.pollFirstEntry().getValue());
            next++;
        }
    }

    /** Gives up on the sequences before {@code sequence}: they were never reported. */
    private void skipTo(final long sequence) {
        if (gapsAreLosses && sequence > next) {
            final long missing = sequence - next;
            losses += missing;
            run += missing;
            longest = Math.max(longest, run);
        }
        next = sequence;
        settleWaiting();
    }

    /** Settles every waiting report, treating the sequences still missing before them as gaps. */
    public synchronized void flush() {
        while (!ahead.isEmpty()) {
            skipTo(ahead.firstKey());
        }
    }

    /** The longest run of consecutive losses settled so far. */
    public synchronized long longestRun() {
        return longest;
    }

    /** The run of losses at the end of the settled sequences (0 after a delivery). */
    public synchronized long currentRun() {
        return run;
    }

    /** Sequences settled as lost: dropped, or missing when gaps are losses. */
    public synchronized long losses() {
        return losses;
    }

    /** Reports that came after their sequence was settled, or twice. */
    public synchronized long late() {
        return late;
    }

    /** Reports waiting for a missing earlier sequence. */
    public synchronized int waiting() {
        return ahead.size();
    }

    @Override
    public synchronized String toString() {
        return "LossRunTracker{next=" + next + ", run=" + run + ", longest=" + longest + ", waiting="
                + ahead.size() + "}";
    }
}
