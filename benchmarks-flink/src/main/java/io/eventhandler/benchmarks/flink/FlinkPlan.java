package io.eventhandler.benchmarks.flink;

import io.eventhandler.core.engine.graph.GraphSpec;
import io.eventhandler.core.engine.graph.OperatorSpec;

import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine's graph, read as the three stages of the Flink job: a unary operator on each supplier topic (keyed by
 * topic), a joining operator over several such results (keyed by the joining operator), and optionally a chain of
 * unary operators after it, the last being consumer-facing. The priority workload has exactly this shape; anything
 * else (sharing, deeper graphs, a topic read twice) is refused, since the job does not translate it. Built from the
 * same {@link GraphSpec} the engine runs, so both run the same operators with the same parameters.
 */
public final class FlinkPlan implements Serializable {

    private static final long serialVersionUID = 1L;

    /** A unary operator and where its result goes. */
    public record Step(String id, String type, Map<String, String> parameters) implements Serializable {
        private static final long serialVersionUID = 1L;

        public Step {
            parameters = new HashMap<>(parameters);
        }
    }

    /** The first operator of a supplier topic, and the joining operator input its result fills. */
    public record TopicStep(Step step, String joinId, int input) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** A joining operator over {@code inputs} results, the unary chain after it, and the derived topic. */
    public record JoinStep(Step step, int inputs, List<Step> after, String outputTopic, int priority)
            implements Serializable {
        private static final long serialVersionUID = 1L;

        public JoinStep {
            after = List.copyOf(after);
        }
    }

    private final Map<String, TopicStep> byTopic = new HashMap<>();
    private final Map<String, JoinStep> joins = new HashMap<>();

    /**
     * @throws IllegalArgumentException if the graph is not of the three-stage shape
     */
    public static FlinkPlan of(final GraphSpec graph) {
        final Map<String, OperatorSpec> byId = new HashMap<>();
        graph.operators().forEach(o -> byId.put(o.id(), o));
        final Map<String, OperatorSpec> readerOf = new HashMap<>();
        for (final OperatorSpec o : graph.operators()) {
            for (final String in : o.inputs()) {
                if (readerOf.put(in, o) != null) {
                    throw new IllegalArgumentException("'" + in + "' is read by two operators; the Flink job does "
                            + "not translate sharing");
                }
            }
        }
        final FlinkPlan plan = new FlinkPlan();
        for (final OperatorSpec o : graph.operators()) {
            if (o.inputs().size() < 2 || o.inputs().stream().anyMatch(i -> i.startsWith(OperatorSpec.TOPIC_PREFIX))) {
                continue;
            }
            plan.addJoin(o, byId, readerOf);
        }
        if (plan.byTopic.size() + plan.joins.values().stream().mapToInt(j -> 1 + j.after().size()).sum()
                != graph.operators().size()) {
            throw new IllegalArgumentException("the graph has operators outside the supplier → unary → join → "
                    + "unary chain shape the Flink job translates");
        }
        return plan;
    }

    private void addJoin(final OperatorSpec join, final Map<String, OperatorSpec> byId,
                         final Map<String, OperatorSpec> readerOf) {
        for (int i = 0; i < join.inputs().size(); i++) {
            final OperatorSpec first = byId.get(join.inputs().get(i));
            if (first == null || first.inputs().size() != 1
                    || !first.inputs().get(0).startsWith(OperatorSpec.TOPIC_PREFIX)) {
                throw new IllegalArgumentException("input " + join.inputs().get(i) + " of " + join.id()
                        + " is not a unary operator on a supplier topic");
            }
            final String topic = first.inputs().get(0).substring(OperatorSpec.TOPIC_PREFIX.length());
            byTopic.put(topic, new TopicStep(step(first), join.id(), i));
        }
        final List<Step> after = new java.util.ArrayList<>();
        OperatorSpec last = join;
        while (last.outputTopic() == null) {
            last = readerOf.get(last.id());
            if (last == null || last.inputs().size() != 1) {
                throw new IllegalArgumentException("after " + join.id() + " comes no unary chain to a derived topic");
            }
            after.add(step(last));
        }
        joins.put(join.id(), new JoinStep(step(join), join.inputs().size(), after, last.outputTopic(),
                last.priority()));
    }

    private static Step step(final OperatorSpec o) {
        return new Step(o.id(), o.type(), o.parameters());
    }

    /** The first operator of a supplier topic, or null if the graph does not read it. */
    public TopicStep topic(final String topic) {
        return byTopic.get(topic);
    }

    public JoinStep join(final String joinId) {
        return joins.get(joinId);
    }

    /** Derived topic → priority. */
    public Map<String, Integer> outputPriorities() {
        final Map<String, Integer> out = new HashMap<>();
        joins.values().forEach(j -> out.put(j.outputTopic(), j.priority()));
        return out;
    }
}
