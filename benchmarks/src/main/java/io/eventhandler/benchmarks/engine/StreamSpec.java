package io.eventhandler.benchmarks.engine;

import java.util.List;

/**
 * One stream copy of the workload: its suppliers fire together from one timer (coordinated, as CPEP's Sets 1–4), and
 * its consumer-facing operator publishes {@code outputTopic}.
 *
 * @param outputTopic  the derived (normalised) topic its consumer reads
 * @param priority     the consumer's priority
 * @param periodMicros the suppliers' inter-arrival time
 * @param topics       its sample-batch supplier topics (normalised), each read by an {@code fft}
 * @param samples      datapoints per sample-batch supplier event
 * @param trackTopic   a range-bearing supplier topic read by an {@code ekf} (the EKF variant), or null
 */
public record StreamSpec(String outputTopic, int priority, long periodMicros, List<String> topics, int samples,
                         String trackTopic) {

    public StreamSpec {
        topics = List.copyOf(topics);
    }

    /** Every supplier topic of the copy: the sample batches, then the track, if any. */
    public List<String> supplierTopics() {
        if (trackTopic == null) {
            return topics;
        }
        final List<String> all = new java.util.ArrayList<>(topics);
        all.add(trackTopic);
        return List.copyOf(all);
    }
}
