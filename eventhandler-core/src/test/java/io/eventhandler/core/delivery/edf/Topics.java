package io.eventhandler.core.delivery.edf;

import io.eventhandler.core.qos.Admission;
import io.eventhandler.core.qos.Destination;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.LossTolerance;
import io.eventhandler.core.qos.TopicQos;

/** Job generators for the paper's Table 3.2 categories, under its worked-example latencies. */
final class Topics {

    static final long MS = 1_000;

    private Topics() {
    }

    static TopicQos category(final int category) {
        return switch (category) {
            case 0 -> qos(50, 50, LossTolerance.of(0), 2, Destination.EDGE);
            case 1 -> qos(50, 50, LossTolerance.of(3), 0, Destination.EDGE);
            case 2 -> qos(100, 100, LossTolerance.of(0), 1, Destination.EDGE);
            case 3 -> qos(100, 100, LossTolerance.of(3), 0, Destination.EDGE);
            case 4 -> qos(100, 100, LossTolerance.BEST_EFFORT, 0, Destination.EDGE);
            case 5 -> qos(500, 500, LossTolerance.of(0), 1, Destination.CLOUD);
            default -> throw new IllegalArgumentException("no category " + category);
        };
    }

    private static TopicQos qos(final long periodMs, final long deadlineMs, final LossTolerance loss,
                                final int retention, final Destination destination) {
        return new TopicQos(periodMs * MS, deadlineMs * MS, loss, retention, destination, 0);
    }

    static JobGenerator generator(final int category, final ReplicationPolicy policy) {
        return generator(category, policy, LatencyBounds.PAPER_EXAMPLE);
    }

    static JobGenerator generator(final int category, final ReplicationPolicy policy, final LatencyBounds bounds) {
        return new JobGenerator(Admission.evaluate(category(category), bounds), policy);
    }
}
