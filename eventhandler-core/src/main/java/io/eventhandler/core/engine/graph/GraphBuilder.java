package io.eventhandler.core.engine.graph;

import io.eventhandler.core.engine.operator.Operator;
import io.eventhandler.core.engine.operator.OperatorFactory;
import io.eventhandler.core.event.TopicName;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Validates a {@link GraphSpec}, collecting every problem, and builds the {@link OperatorGraph}. */
final class GraphBuilder {

    private final GraphSpec spec;
    private final Function<String, Optional<OperatorFactory>> factories;
    private final List<String> problems = new ArrayList<>();
    private final Map<String, Integer> indexById = new HashMap<>();
    private final List<String> labels = new ArrayList<>();
    private final List<Operator> operators = new ArrayList<>();
    private final List<List<NodeInput>> inputs = new ArrayList<>();
    private final List<List<RelativeValiditySet>> relativeSets = new ArrayList<>();
    private final List<String> outputTopics = new ArrayList<>();
    private final Map<String, Long> supplierValidity = new LinkedHashMap<>();

    GraphBuilder(final GraphSpec spec, final Function<String, Optional<OperatorFactory>> factories) {
        this.spec = spec;
        this.factories = factories;
    }

    OperatorGraph build() {
        final List<OperatorSpec> specs = spec.operators();
        collectIds(specs);
        for (int i = 0; i < specs.size(); i++) {
            checkOperator(i, specs.get(i));
        }
        checkOutputTopics(specs);
        checkSupplierValidity();
        final List<List<Integer>> upstream = upstreamIndices();
        final List<Integer> order = CycleFinder.topologicalOrder(upstream);
        if (order.size() < specs.size()) {
            for (final List<Integer> cycle : CycleFinder.cycles(upstream)) {
                problems.add("cycle: " + cycle.stream().map(labels::get).collect(Collectors.joining(" -> ")));
            }
        }
        checkEveryOutputIsUsed(specs, upstream);
        if (!problems.isEmpty()) {
            throw new GraphException(problems);
        }
        return assemble(specs, order);
    }

    private void collectIds(final List<OperatorSpec> specs) {
        for (int i = 0; i < specs.size(); i++) {
            final String id = specs.get(i).id();
            if (id == null || id.isBlank()) {
                problems.add("operator #" + (i + 1) + ": blank id");
                labels.add("#" + (i + 1));
            } else if (id.regionMatches(true, 0, OperatorSpec.TOPIC_PREFIX, 0, OperatorSpec.TOPIC_PREFIX.length())) {
                problems.add("operator id '" + id + "' must not start with " + OperatorSpec.TOPIC_PREFIX);
                labels.add("'" + id + "'");
            } else if (indexById.putIfAbsent(id, i) != null) {
                problems.add("duplicate operator id '" + id + "'");
                labels.add("'" + id + "'#" + (i + 1));
            } else {
                labels.add("'" + id + "'");
            }
        }
    }

    private void checkOperator(final int index, final OperatorSpec op) {
        final String at = "operator " + labels.get(index) + ": ";
        final List<NodeInput> resolved = resolveInputs(at, index, op.inputs());
        inputs.add(resolved);
        relativeSets.add(resolveRelativeValidity(at, op, resolved));
        final boolean hasTopic = op.outputTopic() != null && !op.outputTopic().isBlank();
        if (hasTopic && op.priority() == null) {
            problems.add(at + "output topic '" + op.outputTopic() + "' has no priority");
        } else if (!hasTopic && op.priority() != null) {
            problems.add(at + "priority " + op.priority() + " is given without an output topic");
        }
        outputTopics.add(hasTopic ? TopicName.normalise(op.outputTopic()) : null);
        operators.add(createOperator(at, op));
    }

