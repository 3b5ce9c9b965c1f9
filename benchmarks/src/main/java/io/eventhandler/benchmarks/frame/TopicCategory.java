package io.eventhandler.benchmarks.frame;

/**
 * The six topic categories of FRAME's Table 3.2 (times in ms) and how the paper's publishers grouped them: a proxy
 * publishes 10 topics of categories 0 and 1, 50 of categories 2–4, one of category 5.
 */
enum TopicCategory {
    C0(50, 50, 0, 2, "EDGE", 10),
    C1(50, 50, 3, 0, "EDGE", 10),
    C2(100, 100, 0, 1, "EDGE", 50),
    C3(100, 100, 3, 0, "EDGE", 50),
    /** Best effort (L = ∞). */
    C4(100, 100, -1, 0, "EDGE", 50),
    C5(500, 500, 0, 1, "CLOUD", 1);

    private final int periodMs;
    private final int deadlineMs;
    private final int lossTolerance;
    private final int retention;
    private final String destination;
    private final int topicsPerProxy;

    TopicCategory(final int periodMs, final int deadlineMs, final int lossTolerance, final int retention,
                  final String destination, final int topicsPerProxy) {
        this.periodMs = periodMs;
        this.deadlineMs = deadlineMs;
        this.lossTolerance = lossTolerance;
        this.retention = retention;
        this.destination = destination;
        this.topicsPerProxy = topicsPerProxy;
    }

    int number() {
        return ordinal();
    }

    int periodMs() {
        return periodMs;
    }

    long periodMicros() {
        return periodMs * 1_000L;
    }

    int deadlineMs() {
        return deadlineMs;
    }

    long deadlineMicros() {
        return deadlineMs * 1_000L;
    }

    boolean bestEffort() {
        return lossTolerance < 0;
    }

    /** L, or -1 for best effort. */
    int lossTolerance() {
        return lossTolerance;
    }

    /** "0", "3" or "∞", for tables. */
    String lossToleranceText() {
        return bestEffort() ? "∞" : Integer.toString(lossTolerance);
    }

    /** Table 3.2's N, one more for categories 2 and 5 under FRAME+ (which then need no replication). */
    int retention(final FrameSetting setting) {
        return setting.retentionPlusOne() && (this == C2 || this == C5) ? retention + 1 : retention;
    }

    String destination() {
        return destination;
    }

    int topicsPerProxy() {
        return topicsPerProxy;
    }
}
