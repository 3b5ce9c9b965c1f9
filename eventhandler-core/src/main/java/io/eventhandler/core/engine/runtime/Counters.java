package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.graph.OperatorGraph;
import io.eventhandler.core.engine.graph.OperatorNode;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** The live counters of one graph: written by any worker, read as a snapshot. Thread-safe. */
final class Counters {

    private final OperatorGraph graph;
    private final OperatorCounters[] operators;
    private final Map<String, TopicCounters> topics = new HashMap<>();

    Counters(final OperatorGraph graph) {
        this.graph = graph;
        this.operators = new OperatorCounters[graph.nodes().size()];
        for (int i = 0; i < operators.length; i++) {
            operators[i] = new OperatorCounters();
        }
        graph.supplierPriorities().keySet().forEach(t -> topics.put(t, new TopicCounters()));
        graph.outputTopics().values().forEach(t -> topics.put(t, new TopicCounters()));
    }

    OperatorCounters operator(final int node) {
        return operators[node];
    }

    TopicCounters topic(final String normalisedTopic) {
        return topics.get(normalisedTopic);
    }

    Map<String, OperatorStatistics> operatorSnapshot() {
        final Map<String, OperatorStatistics> out = new HashMap<>();
        for (final OperatorNode node : graph.nodes()) {
            out.put(node.id(), operators[node.index()].snapshot());
        }
        return out;
    }

    Map<String, TopicStatistics> topicSnapshot() {
        final Map<String, TopicStatistics> out = new HashMap<>();
        topics.forEach((t, c) -> out.put(t, c.snapshot()));
        return out;
    }

    static final class OperatorCounters {
        final LongAdder arrivals = new LongAdder();
        final LongAdder invocations = new LongAdder();
        final LongAdder outputs = new LongAdder();
        final LongAdder errors = new LongAdder();
        final LongAdder replacements = new LongAdder();
        final LongAdder absoluteViolations = new LongAdder();
        final LongAdder relativeViolations = new LongAdder();
        final LongAdder shed = new LongAdder();
        final LongAdder moved = new LongAdder();

        OperatorStatistics snapshot() {
            return new OperatorStatistics(arrivals.sum(), invocations.sum(), outputs.sum(), errors.sum(),
                    replacements.sum(), absoluteViolations.sum(), relativeViolations.sum(), shed.sum(), moved.sum());
        }
    }

    static final class TopicCounters {
        final LongAdder received = new LongAdder();
        final LongAdder replaced = new LongAdder();
        final LongAdder published = new LongAdder();
        final LongAdder marked = new LongAdder();
        final LongAdder violations = new LongAdder();
        final LongAdder shed = new LongAdder();

        TopicStatistics snapshot() {
            return new TopicStatistics(received.sum(), replaced.sum(), published.sum(), marked.sum(),
                    violations.sum(), shed.sum());
        }
    }
}
