package io.eventhandler.core.qos;

import java.util.List;

/** The paper's Table 3.2 topic categories (T, D, L, N, destination), shared by the QoS and scheduling tests. */
public final class PaperTopics {

    public static final long MS = 1_000;

    public static final List<TopicQos> CATEGORIES = List.of(
            qos(50, 50, LossTolerance.of(0), 2, Destination.EDGE),
            qos(50, 50, LossTolerance.of(3), 0, Destination.EDGE),
            qos(100, 100, LossTolerance.of(0), 1, Destination.EDGE),
            qos(100, 100, LossTolerance.of(3), 0, Destination.EDGE),
            qos(100, 100, LossTolerance.BEST_EFFORT, 0, Destination.EDGE),
            qos(500, 500, LossTolerance.of(0), 1, Destination.CLOUD));

    private PaperTopics() {
    }

    public static TopicQos qos(final long periodMs, final long deadlineMs, final LossTolerance loss,
                               final int retention, final Destination destination) {
        return new TopicQos(periodMs * MS, deadlineMs * MS, loss, retention, destination, 0);
    }

    /** Table 3.2 category 0..5. */
    public static TopicQos category(final int category) {
        return CATEGORIES.get(category);
    }
}
