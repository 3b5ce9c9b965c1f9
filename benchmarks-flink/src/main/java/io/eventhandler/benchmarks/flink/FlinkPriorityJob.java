package io.eventhandler.benchmarks.flink;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;

/**
 * The priority workload as a Flink DataStream job, with Flink's built-in transformations (no CEP library, as in the
 * paper): supplier events → keyBy(topic) → the topic's operator (fft or ekf) → keyBy(joining operator) →
 * {@link LatestInputJoin} (concat when every input is there) → the chain after it (aes-gcm for the middle priority),
 * chained in the same task → the sink. Flink has no notion of consumer priority, so every stream shares the same
 * tasks in arrival order: what the engine's priorities are measured against.
 */
public final class FlinkPriorityJob {

    /** Flink's event time carries t_b (in milliseconds, Flink's unit); the latency uses the microseconds in the record. */
    public static final WatermarkStrategy<Item> EVENT_TIME = WatermarkStrategy.<Item>noWatermarks()
            .withTimestampAssigner((item, previous) -> item.tbMicros / 1000);

    private FlinkPriorityJob() {
    }

    /**
     * @param suppliers   supplier events, key = topic, with event-time timestamps
     * @param plan        the graph's stages
     * @param parallelism of the operator stages
     * @return derived events, key = derived topic
     */
    public static DataStream<Item> build(final DataStream<Item> suppliers, final FlinkPlan plan,
                                         final int parallelism) {
        final TypeInformation<Item> type = TypeInformation.of(Item.class);
        return suppliers
                .keyBy(item -> item.key)
                .flatMap(new TopicOperatorFunction(plan)).returns(type).name("topic operators (fft, ekf)")
                .setParallelism(parallelism)
                .keyBy(item -> item.key)
                .process(new LatestInputJoin(plan)).returns(type).name("join latest inputs (concat)")
                .setParallelism(parallelism)
                .flatMap(new ChainFunction(plan)).returns(type).name("chain after the join (aes-gcm)")
                .setParallelism(parallelism);
    }
}
