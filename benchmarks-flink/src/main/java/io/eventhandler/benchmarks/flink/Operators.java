package io.eventhandler.benchmarks.flink;

import io.eventhandler.core.engine.operator.Operator;
import io.eventhandler.core.engine.operator.OperatorRegistry;

import java.util.List;
import java.util.Optional;

/** Makes the engine's own operators for the Flink job's steps, so both systems run the same code. */
final class Operators {

    private static final OperatorRegistry REGISTRY = new OperatorRegistry(List.of());

    private Operators() {
    }

    static Operator create(final FlinkPlan.Step step, final int inputs) {
        return REGISTRY.factory(step.type())
                .orElseThrow(() -> new IllegalArgumentException("unknown operator type " + step.type()))
                .create(step.parameters(), inputs);
    }

    /** The operator's output, or null when it emits nothing; a bad input is an error (it never happens here). */
    static String apply(final Operator operator, final List<String> inputs) {
        final Optional<String> out = operator.apply(inputs);
        return out.orElse(null);
    }
}
