package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.graph.RelativeValiditySet;

import java.util.ArrayList;
import java.util.List;

/**
 * CPEP's relative check for one set Q_j of one operator: the latest creation time per input of the set, not only the
 * earliest and latest overall, because a replacement can redefine the input that held the earliest time (§2.4.3).
 * Guarded by its {@link NodeState}.
 */
final class RelativeValidityTracker {

    private final RelativeValiditySet set;
    private final long[] latest;
    private final boolean[] seen;

    RelativeValidityTracker(final RelativeValiditySet set) {
        this.set = set;
        this.latest = new long[set.inputPositions().size()];
        this.seen = new boolean[latest.length];
    }

    /** Records the creation time of an event arriving at an operator input (ignored if not in the set). */
    void update(final int inputPosition, final long tbMicros) {
        final int i = set.inputPositions().indexOf(inputPosition);
        if (i >= 0) {
            latest[i] = tbMicros;
            seen[i] = true;
        }
    }

    /** Whether latest − earliest over the set exceeds R (Eq. 2.5); false until every input has been seen. */
    boolean violated() {
        for (final boolean s : seen) {
            if (!s) {
                return false;
            }
        }
        return max() - min() > set.intervalMicros();
    }

    /** The input positions whose time lies more than R before the newest: the stale side of a violation. */
    List<Integer> stale() {
        final long newest = max();
        final List<Integer> stale = new ArrayList<>();
        for (int i = 0; i < latest.length; i++) {
            if (newest - latest[i] > set.intervalMicros()) {
                stale.add(set.inputPositions().get(i));
            }
        }
        return stale;
    }

    private long max() {
        long max = Long.MIN_VALUE;
        for (final long t : latest) {
            max = Math.max(max, t);
        }
        return max;
    }

    private long min() {
        long min = Long.MAX_VALUE;
        for (final long t : latest) {
            min = Math.min(min, t);
        }
        return min;
    }
}
