package io.eventhandler.benchmarks.flink;

import io.eventhandler.core.engine.operator.Operator;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Stage 1, on a stream keyed by supplier topic: each topic's own operator (fft, or the stateful ekf) turns the supplier
 * event into the result for its joining operator. One operator object per topic, as the engine has one per node
 * and the paper one filter per EKF operator; keying by topic means one subtask ever touches it. The objects are kept
 * in the subtask, not in Flink state: an EJML filter is not Flink-serializable, and checkpointing is off (as in the
 * paper), so Flink state would add copies without adding anything.
 */
final class TopicOperatorFunction extends RichFlatMapFunction<Item, Item> {

    private static final long serialVersionUID = 1L;

    private final FlinkPlan plan;
    private transient Map<String, Operator> operators;

    TopicOperatorFunction(final FlinkPlan plan) {
        this.plan = plan;
    }

    @Override
    public void open(final OpenContext context) {
        operators = new HashMap<>();
    }

    @Override
    public void flatMap(final Item event, final Collector<Item> out) {
        final FlinkPlan.TopicStep step = plan.topic(event.key);
        if (step == null) {
            return; // a topic no operator reads, as the engine ignores it
        }
        final Operator operator = operators.computeIfAbsent(event.key, t -> Operators.create(step.step(), 1));
        final String result = Operators.apply(operator, List.of(event.payload));
        if (result != null) {
            out.collect(new Item(step.joinId(), step.input(), event.tbMicros, result));
        }
    }
}
