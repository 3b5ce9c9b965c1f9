package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.TestOperators;
import io.eventhandler.core.engine.graph.ConsistencyPolicy;
import io.eventhandler.core.engine.graph.OperatorGraph;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.eventhandler.core.engine.TestOperators.op;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An engine worker that an {@link Error} ends is counted as dead (the server's health turns red on it); an exception
 * is logged and the worker goes on.
 */
class EngineDeadWorkerTest {

    @Test
    void anErrorInADeliveryEndsTheWorkerAndCountsItDead() {
        final TestOperators ops = new TestOperators();
        final OperatorGraph graph = ops.graph(ConsistencyPolicy.MARK, Map.of(), op("x", List.of("topic:a"), "out", 1));
        final DerivedEventSink failing = (topic, payload, tb, te, marked) -> {
            if (payload.contains("error")) {
                throw new StackOverflowError("injected into an engine worker by the test");
            }
            throw new IllegalStateException("a failed delivery the worker survives");
        };
        try (Engine engine = new Engine(graph, failing, EngineSettings.defaults().withWorkers(1), () -> 0L)) {
            engine.start();
            engine.offer("a", "exception", 0);
            await().dontCatchUncaughtExceptions()
                    .until(() -> engine.statistics().operators().get("x").arrivals() == 1);
            assertEquals(0, engine.deadWorkers());
            engine.offer("a", "error", 0);
            // the worker's error is the fault under test, not a failure of the wait (Awaitility would rethrow it)
            await().dontCatchUncaughtExceptions().until(() -> engine.deadWorkers() == 1);
        }
    }
}
