package io.eventhandler.core.qos;

import java.util.ArrayList;
import java.util.List;

/**
 * A subscriber's request for a stricter deadline and/or loss tolerance on a topic, and its own lower bound of the
 * latency from the broker to it. An absent part is the loosest value ({@link Micros#INFINITE} deadline, best effort,
 * 0 latency), so it never tightens anything.
 *
 * @param deadlineMicros           D requested, ≥ 0, or {@link Micros#INFINITE} for no request
 * @param lossTolerance            L requested, or {@link LossTolerance#BEST_EFFORT} for no request
 * @param brokerToSubscriberMicros Δ_BS to this subscriber, ≥ 0: a topic's dispatch deadline must leave time for its
 *                                 slowest subscriber, so it uses the largest of this and its destination's value
 *                                 (0: the destination's applies)
 */
public record QosRequest(long deadlineMicros, LossTolerance lossTolerance, long brokerToSubscriberMicros) {

    /** Asks for nothing. */
    public static final QosRequest NONE = new QosRequest(Micros.INFINITE, LossTolerance.BEST_EFFORT, 0);

    public QosRequest {
        final List<String> problems = new ArrayList<>();
        if (deadlineMicros < 0) {
            problems.add("requested deadline D must be ≥ 0 µs, was " + deadlineMicros);
        }
        if (brokerToSubscriberMicros < 0) {
            problems.add("a subscriber's Δ_BS must be ≥ 0 µs, was " + brokerToSubscriberMicros);
        }
        if (lossTolerance == null) {
            problems.add("requested loss tolerance is missing (use best effort for none)");
        }
        if (!problems.isEmpty()) {
            throw new InvalidQosException("QoS request", problems);
        }
    }

    /** A stricter deadline and/or loss tolerance, with the destination's Δ_BS. */
    public QosRequest(final long deadlineMicros, final LossTolerance lossTolerance) {
        this(deadlineMicros, lossTolerance, 0);
    }

    /** The strictest of both: the smaller D and L, the larger Δ_BS. */
    public QosRequest strictest(final QosRequest other) {
        return new QosRequest(Math.min(deadlineMicros, other.deadlineMicros),
                LossTolerance.strictest(lossTolerance, other.lossTolerance),
                Math.max(brokerToSubscriberMicros, other.brokerToSubscriberMicros));
    }

    public static QosRequest deadline(final long deadlineMicros) {
        return new QosRequest(deadlineMicros, LossTolerance.BEST_EFFORT);
    }

    public static QosRequest lossTolerance(final LossTolerance lossTolerance) {
        return new QosRequest(Micros.INFINITE, lossTolerance);
    }
}
