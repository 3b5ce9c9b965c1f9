package io.eventhandler.core.qos;

/**
 * FRAME's L: how many consecutive messages of a topic a subscriber can lose, or best effort (L = ∞). Best effort is
 * the loosest value, so it loses every strictest-wins comparison.
 */
public final class LossTolerance implements Comparable<LossTolerance> {

    /** L = ∞: no loss guarantee, never replicated. */
    public static final LossTolerance BEST_EFFORT = new LossTolerance(Integer.MAX_VALUE);

    private static final LossTolerance NONE = new LossTolerance(0);

    private final int value;

    private LossTolerance(final int value) {
        this.value = value;
    }

    /** At most {@code consecutiveLosses} (≥ 0) consecutive losses. */
    public static LossTolerance of(final int consecutiveLosses) {
        if (consecutiveLosses < 0) {
            throw new IllegalArgumentException("loss tolerance must be ≥ 0 or best effort, was " + consecutiveLosses);
        }
        return consecutiveLosses == 0 ? NONE : new LossTolerance(consecutiveLosses);
    }

    public boolean isBestEffort() {
        return value == Integer.MAX_VALUE;
    }

    /** The number of tolerated consecutive losses; throws for best effort, which has none. */
    public int value() {
        if (isBestEffort()) {
            throw new IllegalStateException("best effort has no finite loss tolerance");
        }
        return value;
    }

    /** The stricter (smaller) of the two. */
    public static LossTolerance strictest(final LossTolerance a, final LossTolerance b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** Stricter sorts first; best effort last. */
    @Override
    public int compareTo(final LossTolerance other) {
        return Integer.compare(value, other.value);
    }

    @Override
    public boolean equals(final Object o) {
        return o instanceof LossTolerance other && other.value == value;
    }

    @Override
    public int hashCode() {
        return Integer.hashCode(value);
    }

    @Override
    public String toString() {
        return isBestEffort() ? "best effort" : Integer.toString(value);
    }
}
