package io.eventhandler.benchmarks.engine;

/** Where {@link SupplierDriver} hands supplier events: the engine's {@code offer}, or a Flink source's queue. */
@FunctionalInterface
public interface SupplierSink {

    /**
     * @param topic         the supplier topic
     * @param payload       the event's payload
     * @param createdMicros its creation time t_b, wall clock in microseconds
     */
    void offer(String topic, String payload, long createdMicros);
}
