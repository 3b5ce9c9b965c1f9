package io.eventhandler.core.engine;

import io.eventhandler.core.engine.graph.ConsistencyPolicy;
import io.eventhandler.core.engine.graph.GraphSpec;
import io.eventhandler.core.engine.graph.OperatorGraph;
import io.eventhandler.core.engine.graph.OperatorSpec;
import io.eventhandler.core.engine.graph.RelativeValiditySpec;
import io.eventhandler.core.engine.operator.Operator;
import io.eventhandler.core.engine.operator.OperatorFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Test operators that record their invocations. Type {@code pass} emits {@code name(in1,in2,...)}; an input
 * {@code bad} makes it throw, an input {@code drop} makes it emit nothing; parameter {@code gate} makes it wait on
 * a latch the test opens. Type {@code strict} needs parameter {@code n}.
 */
public final class TestOperators {

    private final List<String> invocations = new ArrayList<>();
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final Map<String, CountDownLatch> gates = new ConcurrentHashMap<>();
    private final Map<String, CountDownLatch> entered = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> running = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> overlaps = new ConcurrentHashMap<>();

    /** Factories by type, as {@link OperatorGraph#build} wants them. */
    public Function<String, Optional<OperatorFactory>> factories() {
        return type -> switch (type) {
            case "pass" -> Optional.of(factory("pass"));
            case "strict" -> Optional.of(factory("strict"));
            default -> Optional.empty();
        };
    }

    private OperatorFactory factory(final String type) {
        return new OperatorFactory() {
            @Override
            public String type() {
                return type;
            }

            @Override
            public Operator create(final Map<String, String> parameters, final int inputCount) {
                if (type.equals("strict") && !parameters.containsKey("n")) {
                    throw new IllegalArgumentException("missing parameter 'n'");
                }
                return new Recording(parameters.getOrDefault("name", "?"), parameters.get("gate"),
                        !"false".equals(parameters.get("threadSafe")));
            }
        };
    }

    /** The names of the invoked operators, in invocation order. */
    public synchronized List<String> invocations() {
        return List.copyOf(invocations);
    }

    /** How often the operator named so was invoked. */
    public int count(final String name) {
        return counts.getOrDefault(name, new AtomicInteger()).get();
    }

    /** How often the operator named so found itself already running on another thread. */
    public int overlaps(final String name) {
        return overlaps.getOrDefault(name, new AtomicInteger()).get();
    }

    /** Makes operators with {@code gate=name} wait until {@link #open(String)}. */
    public void close(final String gate) {
        gates.put(gate, new CountDownLatch(1));
        entered.put(gate, new CountDownLatch(1));
    }

    public void open(final String gate) {
        gates.get(gate).countDown();
    }

    /** Waits until an operator is held at the gate. */
    public void awaitHeld(final String gate) throws InterruptedException {
        if (!entered.get(gate).await(10, TimeUnit.SECONDS)) {
            throw new AssertionError("nobody reached gate " + gate);
        }
    }

    private synchronized void record(final String name) {
        invocations.add(name);
    }

    private final class Recording implements Operator {
        private final String name;
        private final String gate;
        private final boolean threadSafe;

        Recording(final String name, final String gate, final boolean threadSafe) {
            this.name = name;
            this.gate = gate;
            this.threadSafe = threadSafe;
        }

        @Override
        public Optional<String> apply(final List<String> inputs) {
            final AtomicInteger active = running.computeIfAbsent(name, n -> new AtomicInteger());
            if (active.incrementAndGet() > 1) {
                overlaps.computeIfAbsent(name, n -> new AtomicInteger()).incrementAndGet();
            }
            try {
                return run(inputs);
            } finally {
                active.decrementAndGet();
            }
        }

        private Optional<String> run(final List<String> inputs) {
            record(name);
            counts.computeIfAbsent(name, n -> new AtomicInteger()).incrementAndGet();
            if (gate != null && gates.containsKey(gate)) {
                entered.get(gate).countDown();
                try {
                    gates.get(gate).await(10, TimeUnit.SECONDS);
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (inputs.contains("bad")) {
                throw new IllegalArgumentException("cannot read 'bad'");
            }
            if (inputs.contains("drop")) {
                return Optional.empty();
            }
            return Optional.of(name + "(" + String.join(",", inputs) + ")");
        }

        @Override
        public boolean threadSafe() {
            return threadSafe;
        }
    }

    /** A {@code pass} operator named as its id. */
    public static OperatorSpec op(final String id, final List<String> inputs, final String outputTopic,
                                  final Integer priority, final RelativeValiditySpec... relative) {
        return new OperatorSpec(id, "pass", inputs, Map.of("name", id), outputTopic, priority, List.of(relative));
    }

    /** A {@code pass} operator whose invocations wait at the gate of its own id. */
    public static OperatorSpec gated(final String id, final List<String> inputs, final String outputTopic,
                                     final Integer priority) {
        return new OperatorSpec(id, "pass", inputs, Map.of("name", id, "gate", id), outputTopic, priority,
                List.of());
    }

    public OperatorGraph graph(final ConsistencyPolicy policy, final Map<String, Long> validity,
                               final OperatorSpec... ops) {
        return OperatorGraph.build(new GraphSpec(List.of(ops), validity, policy), factories());
    }

    public OperatorGraph graph(final OperatorSpec... ops) {
        return graph(ConsistencyPolicy.SHED, Map.of(), ops);
    }
}
