package io.eventhandler.benchmarks.flink;

import io.eventhandler.core.engine.operator.Operator;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Stage 3, chained to the join (same task, no shuffle): the joining operator's unary successors (aes-gcm for the
 * middle priority, none for the others), then the derived topic as the key, for the sink.
 */
final class ChainFunction extends RichFlatMapFunction<Item, Item> {

    private static final long serialVersionUID = 1L;

    private final FlinkPlan plan;
    private transient Map<String, List<Operator>> chains;

    ChainFunction(final FlinkPlan plan) {
        this.plan = plan;
    }

    @Override
    public void open(final OpenContext context) {
        chains = new HashMap<>();
    }

    @Override
    public void flatMap(final Item joined, final Collector<Item> out) {
        final FlinkPlan.JoinStep join = plan.join(joined.key);
        final List<Operator> chain = chains.computeIfAbsent(joined.key, k -> {
            final List<Operator> ops = new ArrayList<>();
            join.after().forEach(s -> ops.add(Operators.create(s, 1)));
            return ops;
        });
        String payload = joined.payload;
        for (final Operator op : chain) {
            payload = Operators.apply(op, List.of(payload));
            if (payload == null) {
                return;
            }
        }
        out.collect(new Item(join.outputTopic(), -1, joined.tbMicros, payload));
    }
}
