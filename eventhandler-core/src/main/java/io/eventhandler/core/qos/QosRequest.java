package io.eventhandler.core.qos;

import java.util.ArrayList;
import java.util.List;

/**
 * A subscriber's request for a stricter deadline and/or loss tolerance on a topic. An absent part is the loosest
 * value ({@link Micros#INFINITE} deadline, best effort), so it never tightens anything.
 *
 * @param deadlineMicros D requested, ≥ 0, or {@link Micros#INFINITE} for no request
 * @param lossTolerance  L requested, or {@link LossTolerance#BEST_EFFORT} for no request
 */
public record QosRequest(long deadlineMicros, LossTolerance lossTolerance) {

    /** Asks for nothing. */
    public static final QosRequest NONE = new QosRequest(Micros.INFINITE, LossTolerance.BEST_EFFORT);

    public QosRequest {
        final List<String> problems = new ArrayList<>();
        if (deadlineMicros < 0) {
            problems.add("requested deadline D must be ≥ 0 µs, was " + deadlineMicros);
        }
        if (lossTolerance == null) {
            problems.add("requested loss tolerance is missing (use best effort for none)");
        }
        if (!problems.isEmpty()) {
            throw new InvalidQosException("QoS request", problems);
        }
    }

    public static QosRequest deadline(final long deadlineMicros) {
        return new QosRequest(deadlineMicros, LossTolerance.BEST_EFFORT);
    }

    public static QosRequest lossTolerance(final LossTolerance lossTolerance) {
        return new QosRequest(Micros.INFINITE, lossTolerance);
    }
}
