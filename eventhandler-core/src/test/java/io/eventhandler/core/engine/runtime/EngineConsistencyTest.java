package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.TestOperators;
import io.eventhandler.core.engine.graph.ConsistencyPolicy;
import io.eventhandler.core.engine.graph.OperatorGraph;
import io.eventhandler.core.engine.graph.OperatorSpec;
import io.eventhandler.core.engine.graph.RelativeValiditySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static io.eventhandler.core.engine.TestOperators.gated;
import static io.eventhandler.core.engine.TestOperators.op;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Absolute and relative time consistency, mark and shed, with an injected clock. */
class EngineConsistencyTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final TestOperators ops = new TestOperators();
    private final DerivedEvents sink = new DerivedEvents();
    private final AtomicLong now = new AtomicLong();
    private Engine engine;

    private void start(final ConsistencyPolicy policy, final Map<String, Long> validity, final OperatorSpec... specs) {
        final OperatorGraph graph = ops.graph(policy, validity, specs);
        engine = new Engine(graph, sink, EngineSettings.defaults().withWorkers(1), now::get);
        engine.start();
    }

    @AfterEach
    void close() {
        engine.close();
    }

    private OperatorStatistics stats(final String operator) {
        return engine.statistics().operators().get(operator);
    }

    private void offerAndAwaitArrivals(final String topic, final String payload, final long created,
                                       final String operator, final long arrivals) {
        engine.offer(topic, payload, created);
        await().atMost(WAIT).until(() -> stats(operator).arrivals() == arrivals);
    }

    private static OperatorSpec join() {
        return op("j", List.of("topic:a", "topic:b"), "out", 1);
    }

    @Test
    void shouldMarkAResultComputedFromAnExpiredInput() {
        start(ConsistencyPolicy.MARK, Map.of("a", 100L), join());
        offerAndAwaitArrivals("a", "a1", 0, "j", 1);
        now.set(500);
        engine.offer("b", "b1", 500);
        await().atMost(WAIT).until(() -> sink.size() == 1);
        assertEquals(new DerivedEvents.Derived("OUT", "j(a1,b1)", 500, 100, true), sink.all().get(0));
        assertEquals(1, stats("j").absoluteViolations());
        assertEquals(0, stats("j").shed());
        assertEquals(1, engine.statistics().topics().get("OUT").marked());
    }

    @Test
    void shouldShedAnExpiredInputAndWaitForAFreshOne() {
        start(ConsistencyPolicy.SHED, Map.of("a", 100L), join());
        offerAndAwaitArrivals("a", "a1", 0, "j", 1);
        now.set(500);
        offerAndAwaitArrivals("b", "b1", 500, "j", 2);
        assertEquals(1, stats("j").shed());
        assertEquals(0, stats("j").invocations());
        engine.offer("a", "a2", 450);
        await().atMost(WAIT).until(() -> sink.size() == 1);
        assertEquals(new DerivedEvents.Derived("OUT", "j(a2,b1)", 500, 550, false), sink.all().get(0));
    }

    @Test
    void shouldCheckAbsoluteValidityAgainBeforeHandingTheResultToTheSink() throws InterruptedException {
        ops.close("g");
        start(ConsistencyPolicy.SHED, Map.of("a", 100L), gated("g", List.of("topic:a"), "out", 1));
        engine.offer("a", "a1", 0);
        ops.awaitHeld("g"); // valid when the operator started
        now.set(101);
        ops.open("g");
        await().atMost(WAIT).until(() -> engine.statistics().topics().get("OUT").shed() == 1);
        assertEquals(1, engine.statistics().topics().get("OUT").violations());
        assertEquals(1, stats("g").outputs());
        assertEquals(0, sink.size());
    }

    @Test
    void shouldMarkAResultThatExpiredWhileItsOperatorRan() throws InterruptedException {
        ops.close("g");
        start(ConsistencyPolicy.MARK, Map.of("a", 100L), gated("g", List.of("topic:a"), "out", 1));
        engine.offer("a", "a1", 0);
        ops.awaitHeld("g");
        now.set(100);
        ops.open("g");
        await().atMost(WAIT).until(() -> sink.size() == 1);
        assertEquals(false, sink.all().get(0).marked(), "t = t_e is still valid");
        ops.close("g");
        now.set(250);
        engine.offer("a", "a2", 200);
        ops.awaitHeld("g"); // valid when the operator started
        now.set(301);
        ops.open("g");
        await().atMost(WAIT).until(() -> sink.size() == 2);
        assertTrue(sink.all().get(1).marked());
        assertEquals(0, stats("g").absoluteViolations(), "the operator's own check passed");
        assertEquals(1, engine.statistics().topics().get("OUT").violations());
    }

    private static OperatorSpec relativeJoin() {
        return op("j", List.of("topic:x", "topic:y"), "out", 1,
                new RelativeValiditySpec(List.of("topic:x", "topic:y"), 50));
    }

    @Test
    void shouldUseTheLatestTimeOfEachInputWhenAWaitingInputIsReplaced() {
        start(ConsistencyPolicy.SHED, Map.of(), relativeJoin());
        offerAndAwaitArrivals("x", "x0", 0, "j", 1);
        offerAndAwaitArrivals("x", "x90", 90, "j", 2);
        engine.offer("y", "y100", 100);
        await().atMost(WAIT).until(() -> sink.size() == 1);
        // Tracking only the earliest (0) and latest (100) times would report 100 > 50 here.
        assertEquals(new DerivedEvents.Derived("OUT", "j(x90,y100)", 100, Long.MAX_VALUE, false), sink.all().get(0));
        assertEquals(0, stats("j").relativeViolations());
        assertEquals(1, stats("j").replacements());
    }

    @Test
    void shouldShedTheOlderSideOfARelativeViolation() {
        start(ConsistencyPolicy.SHED, Map.of(), relativeJoin());
        offerAndAwaitArrivals("x", "x200", 200, "j", 1);
        offerAndAwaitArrivals("y", "y300", 300, "j", 2);
        assertEquals(1, stats("j").relativeViolations());
        assertEquals(1, stats("j").shed());
        assertEquals(0, stats("j").invocations());
        engine.offer("x", "x310", 310);
        await().atMost(WAIT).until(() -> sink.size() == 1);
        assertEquals("j(x310,y300)", sink.all().get(0).payload());
    }

    @Test
    void shouldMarkARelativeViolation() {
        start(ConsistencyPolicy.MARK, Map.of(), relativeJoin());
        offerAndAwaitArrivals("x", "x200", 200, "j", 1);
        engine.offer("y", "y300", 300);
        await().atMost(WAIT).until(() -> sink.size() == 1);
        assertEquals(new DerivedEvents.Derived("OUT", "j(x200,y300)", 300, Long.MAX_VALUE, true), sink.all().get(0));
        assertEquals(1, stats("j").relativeViolations());
    }

    @Test
    void shouldCarryAMarkDownstream() {
        start(ConsistencyPolicy.MARK, Map.of("a", 10L),
                op("first", List.of("topic:a"), null, null), op("second", List.of("first"), "out", 1));
        now.set(50);
        engine.offer("a", "a1", 0);
        await().atMost(WAIT).until(() -> sink.size() == 1);
        assertEquals(new DerivedEvents.Derived("OUT", "second(first(a1))", 0, 10, true), sink.all().get(0));
        assertEquals(1, stats("first").absoluteViolations());
        assertEquals(1, stats("second").absoluteViolations());
    }
}
