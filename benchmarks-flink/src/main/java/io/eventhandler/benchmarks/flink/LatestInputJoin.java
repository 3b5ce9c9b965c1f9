package io.eventhandler.benchmarks.flink;

import io.eventhandler.core.engine.operator.Operator;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Stage 2, on a stream keyed by joining operator: CPEP's readiness and consume-once rule in Flink's keyed state. The
 * latest result per input waits in a {@link MapState} (input position → result); a newer one replaces it (the
 * InputQ's replacement), the operator fires when every input holds one, and firing clears the state, so no result is
 * used twice (what Flink's CEP library cannot do, the paper's reason for built-in transformations). The output's t_b
 * is the latest of the inputs' (CPEP Eq. 2.2).
 */
final class LatestInputJoin extends KeyedProcessFunction<String, Item, Item> {

    private static final long serialVersionUID = 1L;

    private final FlinkPlan plan;
    private transient MapState<Integer, Item> latest;
    private transient Map<String, Operator> operators;

    LatestInputJoin(final FlinkPlan plan) {
        this.plan = plan;
    }

    @Override
    public void open(final OpenContext context) {
        latest = getRuntimeContext().getMapState(new MapStateDescriptor<>("latest-input", Types.INT,
                TypeInformation.of(Item.class)));
        operators = new HashMap<>();
    }

    @Override
    public void processElement(final Item result, final Context ctx, final Collector<Item> out) throws Exception {
        final FlinkPlan.JoinStep join = plan.join(result.key);
        latest.put(result.input, result);
        final List<String> inputs = new ArrayList<>(join.inputs());
        long tb = Long.MIN_VALUE;
        for (int i = 0; i < join.inputs(); i++) {
            final Item in = latest.get(i);
            if (in == null) {
                return; // not ready: an input is missing
            }
            inputs.add(in.payload);
            tb = Math.max(tb, in.tbMicros);
        }
        latest.clear();
        final Operator operator = operators.computeIfAbsent(result.key,
                k -> Operators.create(join.step(), join.inputs()));
        final String joined = Operators.apply(operator, inputs);
        if (joined != null) {
            out.collect(new Item(result.key, -1, tb, joined));
        }
    }
}