    private List<NodeInput> resolveInputs(final String at, final int index, final List<String> written) {
        if (written.isEmpty()) {
            problems.add(at + "no inputs");
        }
        final List<NodeInput> resolved = new ArrayList<>();
        for (final String input : written) {
            final NodeInput in = resolveInput(at, input);
            if (in == null) {
                continue;
            }
            if (resolved.stream().anyMatch(r -> sameSource(r, in))) {
                problems.add(at + "input '" + input + "' is listed twice");
            }
            resolved.add(in);
        }
        return resolved;
    }

    private NodeInput resolveInput(final String at, final String input) {
        if (input.regionMatches(true, 0, OperatorSpec.TOPIC_PREFIX, 0, OperatorSpec.TOPIC_PREFIX.length())) {
            final String topic = input.substring(OperatorSpec.TOPIC_PREFIX.length());
            if (topic.isBlank()) {
                problems.add(at + "input '" + input + "' names no topic");
                return null;
            }
            return new NodeInput(input, TopicName.normalise(topic), -1);
        }
        final Integer upstream = indexById.get(input);
        if (upstream == null) {
            problems.add(at + "input '" + input + "' is neither " + OperatorSpec.TOPIC_PREFIX
                    + "<EVENT TYPE> nor a known operator");
            return null;
        }
        return new NodeInput(input, null, upstream);
    }

    private static boolean sameSource(final NodeInput a, final NodeInput b) {
        return a.isTopic() ? a.topic().equals(b.topic()) : a.operator() == b.operator();
    }

    private List<RelativeValiditySet> resolveRelativeValidity(final String at, final OperatorSpec op,
                                                              final List<NodeInput> resolved) {
        final List<RelativeValiditySet> sets = new ArrayList<>();
        for (final RelativeValiditySpec set : op.relativeValidity()) {
            boolean valid = true;
            if (set.intervalMicros() <= 0) {
                problems.add(at + "relative validity interval must be positive, was " + set.intervalMicros());
                valid = false;
            }
            final TreeSet<Integer> positions = new TreeSet<>();
            for (final String name : set.inputs()) {
                final int position = positionOf(name, resolved);
                if (position < 0) {
                    problems.add(at + "relative validity set names '" + name + "', which is not one of its inputs");
                    valid = false;
                } else {
                    positions.add(position);
                }
            }
            if (positions.size() < 2 && valid) {
                problems.add(at + "relative validity set " + set.inputs() + " needs at least two distinct inputs");
                valid = false;
            }
            if (valid) {
                sets.add(new RelativeValiditySet(new ArrayList<>(positions), set.intervalMicros()));
            }
        }
        return sets;
    }

    /** Matches an input as written, or a {@code topic:} input by its normalised topic. */
    private static int positionOf(final String name, final List<NodeInput> resolved) {
        for (int i = 0; i < resolved.size(); i++) {
            final NodeInput in = resolved.get(i);
            if (in.written().equals(name)) {
                return i;
            }
            final boolean topicName = name.regionMatches(true, 0, OperatorSpec.TOPIC_PREFIX, 0,
                    OperatorSpec.TOPIC_PREFIX.length());
            if (in.isTopic() && topicName
                    && in.topic().equals(TopicName.normalise(name.substring(OperatorSpec.TOPIC_PREFIX.length())))) {
                return i;
            }
        }
        return -1;
    }

    private Operator createOperator(final String at, final OperatorSpec op) {
        final String type = op.type() == null ? "" : op.type().trim().toLowerCase(Locale.ROOT);
        final Optional<OperatorFactory> factory = factories.apply(type);
        if (factory.isEmpty()) {
            problems.add(at + "unknown operator type '" + op.type() + "'");
            return null;
        }
        try {
            return factory.get().create(op.parameters(), op.inputs().size());
        } catch (final IllegalArgumentException e) {
            problems.add(at + e.getMessage());
        } catch (final RuntimeException e) {
            problems.add(at + "operator type '" + type + "' failed to create: " + e);
        }
        return null;
    }

