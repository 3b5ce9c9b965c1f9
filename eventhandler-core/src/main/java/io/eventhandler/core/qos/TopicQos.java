package io.eventhandler.core.qos;

import java.util.ArrayList;
import java.util.List;

/**
 * A topic's real-time requirements in FRAME's notation (§3.3.1). All durations are microseconds, so the paper's
 * Δ_BB = 0.05 ms is exact.
 *
 * @param periodMicros   T: minimum inter-creation time of the topic's messages, &gt; 0 ({@link Micros#INFINITE} for
 *                       rare, sporadic messages)
 * @param deadlineMicros D: end-to-end (creation → subscriber) soft deadline, ≥ 0
 * @param lossTolerance  L: tolerated consecutive losses, or best effort
 * @param retention      N: how many of its latest messages the publisher retains and resends on failover, ≥ 0
 * @param destination    edge or cloud subscribers
 * @param priority       the topic's priority, ≥ 0 (higher is more important; informative for FRAME, which
 *                       orders by deadline)
 */
public record TopicQos(long periodMicros, long deadlineMicros, LossTolerance lossTolerance, int retention,
                       Destination destination, int priority) {

    public TopicQos {
        final List<String> problems = new ArrayList<>();
        if (periodMicros <= 0) {
            problems.add("period T must be > 0 µs, was " + periodMicros);
        }
        if (deadlineMicros < 0) {
            problems.add("deadline D must be ≥ 0 µs, was " + deadlineMicros);
        }
        if (lossTolerance == null) {
            problems.add("loss tolerance L is missing");
        }
        if (retention < 0) {
            problems.add("publisher retention N must be ≥ 0, was " + retention);
        }
        if (destination == null) {
            problems.add("destination is missing");
        }
        if (priority < 0) {
            problems.add("priority must be ≥ 0, was " + priority);
        }
        if (!problems.isEmpty()) {
            throw new InvalidQosException("topic QoS", problems);
        }
    }

    /** The same QoS with another publisher retention N (e.g. N + 1 for FRAME+). */
    public TopicQos withRetention(final int newRetention) {
        return new TopicQos(periodMicros, deadlineMicros, lossTolerance, newRetention, destination, priority);
    }

    /**
     * Strictest wins: this configured QoS tightened by the subscribers' requests (min D, min L; best effort is the
     * loosest). Requests can only tighten, never loosen, the configured values.
     */
    public TopicQos tightenedBy(final Iterable<QosRequest> requests) {
        long deadline = deadlineMicros;
        LossTolerance loss = lossTolerance;
        for (final QosRequest request : requests) {
            deadline = Math.min(deadline, request.deadlineMicros());
            loss = LossTolerance.strictest(loss, request.lossTolerance());
        }
        return new TopicQos(periodMicros, deadline, loss, retention, destination, priority);
    }

    @Override
    public String toString() {
        return "TopicQos{T=" + Micros.format(periodMicros) + ", D=" + Micros.format(deadlineMicros) + ", L="
                + lossTolerance + ", N=" + retention + ", " + destination + ", priority=" + priority + "}";
    }
}
