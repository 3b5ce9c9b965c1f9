package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.TestOperators;
import io.eventhandler.core.engine.graph.OperatorGraph;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.eventhandler.core.engine.TestOperators.gated;
import static io.eventhandler.core.engine.TestOperators.op;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The worker reserved for the highest level: it serves that level while every general worker is inside a
 * lower-level operator (which no worker can leave early), and never takes lower-level work itself.
 */
class EngineReservedWorkerTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final TestOperators ops = new TestOperators();
    private final DerivedEvents sink = new DerivedEvents();
    private Engine engine;

    @AfterEach
    void close() {
        if (engine != null) {
            engine.close();
        }
    }

    private OperatorGraph graph() {
        return ops.graph(
                gated("slow", List.of("topic:low"), "out-slow", 1),
                op("other", List.of("topic:low2"), "out-other", 1),
                op("h", List.of("topic:high"), "out-h", 9));
    }

    @Test
    void shouldServeTheHighestLevelWhileTheOnlyGeneralWorkerIsInsideALowerOperator() throws InterruptedException {
        ops.close("slow");
        engine = new Engine(graph(), sink, EngineSettings.defaults().withWorkers(1).withReservedWorkers(1), () -> 0L);
        engine.start();
        engine.offer("low", "x", 0);
        ops.awaitHeld("slow"); // the one general worker cannot leave this operator until the gate opens
        engine.offer("low2", "y", 0);
        engine.offer("high", "h1", 0);
        await().atMost(WAIT).until(() -> sink.payloads("OUT-H").size() == 1);
        // The reserved worker took a turn after h1 with "other" queued; had it served lower levels, it would have
        // run "other" before h2.
        engine.offer("high", "h2", 0);
        await().atMost(WAIT).until(() -> sink.payloads("OUT-H").size() == 2);
        assertEquals(0, ops.count("other"));
        assertEquals(1, engine.statistics().levels().get(1).inputQueued());
        ops.open("slow");
        await().atMost(WAIT).until(() -> sink.size() == 4);
        assertEquals(List.of("slow", "h", "h", "other"), ops.invocations());
    }

    @Test
    void shouldStartReservedWorkersOnlyWithPrioritization() {
        final EngineSettings settings = EngineSettings.defaults().withWorkers(1).withReservedWorkers(2);
        final long reservedBefore = engineThreads("eh-engine-highest-");
        final long generalBefore = engineThreads("eh-engine-worker-");
        engine = new Engine(graph(), sink, settings, () -> 0L);
        engine.start();
        assertEquals(reservedBefore + 2, engineThreads("eh-engine-highest-"));
        engine.close();
        engine = new Engine(graph(), sink, settings.withPrioritized(false), () -> 0L);
        engine.start();
        assertEquals(reservedBefore, engineThreads("eh-engine-highest-"));
        assertEquals(generalBefore + 1, engineThreads("eh-engine-worker-"));
    }

    private static long engineThreads(final String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith(prefix)).count();
    }
}
