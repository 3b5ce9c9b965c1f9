package io.eventhandler.benchmarks.engine;

import java.util.List;

/**
 * One stream copy of the workload: its suppliers fire together from one timer (coordinated, as CPEP's Sets 1–4), and
 * its consumer-facing operator publishes {@code outputTopic}.
 *
 * @param outputTopic  the derived (normalised) topic its consumer reads
 * @param priority     the consumer's priority
 * @param periodMicros the suppliers' inter-arrival time
 * @param topics       its supplier topics (normalised)
 * @param samples      datapoints per supplier event
 */
record StreamSpec(String outputTopic, int priority, long periodMicros, List<String> topics, int samples) {

    StreamSpec {
        topics = List.copyOf(topics);
    }
}
