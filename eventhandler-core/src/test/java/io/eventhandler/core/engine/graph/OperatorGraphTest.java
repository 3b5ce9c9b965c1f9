package io.eventhandler.core.engine.graph;

import io.eventhandler.core.engine.TestOperators;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static io.eventhandler.core.engine.TestOperators.op;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OperatorGraphTest {

    private static final int HIGH = 30;
    private static final int MIDDLE = 20;
    private static final int LOW = 10;

    private final TestOperators ops = new TestOperators();

    /**
     * A reconstruction of CPEP Fig. 2.2 that keeps the stated facts: o1 feeds o5, o6 and o7; o6 reads o1 and o2;
     * o1→o6, o2→o3 and o5→o7 cross priority levels; c2 (middle) is served by o1, o2 and o6. Listed out of
     * topological order on purpose.
     */
    static List<OperatorSpec> figure22() {
        return List.of(
                op("o7", List.of("o1", "o5"), "c3", LOW),
                op("o6", List.of("o1", "o2"), "c2", MIDDLE),
                op("o5", List.of("o1"), "c1", HIGH),
                op("o3", List.of("o2"), "c4", LOW),
                op("o4", List.of("topic:s3"), "c5", LOW),
                op("o1", List.of("topic:s1"), null, null),
                op("o2", List.of("topic:s2"), null, null));
    }

    @Test
    void shouldGroupFigure22IntoThreePriorityLevels() {
        final OperatorGraph graph = ops.graph(figure22().toArray(OperatorSpec[]::new));
        assertEquals(List.of(HIGH, MIDDLE, LOW), graph.levels());
        final Map<Integer, Set<String>> groups = graph.nodes().stream().collect(Collectors.groupingBy(
                OperatorNode::priority, Collectors.mapping(OperatorNode::id, Collectors.toSet())));
        assertEquals(Set.of("o1", "o5"), groups.get(HIGH));
        assertEquals(Set.of("o2", "o6"), groups.get(MIDDLE));
        assertEquals(Set.of("o3", "o4", "o7"), groups.get(LOW));
        assertEquals(Map.of("S1", HIGH, "S2", MIDDLE, "S3", LOW), graph.supplierPriorities());
        assertEquals(0, graph.node("o1").orElseThrow().level());
        assertEquals(2, graph.node("o7").orElseThrow().level());
    }

    @Test
    void shouldOrderNodesTopologically() {
        final OperatorGraph graph = ops.graph(figure22().toArray(OperatorSpec[]::new));
        for (final OperatorNode node : graph.nodes()) {
            for (final NodeInput in : node.inputs()) {
                assertTrue(in.isTopic() || in.operator() < node.index(), node.id() + " after its inputs");
            }
            for (final Edge e : node.downstream()) {
                assertEquals(node.index(), graph.nodes().get(e.node()).inputs().get(e.inputPosition()).operator());
            }
        }
        assertEquals(List.of(new Edge(graph.node("o4").orElseThrow().index(), 0)), graph.consumersOf(" s3 "));
    }

    @Test
    void shouldGiveAConsumerFacingOperatorThatFeedsAHigherOneTheHigherPriority() {
        final OperatorGraph graph = ops.graph(
                op("a", List.of("topic:x"), "low", LOW),
                op("b", List.of("a"), "high", HIGH));
        assertEquals(HIGH, graph.node("a").orElseThrow().priority());
        assertEquals(LOW, graph.node("a").orElseThrow().consumerPriority());
    }

    @Test
    void shouldRaiseADerivedTopicToTheHighestRequestAndPropagateItUpstream() {
        final OperatorGraph configured = ops.graph(figure22().toArray(OperatorSpec[]::new));
        // c4 (o3, low) asks for high: o3 and its input o2 rise; o6 (middle) keeps its own priority
        final OperatorGraph raised = configured.withRequestedPriorities(Map.of("c4", HIGH, "c3", LOW - 5,
                "not-derived", 99));
        assertEquals(HIGH, raised.node("o3").orElseThrow().priority());
        assertEquals(HIGH, raised.node("o2").orElseThrow().priority());
        assertEquals(MIDDLE, raised.node("o6").orElseThrow().priority());
        assertEquals(LOW, raised.node("o7").orElseThrow().priority(), "a request never lowers the configuration");
        assertEquals(Map.of("S1", HIGH, "S2", HIGH, "S3", LOW), raised.supplierPriorities());
        assertEquals(Map.of("C4", HIGH, "C3", LOW - 5), raised.requestedPriorities());
        assertTrue(raised.nodes().stream().allMatch(n ->
                n.operator() == configured.nodes().get(n.index()).operator()), "operators are shared, not rebuilt");
        assertTrue(configured.samePriorities(configured.withRequestedPriorities(Map.of("c3", LOW))));
        assertTrue(!configured.samePriorities(raised));
        // withdrawing the request restores the configured priorities
        assertTrue(configured.samePriorities(raised.withRequestedPriorities(Map.of())));
    }

    @Test
    void shouldMakeOneOperatorInstancePerNode() {
        final OperatorGraph graph = ops.graph(op("a", List.of("topic:x"), "a1", 1), op("b", List.of("topic:x"),
                "b1", 1));
        assertNotSame(graph.node("a").orElseThrow().operator(), graph.node("b").orElseThrow().operator());
        assertEquals(Map.of("a", "A1", "b", "B1"), graph.outputTopics());
    }

    private List<String> problems(final OperatorSpec... specs) {
        return problems(Map.of(), specs);
    }

    private List<String> problems(final Map<String, Long> validity, final OperatorSpec... specs) {
        return assertThrows(GraphException.class, () -> ops.graph(ConsistencyPolicy.SHED, validity, specs))
                .problems();
    }

    private static void assertProblem(final List<String> problems, final String expected) {
        assertTrue(problems.contains(expected), () -> "expected <" + expected + "> in " + problems);
    }

    @Test
    void shouldRejectBlankAndDuplicateIds() {
        final List<String> problems = problems(op(" ", List.of("topic:x"), "t1", 1),
                op("a", List.of("topic:x"), "t2", 1), op("a", List.of("topic:x"), "t3", 1));
        assertProblem(problems, "operator #1: blank id");
        assertProblem(problems, "duplicate operator id 'a'");
    }

    @Test
    void shouldRejectAnIdThatWouldReadAsATopic() {
        assertProblem(problems(op("topic:a", List.of("topic:x"), "t", 1)),
                "operator id 'topic:a' must not start with topic:");
    }

    @Test
    void shouldAcceptAnEmptyGraph() {
        final OperatorGraph graph = ops.graph();
        assertTrue(graph.levels().isEmpty());
        assertTrue(graph.consumersOf("x").isEmpty());
    }

    @Test
    void shouldRejectUnknownType() {
        assertProblem(problems(new OperatorSpec("a", "fourier", List.of("topic:x"), Map.of(), "t", 1, List.of())),
                "operator 'a': unknown operator type 'fourier'");
    }

    @Test
    void shouldRejectInputNamingNeitherTopicNorOperator() {
        final List<String> problems = problems(op("a", List.of("nope", "topic: "), "t", 1));
        assertProblem(problems, "operator 'a': input 'nope' is neither topic:<EVENT TYPE> nor a known operator");
        assertProblem(problems, "operator 'a': input 'topic: ' names no topic");
    }

    @Test
    void shouldRejectOperatorWithoutInputs() {
        assertProblem(problems(op("a", List.of(), "t", 1)), "operator 'a': no inputs");
    }

    @Test
    void shouldRejectCyclesNamingTheirNodes() {
        final List<String> problems = problems(op("a", List.of("topic:x", "c"), "t", 1),
                op("b", List.of("a"), null, null), op("c", List.of("b"), null, null),
                op("d", List.of("d"), "u", 1));
        assertProblem(problems, "cycle: 'a' -> 'b' -> 'c' -> 'a'");
        assertProblem(problems, "cycle: 'd' -> 'd'");
    }

    @Test
    void shouldRequireOutputTopicAndPriorityTogether() {
        final List<String> problems = problems(op("a", List.of("topic:x"), "t", null),
                op("b", List.of("topic:x"), null, 3));
        assertProblem(problems, "operator 'a': output topic 't' has no priority");
        assertProblem(problems, "operator 'b': priority 3 is given without an output topic");
    }

    @Test
    void shouldRejectOutputTopicThatIsSuppliedOrProducedTwice() {
        final List<String> problems = problems(op("a", List.of("topic:x"), " X ", 1),
                op("b", List.of("topic:y"), "z", 1), op("c", List.of("topic:y"), "Z", 1));
        assertProblem(problems, "output topic 'X' of operator 'a' is also a supplier topic of the graph");
        assertProblem(problems, "output topic 'Z' is produced by both 'b' and 'c'");
    }

    @Test
    void shouldRejectBadRelativeValiditySets() {
        final List<String> problems = problems(
                op("a", List.of("topic:x", "topic:y"), "t", 1,
                        new RelativeValiditySpec(List.of("topic:x", "topic:w"), 10),
                        new RelativeValiditySpec(List.of("topic:X", "topic:y"), 0),
                        new RelativeValiditySpec(List.of("topic:x"), 5)));
        assertProblem(problems, "operator 'a': relative validity set names 'topic:w', which is not one of its inputs");
        assertProblem(problems, "operator 'a': relative validity interval must be positive, was 0");
        assertProblem(problems, "operator 'a': relative validity set [topic:x] needs at least two distinct inputs");
        assertEquals(3, problems.size(), problems::toString);
    }

    @Test
    void shouldRejectNonPositiveSupplierValidity() {
        final Map<String, Long> validity = new HashMap<>();
        validity.put("x", 0L);
        validity.put("y", -5L);
        final List<String> problems = problems(validity, op("a", List.of("topic:x"), "t", 1));
        assertProblem(problems, "supplier validity of topic 'X' must be positive, was 0");
        assertProblem(problems, "supplier validity of topic 'Y' must be positive, was -5");
    }

    @Test
    void shouldReportTheFactoryMessageForBadParameters() {
        assertProblem(problems(new OperatorSpec("a", "strict", List.of("topic:x"), Map.of(), "t", 1, List.of())),
                "operator 'a': missing parameter 'n'");
    }

    @Test
    void shouldRejectAnOperatorWhoseOutputGoesNowhere() {
        assertProblem(problems(op("a", List.of("topic:x"), null, null)),
                "operator 'a': has neither an output topic nor a downstream operator");
    }

    @Test
    void shouldCollectEveryProblemAtOnce() {
        final List<String> problems = problems(op("a", List.of(), "t", null), op("a", List.of("zz"), "u", 1));
        assertEquals(4, problems.size(), problems::toString);
    }

    @Test
    void shouldResolveRelativeValidityByTopicOrOperator() {
        final OperatorGraph graph = ops.graph(op("a", List.of("topic:x"), null, null),
                op("b", List.of("topic:y", "a"), "t", 1, new RelativeValiditySpec(List.of("a", "topic:Y"), 7)));
        assertEquals(List.of(new RelativeValiditySet(List.of(0, 1), 7)),
                graph.node("b").orElseThrow().relativeValidity());
        assertEquals(Long.MAX_VALUE, graph.supplierValidityMicros("x"));
    }
}