    private void checkOutputTopics(final List<OperatorSpec> specs) {
        final Map<String, Integer> producer = new HashMap<>();
        for (int i = 0; i < specs.size(); i++) {
            final String topic = outputTopics.get(i);
            if (topic == null) {
                continue;
            }
            final Integer other = producer.putIfAbsent(topic, i);
            if (other != null) {
                problems.add("output topic '" + topic + "' is produced by both " + labels.get(other) + " and "
                        + labels.get(i));
            }
            final boolean supplied = inputs.stream().flatMap(List::stream)
                    .anyMatch(in -> in.isTopic() && in.topic().equals(topic));
            if (supplied) {
                problems.add("output topic '" + topic + "' of operator " + labels.get(i)
                        + " is also a supplier topic of the graph");
            }
        }
    }

    private void checkSupplierValidity() {
        for (final Map.Entry<String, Long> e : spec.supplierValidityMicros().entrySet()) {
            if (e.getKey().isBlank()) {
                problems.add("supplier validity given for a blank topic");
                continue;
            }
            final String topic = TopicName.normalise(e.getKey());
            if (e.getValue() == null || e.getValue() <= 0) {
                problems.add("supplier validity of topic '" + topic + "' must be positive, was " + e.getValue());
            } else if (supplierValidity.containsKey(topic) && !supplierValidity.get(topic).equals(e.getValue())) {
                problems.add("supplier validity of topic '" + topic + "' is given twice with different lengths");
            } else {
                supplierValidity.put(topic, e.getValue());
            }
        }
    }

    private List<List<Integer>> upstreamIndices() {
        final List<List<Integer>> upstream = new ArrayList<>();
        for (final List<NodeInput> in : inputs) {
            upstream.add(in.stream().filter(i -> !i.isTopic()).map(NodeInput::operator).distinct().toList());
        }
        return upstream;
    }

    /** An operator nobody reads has no priority to inherit, and its work would be wasted. */
    private void checkEveryOutputIsUsed(final List<OperatorSpec> specs, final List<List<Integer>> upstream) {
        final boolean[] used = new boolean[specs.size()];
        upstream.forEach(ups -> ups.forEach(u -> used[u] = true));
        for (int i = 0; i < specs.size(); i++) {
            if (!used[i] && outputTopics.get(i) == null) {
                problems.add("operator " + labels.get(i) + ": has neither an output topic nor a downstream operator");
            }
        }
    }

    private OperatorGraph assemble(final List<OperatorSpec> specs, final List<Integer> order) {
        final int n = specs.size();
        final int[] position = new int[n];
        for (int p = 0; p < n; p++) {
            position[order.get(p)] = p;
        }
        final List<List<Edge>> downstream = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            downstream.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            final List<NodeInput> in = inputs.get(i);
            for (int k = 0; k < in.size(); k++) {
                if (!in.get(k).isTopic()) {
                    downstream.get(in.get(k).operator()).add(new Edge(position[i], k));
                }
            }
        }
        final Integer[] consumerPriority = new Integer[n];
        final List<List<Edge>> downstreamByPosition = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            final int i = order.get(p);
            consumerPriority[p] = outputTopics.get(i) == null ? null : specs.get(i).priority();
            downstreamByPosition.add(downstream.get(i));
        }
        final int[] priority = PriorityPropagation.propagate(consumerPriority, downstreamByPosition);
        final List<Integer> levels = PriorityPropagation.levels(priority);
        final List<OperatorNode> nodes = new ArrayList<>(n);
        for (final int i : order) {
            final List<NodeInput> remapped = inputs.get(i).stream()
                    .map(in -> in.isTopic() ? in : new NodeInput(in.written(), null, position[in.operator()]))
                    .toList();
            final OperatorSpec op = specs.get(i);
            nodes.add(new OperatorNode(position[i], op.id(), op.type(), operators.get(i), remapped,
                    outputTopics.get(i), consumerPriority[position[i]], priority[position[i]],
                    levels.indexOf(priority[position[i]]), relativeSets.get(i), downstream.get(i)));
        }
        return new OperatorGraph(nodes, levels, supplierValidity, spec.policy(), consumerPriority, Map.of());
    }
}
