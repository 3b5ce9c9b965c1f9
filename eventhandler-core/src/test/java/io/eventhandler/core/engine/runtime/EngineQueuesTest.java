package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.TestOperators;
import io.eventhandler.core.engine.graph.ConsistencyPolicy;
import io.eventhandler.core.engine.graph.OperatorGraph;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.eventhandler.core.engine.TestOperators.gated;
import static io.eventhandler.core.engine.TestOperators.op;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Replacement, consume-once, counters, the EventStore and replacing the graph at runtime. */
class EngineQueuesTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final TestOperators ops = new TestOperators();
    private final DerivedEvents sink = new DerivedEvents();
    private Engine engine;

    private Engine engine(final OperatorGraph graph, final int workers) {
        engine = new Engine(graph, sink, new EngineSettings(workers, 4, Map.of("A", 30L)), () -> 0L);
        return engine;
    }

    @AfterEach
    void close() {
        engine.close();
    }

    private OperatorStatistics stats(final String operator) {
        return engine.statistics().operators().get(operator);
    }

    @Test
    void shouldKeepOnlyTheNewestQueuedEventPerTopicInItsPlace() {
        engine(ops.graph(op("x", List.of("topic:a"), "out-x", 1), op("y", List.of("topic:b"), "out-y", 1)), 1);
        engine.offer("a", "a1", 1);
        engine.offer("b", "b1", 2);
        engine.offer("A", "a2", 3);
        engine.offer("a", "a3", 4);
        assertEquals(List.of(new LevelStatistics(1, 2, 0, 0)), engine.statistics().levels());
        engine.start();
        await().atMost(WAIT).until(() -> sink.size() == 2);
        assertEquals(List.of("x", "y"), ops.invocations(), "a keeps the place of its first queued event");
        assertEquals(List.of(new LevelStatistics(1, 0, 0, 0)), engine.statistics().levels());
        assertEquals(List.of("x(a3)"), sink.payloads("OUT-X"));
        assertEquals(3, engine.statistics().topics().get("A").received());
        assertEquals(2, engine.statistics().topics().get("A").replaced());
    }

    @Test
    void shouldReplaceAWaitingInputForThatOperatorOnlyAndConsumeInputsOnce() {
        engine(ops.graph(op("j", List.of("topic:a", "topic:b"), "out-j", 1),
                op("k", List.of("topic:a"), "out-k", 1)), 1).start();
        engine.offer("a", "a1", 1);
        await().atMost(WAIT).until(() -> stats("j").arrivals() == 1);
        engine.offer("a", "a2", 2);
        await().atMost(WAIT).until(() -> stats("j").arrivals() == 2);
        engine.offer("b", "b1", 3);
        await().atMost(WAIT).until(() -> sink.payloads("OUT-J").size() == 1);
        assertEquals(List.of("j(a2,b1)"), sink.payloads("OUT-J"));
        assertEquals(1, stats("j").replacements());
        assertEquals(List.of("k(a1)", "k(a2)"), sink.payloads("OUT-K"), "k keeps both events");
        engine.offer("b", "b2", 4);
        await().atMost(WAIT).until(() -> stats("j").arrivals() == 4);
        assertEquals(1, stats("j").invocations(), "a2 was consumed; j waits for a new a");
        engine.offer("a", "a3", 5);
        await().atMost(WAIT).until(() -> sink.payloads("OUT-J").size() == 2);
        assertEquals("j(a3,b2)", sink.payloads("OUT-J").get(1));
        assertTrue(sink.all().contains(new DerivedEvents.Derived("OUT-J", "j(a3,b2)", 5, Long.MAX_VALUE, false)),
                "t_b is the latest creation time of the inputs used");
    }

    @Test
    void shouldCountErrorsEmptyResultsOutputsAndIgnoredTopics() {
        engine(ops.graph(op("x", List.of("topic:a"), "out", 1)), 2).start();
        assertFalse(engine.offer("unread", "u", 0));
        assertTrue(engine.offer("a", "bad", 0));
        await().atMost(WAIT).until(() -> stats("x").errors() == 1);
        engine.offer("a", "drop", 0);
        await().atMost(WAIT).until(() -> stats("x").invocations() == 2);
        engine.offer("a", "ok", 0);
        await().atMost(WAIT).until(() -> sink.size() == 1);
        final EngineStatistics stats = engine.statistics();
        assertEquals(new OperatorStatistics(3, 3, 1, 1, 0, 0, 0, 0, 0), stats.operators().get("x"));
        assertEquals(new TopicStatistics(0, 0, 1, 0, 0, 0), stats.topics().get("OUT"));
        assertEquals(3, stats.topics().get("A").received());
        assertEquals(1, stats.ignoredOffers());
    }

    @Test
    void shouldSizeRingsFromValidityAndPeriodAndReclaimTheOldestSlot() {
        final OperatorGraph graph = ops.graph(ConsistencyPolicy.MARK, Map.of("a", 100L, "b", 10L),
                op("x", List.of("topic:a", "topic:b", "topic:c"), "out", 1));
        engine = new Engine(graph, sink, new EngineSettings(1, 3, Map.of("A", 30L, "B", 30L)), () -> 0L);
        assertEquals(4, engine.store().capacity("topic:A"), "events 0, 30, 60, 90 are valid at once");
        assertEquals(1, engine.store().capacity("topic:B"), "validity shorter than the period");
        assertEquals(3, engine.store().capacity("topic:C"), "no validity: the default");
        for (int i = 1; i <= 6; i++) {
            engine.offer("a", "a" + i, i);
        }
        assertEquals(2, engine.statistics().reclaimedSlots());
        assertEquals("a6", engine.store().latest("topic:A").orElseThrow().payload());
    }

    @Test
    void shouldNeverRunANonThreadSafeOperatorConcurrently() {
        final OperatorGraph graph = OperatorGraph.build(new io.eventhandler.core.engine.graph.GraphSpec(List.of(
                new io.eventhandler.core.engine.graph.OperatorSpec("x", "pass", List.of("topic:a"),
                        Map.of("name", "x", "threadSafe", "false"), null, null, List.of()),
                op("h", List.of("x"), "out-h", 9), op("l", List.of("x"), "out-l", 1)), Map.of(), null),
                ops.factories());
        engine(graph, 4).start();
        for (int i = 0; i < 300; i++) {
            engine.offer("a", "a" + i, i);
        }
        await().atMost(WAIT).until(() -> stats("x").invocations() + engine.statistics().topics().get("A")
                .replaced() == 300);
        assertEquals(0, ops.overlaps("x"));
    }

    @Test
    void shouldReplaceTheGraphAtRuntimeDroppingQueuedWorkOfTheOldOne() throws InterruptedException {
        ops.close("g");
        engine(ops.graph(gated("g", List.of("topic:g"), "out-g", 9), op("a", List.of("topic:s"), "out-a", 1)), 1)
                .start();
        engine.offer("g", "g1", 0);
        ops.awaitHeld("g");
        engine.offer("s", "s1", 0); // queued behind the running operator
        engine.replace(ops.graph(op("b", List.of("topic:s"), "out-b", 1)));
        ops.open("g");
        engine.offer("s", "s2", 0);
        await().atMost(WAIT).until(() -> sink.size() == 1);
        assertEquals(List.of("b(s2)"), sink.payloads("OUT-B"), "neither g's in-flight result nor a's queued work");
        assertEquals(List.of("g", "b"), ops.invocations());
        final EngineStatistics stats = engine.statistics();
        assertEquals(1, stats.droppedOnReplace());
        assertEquals(1, stats.graphReplacements());
        assertEquals(Map.of("b", new OperatorStatistics(1, 1, 1, 0, 0, 0, 0, 0, 0)), stats.operators());
        assertEquals(List.of("OUT-B"), List.copyOf(engine.graph().outputTopics().values()));
    }
}
