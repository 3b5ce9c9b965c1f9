package io.eventhandler.benchmarks.flink;

import io.eventhandler.benchmarks.engine.PriorityWorkload;
import io.eventhandler.core.engine.graph.ConsistencyPolicy;
import io.eventhandler.core.engine.graph.GraphSpec;
import io.eventhandler.core.engine.graph.OperatorSpec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine graph read as the Flink job's three stages, and the shapes it refuses to translate. */
class FlinkPlanTest {

    @Test
    void everySupplierTopicFeedsItsJoinAtItsInputPosition() {
        final FlinkPlan plan = FlinkPlan.of(new PriorityWorkload(1, 1, 1).withTracking(true).graph());
        assertEquals(new FlinkPlan.TopicStep(new FlinkPlan.Step("m1_out-fft-m1_c", "fft", Map.of()),
                "m1_out-concat", 2), plan.topic("M1_C"));
        assertEquals("ekf", plan.topic("M1_T").step().type());
        assertEquals(4, plan.topic("M1_T").input());
        final FlinkPlan.JoinStep middle = plan.join("m1_out-concat");
        assertEquals(5, middle.inputs());
        assertEquals(List.of("aes-gcm"), middle.after().stream().map(FlinkPlan.Step::type).toList());
        assertEquals("M1_OUT", middle.outputTopic());
        assertTrue(plan.join("h1_out").after().isEmpty());
        assertEquals(Map.of("H1_OUT", 3, "M1_OUT", 2, "L1_OUT", 1), plan.outputPriorities());
        assertNull(plan.topic("NOT_READ"));
    }

    @Test
    void sharingAndUnaryGraphsAreRefusedRatherThanMistranslated() {
        final OperatorSpec fft = new OperatorSpec("f", "fft", List.of("topic:A"), Map.of(), null, null, null);
        final OperatorSpec shared = new OperatorSpec("j1", "concat", List.of("f", "g"), Map.of(), "X", 1, null);
        final OperatorSpec again = new OperatorSpec("j2", "concat", List.of("f", "g"), Map.of(), "Y", 1, null);
        final OperatorSpec g = new OperatorSpec("g", "fft", List.of("topic:B"), Map.of(), null, null, null);
        assertThrows(IllegalArgumentException.class, () -> FlinkPlan.of(new GraphSpec(List.of(fft, g, shared, again),
                Map.of(), ConsistencyPolicy.SHED)));
        final OperatorSpec alone = new OperatorSpec("t", "fft", List.of("topic:A"), Map.of(), "T", 1, null);
        assertThrows(IllegalArgumentException.class, () -> FlinkPlan.of(new GraphSpec(List.of(alone), Map.of(),
                ConsistencyPolicy.SHED)));
    }
}
