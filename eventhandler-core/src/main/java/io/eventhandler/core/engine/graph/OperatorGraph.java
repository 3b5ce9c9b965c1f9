package io.eventhandler.core.engine.graph;

import io.eventhandler.core.engine.operator.OperatorFactory;
import io.eventhandler.core.event.TopicName;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A validated operator DAG with CPEP's priorities (§2.4), ready to run. Immutable; the operator instances it holds
 * belong to this graph only.
 *
 * <p>Priorities: a consumer-facing operator gets the priority configured for its output topic, raised to the highest
 * priority its live subscribers ask for ({@link #withRequestedPriorities}; the strictest request wins, as for topic
 * QoS);
 * every operator gets the highest priority among its downstream operators, and a consumer-facing operator that also
 * feeds others gets the maximum of both. A supplier topic gets the highest priority among the operators using it.
 * The levels are the distinct priorities, highest first; level 0 is served first.
 */
public final class OperatorGraph {

    private final List<OperatorNode> nodes;
    private final List<Integer> levels;
    private final Map<String, Long> supplierValidityMicros;
    private final ConsistencyPolicy policy;
    private final Map<String, List<Edge>> consumers;
    private final Map<String, Integer> supplierPriority;
    private final Map<String, Integer> topicIndex;
    /** Per node index, the consumer priority of its output topic as configured (null for internal operators). */
    private final Integer[] configuredPriority;
    private final Map<String, Integer> requestedPriority;

    OperatorGraph(final List<OperatorNode> nodes, final List<Integer> levels,
                  final Map<String, Long> supplierValidityMicros, final ConsistencyPolicy policy,
                  final Integer[] configuredPriority, final Map<String, Integer> requestedPriority) {
        this.configuredPriority = configuredPriority.clone();
        this.requestedPriority = Map.copyOf(requestedPriority);
        this.nodes = List.copyOf(nodes);
        this.levels = List.copyOf(levels);
        this.supplierValidityMicros = Map.copyOf(supplierValidityMicros);
        this.policy = policy;
        final Map<String, List<Edge>> byTopic = new LinkedHashMap<>();
        final Map<String, Integer> topicPriority = new LinkedHashMap<>();
        for (final OperatorNode node : nodes) {
            for (int k = 0; k < node.inputs().size(); k++) {
                final NodeInput in = node.inputs().get(k);
                if (in.isTopic()) {
                    byTopic.computeIfAbsent(in.topic(), t -> new ArrayList<>()).add(new Edge(node.index(), k));
                    topicPriority.merge(in.topic(), node.priority(), Math::max);
                }
            }
        }
        final Map<String, List<Edge>> frozen = new LinkedHashMap<>();
        byTopic.forEach((t, edges) -> frozen.put(t, List.copyOf(edges)));
        this.consumers = Collections.unmodifiableMap(frozen);
        this.supplierPriority = Collections.unmodifiableMap(topicPriority);
        final Map<String, Integer> index = new LinkedHashMap<>();
        byTopic.keySet().forEach(t -> index.put(t, index.size()));
        this.topicIndex = Collections.unmodifiableMap(index);
    }

    /**
     * Validates a configuration and makes one operator instance per node.
     *
     * @param spec      the configuration
     * @param factories operator factories by (lower-case) type
     * @throws GraphException listing every problem found
     */
    public static OperatorGraph build(final GraphSpec spec,
                                      final Function<String, Optional<OperatorFactory>> factories) {
        return new GraphBuilder(spec, factories).build();
    }

    /**
     * The same graph, sharing its operator instances, with the priorities subscribers ask for: a derived topic's
     * consumer priority becomes the highest of the configured one and the requested one (the strictest request wins,
     * as for topic QoS; a request never lowers the configuration), and the priorities are propagated again.
     *
     * @param requested highest priority requested per derived topic (any case); topics the graph does not publish
     *                  are ignored
     */
    public OperatorGraph withRequestedPriorities(final Map<String, Integer> requested) {
        final Map<String, Integer> relevant = new LinkedHashMap<>();
        requested.forEach((topic, priority) -> {
            final String name = TopicName.normalise(topic);
            if (priority != null && nodes.stream().anyMatch(n -> name.equals(n.outputTopic()))) {
                relevant.merge(name, priority, Math::max);
            }
        });
        final int n = nodes.size();
        final Integer[] consumer = new Integer[n];
        final List<List<Edge>> downstream = new ArrayList<>(n);
        for (final OperatorNode node : nodes) {
            final Integer configured = configuredPriority[node.index()];
            final Integer asked = node.outputTopic() == null ? null : relevant.get(node.outputTopic());
            consumer[node.index()] = configured == null || asked == null
                    ? configured : Integer.valueOf(Math.max(configured, asked));
            downstream.add(node.downstream());
        }
        final int[] priority = PriorityPropagation.propagate(consumer, downstream);
        final List<Integer> newLevels = PriorityPropagation.levels(priority);
        final List<OperatorNode> reprioritised = new ArrayList<>(n);
        for (final OperatorNode node : nodes) {
            final int p = node.index();
            reprioritised.add(new OperatorNode(p, node.id(), node.type(), node.operator(), node.inputs(),
                    node.outputTopic(), consumer[p], priority[p], newLevels.indexOf(priority[p]),
                    node.relativeValidity(), node.downstream()));
        }
        return new OperatorGraph(reprioritised, newLevels, supplierValidityMicros, policy, configuredPriority,
                relevant);
    }

    /** The subscribers' priority requests in force, by derived topic (only those the graph publishes). */
    public Map<String, Integer> requestedPriorities() {
        return requestedPriority;
    }

    /** Whether both graphs give every node the same priority (then re-levelling would change nothing). */
    public boolean samePriorities(final OperatorGraph other) {
        if (other.nodes.size() != nodes.size()) {
            return false;
        }
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).priority() != other.nodes.get(i).priority()) {
                return false;
            }
        }
        return true;
    }

    /** The nodes in a topological order (upstream before downstream); a node's index is its position here. */
    public List<OperatorNode> nodes() {
        return nodes;
    }

    /** The node with this id. */
    public Optional<OperatorNode> node(final String id) {
        return nodes.stream().filter(n -> n.id().equals(id)).findFirst();
    }

    /** The distinct priorities, highest first; a node's or topic's level is the index of its priority here. */
    public List<Integer> levels() {
        return levels;
    }

    /** The level (index into {@link #levels()}) of a priority. */
    public int levelOf(final int priority) {
        final int level = levels.indexOf(priority);
        if (level < 0) {
            throw new IllegalArgumentException("no level has priority " + priority);
        }
        return level;
    }

    /** Normalised supplier topics read by the graph, each with the highest priority among its operators. */
    public Map<String, Integer> supplierPriorities() {
        return supplierPriority;
    }

    /** Where events of a supplier topic go; empty for a topic the graph does not read. */
    public List<Edge> consumersOf(final String topic) {
        return consumers.getOrDefault(TopicName.normalise(topic), List.of());
    }

    /** A dense index 0..n-1 of the supplier topics, in {@link #supplierPriorities()} order; -1 if not read. */
    public int topicIndex(final String normalisedTopic) {
        return topicIndex.getOrDefault(normalisedTopic, -1);
    }

    /** Absolute validity length of a supplier topic's events, or {@link Long#MAX_VALUE} for valid forever. */
    public long supplierValidityMicros(final String topic) {
        return supplierValidityMicros.getOrDefault(TopicName.normalise(topic), Long.MAX_VALUE);
    }

    /** The normalised derived topics the graph publishes, by producing operator id. */
    public Map<String, String> outputTopics() {
        final Map<String, String> out = new LinkedHashMap<>();
        nodes.stream().filter(n -> n.outputTopic() != null).forEach(n -> out.put(n.id(), n.outputTopic()));
        return out;
    }

    /** What a time-consistency violation does. */
    public ConsistencyPolicy policy() {
        return policy;
    }

    @Override
    public String toString() {
        return "OperatorGraph{nodes=" + nodes.size() + ", levels=" + levels + ", policy=" + policy + '}';
    }
}
