package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.graph.ConsistencyPolicy;
import io.eventhandler.core.engine.graph.Edge;
import io.eventhandler.core.engine.graph.OperatorGraph;
import io.eventhandler.core.engine.graph.OperatorNode;
import io.eventhandler.core.engine.operator.Operator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Everything that lives as long as one installed graph: its queues, operator states, EventStore and counters.
 * Replacing the graph retires the generation; its queued work is dropped and its in-flight results are discarded.
 */
final class Generation {

    private static final Logger LOG = LoggerFactory.getLogger(Generation.class);

    /** Replaced by {@link #relevel} with the same graph under new priorities; structure and operators never change. */
    volatile OperatorGraph graph;
    final Scheduler scheduler;
    final EventStore store;
    final Counters counters;
    private final NodeState[] states;
    private final DerivedEventSink sink;
    private final LongSupplier clockMicros;
    private final boolean prioritized;

    Generation(final OperatorGraph graph, final EngineSettings settings, final DerivedEventSink sink,
               final LongSupplier clockMicros) {
        this.graph = graph;
        this.sink = sink;
        this.clockMicros = clockMicros;
        this.prioritized = settings.prioritized();
        this.counters = new Counters(graph);
        this.store = new EventStore(graph, settings);
        final List<OperatorNode> nodes = graph.nodes();
        this.states = nodes.stream().map(n -> new NodeState(n, graph.policy())).toArray(NodeState[]::new);
        final List<List<Edge>> consumers = graph.supplierPriorities().keySet().stream()
                .map(graph::consumersOf).toList();
        this.scheduler = new Scheduler(levelPriorities(graph), consumers, topicLevels(graph), nodeLevels(graph),
                counters, settings.workersWakeWorkers());
    }

    /** Takes the same graph with new priorities (subscribers' requests); queued work moves to its new levels. */
    void relevel(final OperatorGraph reprioritised) {
        scheduler.relevel(levelPriorities(reprioritised), topicLevels(reprioritised), nodeLevels(reprioritised));
        graph = reprioritised;
    }

    /** The levels' priorities; with prioritization off, one FIFO level (reported under the highest priority). */
    private List<Integer> levelPriorities(final OperatorGraph g) {
        if (prioritized) {
            return g.levels();
        }
        return List.of(g.levels().isEmpty() ? 0 : g.levels().get(0));
    }

    /** Per node, its scheduling level: its priority's, or the single FIFO level when prioritization is off. */
    private int[] nodeLevels(final OperatorGraph g) {
        return g.nodes().stream().mapToInt(n -> prioritized ? n.level() : 0).toArray();
    }

    private int[] topicLevels(final OperatorGraph g) {
        return g.supplierPriorities().values().stream().mapToInt(p -> prioritized ? g.levelOf(p) : 0).toArray();
    }

    /** Queues a supplier event; returns false if the graph does not read the topic. */
    boolean offer(final String normalisedTopic, final String payload, final long createdMicros) {
        final int index = graph.topicIndex(normalisedTopic);
        if (index < 0) {
            return false;
        }
        final EngineEvent event = EngineEvent.supplied(normalisedTopic, payload, createdMicros,
                graph.supplierValidityMicros(normalisedTopic));
        store.put(event);
        final Counters.TopicCounters topic = counters.topic(normalisedTopic);
        topic.received.increment();
        if (scheduler.offerSupplier(index, event)) {
            topic.replaced.increment();
        }
        return true;
    }

    /** Runs one delivery on the calling worker: arrival, maybe the operator, then its successors and sink. */
    void process(final Delivery delivery) {
        final OperatorNode node = graph.nodes().get(delivery.node());
        final Counters.OperatorCounters c = counters.operator(node.index());
        c.arrivals.increment();
        final Invocation run = states[node.index()].arrive(delivery.inputPosition(), delivery.event(),
                clockMicros.getAsLong(), c);
        if (run == null) {
            return;
        }
        c.invocations.increment();
        final Optional<String> output = invoke(node, run, c);
        if (output.isEmpty()) {
            return;
        }
        c.outputs.increment();
        final EngineEvent result = new EngineEvent(node.id(), output.get(), run.tbMicros(), run.teMicros(),
                run.marked());
        store.put(result);
        if (!node.downstream().isEmpty()) {
            final List<Delivery> next = new ArrayList<>(node.downstream().size());
            for (final Edge e : node.downstream()) {
                next.add(new Delivery(e.node(), e.inputPosition(), result));
            }
            scheduler.route(node.index(), next);
        }
        if (node.outputTopic() != null) {
            publish(node.outputTopic(), result);
        }
    }

    private static Optional<String> invoke(final OperatorNode node, final Invocation run,
                                           final Counters.OperatorCounters c) {
        final Operator operator = node.operator();
        try {
            if (operator.threadSafe()) {
                return operator.apply(run.payloads());
            }
            synchronized (operator) {
                return operator.apply(run.payloads());
            }
        } catch (final IllegalArgumentException e) {
            c.errors.increment();
            LOG.debug("operator {} rejected its inputs: {}", node.id(), e.getMessage());
        } catch (final RuntimeException e) {
            c.errors.increment();
            LOG.warn("operator {} failed", node.id(), e);
        }
        return Optional.empty();
    }

    /** The consumer-push check (§2.4.3): the result must still be valid when handed over. */
    private void publish(final String topic, final EngineEvent result) {
        final Counters.TopicCounters t = counters.topic(topic);
        boolean marked = result.marked();
        if (result.expiredAt(clockMicros.getAsLong())) {
            t.violations.increment();
            if (graph.policy() == ConsistencyPolicy.SHED) {
                t.shed.increment();
                return;
            }
            marked = true;
        }
        if (scheduler.retired()) {
            return;
        }
        try {
            sink.accept(topic, result.payload(), result.tbMicros(), result.teMicros(), marked);
            t.published.increment();
            if (marked) {
                t.marked.increment();
            }
        } catch (final RuntimeException e) {
            LOG.warn("derived event sink failed for topic {}", topic, e);
        }
    }
}
