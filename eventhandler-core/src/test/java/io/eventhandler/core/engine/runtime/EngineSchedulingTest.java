package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.TestOperators;
import io.eventhandler.core.engine.graph.OperatorGraph;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.List;

import static io.eventhandler.core.engine.TestOperators.gated;
import static io.eventhandler.core.engine.TestOperators.op;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** CPEP's two scheduling properties and sharing, with real worker threads. */
class EngineSchedulingTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final TestOperators ops = new TestOperators();
    private final DerivedEvents sink = new DerivedEvents();
    private Engine engine;

    private Engine start(final OperatorGraph graph, final int workers) {
        return start(graph, workers, true);
    }

    private Engine start(final OperatorGraph graph, final int workers, final boolean prioritized) {
        // The order in which the general workers pick; the reserved worker, which would run the highest level
        // beside a held one, has its own test (EngineReservedWorkerTest).
        engine = new Engine(graph, sink, EngineSettings.defaults().withWorkers(workers).withPrioritized(prioritized)
                .withReservedWorkers(0), () -> 0L);
        engine.start();
        return engine;
    }

    @AfterEach
    void close() {
        if (engine != null) {
            engine.close();
        }
    }

    @Test
    void shouldRunHighPriorityWorkBeforeLowPriorityWorkAlreadyQueued() throws InterruptedException {
        ops.close("l1");
        start(ops.graph(
                gated("l1", List.of("topic:low"), "out-l1", 1),
                op("l2", List.of("topic:low"), "out-l2", 1),
                op("l3", List.of("topic:low"), "out-l3", 1),
                op("h", List.of("topic:high"), "out-h", 9)), 1);
        engine.offer("low", "x", 0);
        ops.awaitHeld("l1"); // l2 and l3 now wait in the low PendingQ behind the only worker
        engine.offer("high", "y", 0);
        ops.open("l1");
        await().atMost(WAIT).until(() -> sink.size() == 4);
        assertEquals(List.of("l1", "h", "l2", "l3"), ops.invocations());
    }

    @ParameterizedTest(name = "prioritized={0}")
    @CsvSource({"true, 'l1,h,l2,l3', 1", "false, 'l1,l2,l3,h', 0"})
    void shouldServeByPriorityOnlyWhenPrioritized(final boolean prioritized, final String order, final long moves)
            throws InterruptedException {
        ops.close("l1");
        start(ops.graph(
                gated("l1", List.of("topic:low"), "out-l1", 1),
                op("l2", List.of("topic:low"), "out-l2", 1),
                op("l3", List.of("topic:low"), "out-l3", 1),
                op("h", List.of("topic:high"), "out-h", 9),
                op("hl", List.of("topic:high"), "out-hl", 1)), 1, prioritized);
        engine.offer("low", "x", 0);
        ops.awaitHeld("l1");
        engine.offer("high", "y", 0); // queued after l2 and l3
        assertEquals(prioritized ? 2 : 1, engine.statistics().levels().size());
        ops.open("l1");
        await().atMost(WAIT).until(() -> sink.size() == 5);
        final List<String> invoked = ops.invocations();
        // Off: one FIFO level, so h waits behind the low work queued before it; hl is not moved.
        assertEquals(List.of(order.split(",")), invoked.subList(0, 4));
        assertEquals(moves, engine.statistics().operators().get("hl").moved());
    }

    @Test
    void shouldServeAConsumersRequestedPriorityAndMoveQueuedWorkWithoutLosingIt() throws InterruptedException {
        ops.close("busy");
        start(ops.graph(
                gated("busy", List.of("topic:first"), "out-busy", 5),
                op("l", List.of("topic:low"), "out-l", 1),
                op("m", List.of("topic:middle"), "out-m", 3)), 1);
        engine.offer("first", "x", 0);
        ops.awaitHeld("busy");
        engine.offer("low", "y", 0);
        engine.offer("middle", "z", 0);
        // a subscriber of out-l asks for priority 9 while l's event is queued at the lowest level
        assertEquals(true, engine.requestPriorities(java.util.Map.of("out-l", 9)));
        assertEquals(List.of(9, 5, 3), engine.graph().levels());
        assertEquals(false, engine.requestPriorities(java.util.Map.of("out-l", 9)));
        ops.open("busy");
        await().atMost(WAIT).until(() -> sink.size() == 3);
        assertEquals(List.of("busy", "l", "m"), ops.invocations());
        assertEquals(0, engine.statistics().droppedOnReplace());
    }

    @Test
    void shouldRunALevelsWorkBeforeItsSharingAndItsSharingBeforeLowerWork() throws InterruptedException {
        ops.close("a");
        start(ops.graph(
                gated("a", List.of("topic:s"), "out-a", 9),
                op("b", List.of("a"), "out-b", 9),
                op("c", List.of("a"), "out-c", 1),
                op("d", List.of("topic:other"), "out-d", 1)), 1);
        engine.offer("s", "x", 0);
        ops.awaitHeld("a");
        engine.offer("other", "y", 0); // low work, queued before a's result needs sharing
        ops.open("a");
        await().atMost(WAIT).until(() -> sink.size() == 4);
        // b (W_H) before the move to c (M_H), and that move before d (W_L) although d was queued first.
        assertEquals(List.of("a", "b", "c", "d"), ops.invocations());
        assertEquals(1, engine.statistics().operators().get("c").moved());
        assertEquals(0, engine.statistics().operators().get("b").moved());
    }

    @Test
    void shouldComputeASharedOperatorOnceAndMoveItsResultToLowerLevels() {
        start(ops.graph(
                op("shared", List.of("topic:s"), null, null),
                op("h", List.of("shared"), "out-h", 9),
                op("m", List.of("shared"), "out-m", 5),
                op("l", List.of("shared"), "out-l", 1)), 4);
        assertEquals(List.of(9, 5, 1), engine.graph().levels());
        engine.offer("s", "x", 0);
        await().atMost(WAIT).until(() -> sink.size() == 3);
        assertEquals(1, ops.count("shared"));
        assertEquals(List.of("h(shared(x))"), sink.payloads("OUT-H"));
        assertEquals(List.of("m(shared(x))"), sink.payloads("OUT-M"));
        assertEquals(List.of("l(shared(x))"), sink.payloads("OUT-L"));
        final EngineStatistics stats = engine.statistics();
        assertEquals(1, stats.operators().get("shared").invocations());
        assertEquals(1, stats.operators().get("m").moved());
        assertEquals(1, stats.operators().get("l").moved());
    }

    @Test
    void shouldFeedASupplierEventToOperatorsOfEveryLevelThatReadIt() {
        start(ops.graph(
                op("h", List.of("topic:s"), "out-h", 9),
                op("l", List.of("topic:s", "topic:t"), "out-l", 1)), 2);
        assertEquals(9, engine.graph().supplierPriorities().get("S"));
        engine.offer("s", "x", 0);
        engine.offer("t", "y", 0);
        await().atMost(WAIT).until(() -> sink.size() == 2);
        assertEquals(List.of("l(x,y)"), sink.payloads("OUT-L"));
        assertEquals(1, engine.statistics().operators().get("l").moved());
    }

    @Test
    void shouldKeepEveryResultUnderLoadWithManyWorkers() {
        start(ops.graph(
                op("shared", List.of("topic:s"), null, null),
                op("h", List.of("shared"), "out-h", 9),
                op("l", List.of("shared"), "out-l", 1)), 4);
        for (int i = 0; i < 500; i++) {
            engine.offer("s", "x" + i, i);
        }
        await().atMost(WAIT).until(() -> {
            final EngineStatistics stats = engine.statistics();
            final long shared = stats.operators().get("shared").outputs();
            return shared + stats.topics().get("S").replaced() == 500
                    && sink.payloads("OUT-H").size() == shared && sink.payloads("OUT-L").size() == shared;
        });
        assertEquals(500, engine.statistics().topics().get("S").received());
    }
}
