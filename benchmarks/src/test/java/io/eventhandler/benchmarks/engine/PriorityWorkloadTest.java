package io.eventhandler.benchmarks.engine;

import io.eventhandler.core.engine.graph.OperatorGraph;
import io.eventhandler.core.engine.operator.OperatorRegistry;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The experiment's bookkeeping: graph shape, latency per priority, ideal rates and the verdict (no timing). */
class PriorityWorkloadTest {

    @Test
    void shouldBuildThreeLevelsWithTheOperatorsOfEveryCopy() {
        final PriorityWorkload w = new PriorityWorkload(3, 4, 2);
        final OperatorGraph graph = OperatorGraph.build(w.graph(), new OperatorRegistry(List.of())::factory);
        assertEquals(List.of(3, 2, 1), graph.levels());
        // high: 2 fft + concat; middle: 4 fft + concat + aes; low: 2 fft + concat
        assertEquals(3 * 3 + 4 * 6 + 2 * 3, graph.nodes().size());
        assertEquals(3 * 2 + 4 * 4 + 2 * 2, graph.supplierPriorities().size());
        assertEquals(2, graph.supplierPriorities().get("M4_D"));
        assertEquals(1, graph.supplierPriorities().get("L2_B"));
        assertEquals(Map.of(3, 600.0, 2, 400.0, 1, 100.0), EnginePriorityExperiment.idealRates(w.streams()));
    }

    @Test
    void theEkfVariantGivesEveryCopyATrackJoinedWithItsSpectra() {
        final PriorityWorkload w = new PriorityWorkload(1, 2, 1).withTracking(true);
        final OperatorGraph graph = OperatorGraph.build(w.graph(), new OperatorRegistry(List.of())::factory);
        assertEquals(1 * 4 + 2 * 7 + 1 * 4, graph.nodes().size());
        assertEquals(2, graph.supplierPriorities().get("M2_T"));
        assertEquals(List.of("M1_A", "M1_B", "M1_C", "M1_D", "M1_T"), w.streams().get(1).supplierTopics());
        assertEquals(List.of("h1_out-fft-h1_a", "h1_out-fft-h1_b", "h1_out-ekf-h1_t"), w.graph().operators().stream()
                .filter(o -> o.id().equals("h1_out")).findFirst().orElseThrow().inputs());
    }

    @Test
    void shouldRecordLatencyFromTheLatestCreationTimePerPriority() {
        final AtomicLong now = new AtomicLong(10_000);
        final LatencyBook book = new LatencyBook(new PriorityWorkload(1, 1, 1).streams(), now::get);
        book.accept("H1_OUT", "x", 9_000, Long.MAX_VALUE, false);
        book.reset(); // warm-up dropped
        book.accept("H1_OUT", "x", 9_750, Long.MAX_VALUE, false);
        book.accept("M1_OUT", "x", 8_000, Long.MAX_VALUE, false);
        book.accept("OTHER", "x", 0, Long.MAX_VALUE, false);
        final Map<Integer, Histogram> snapshot = book.snapshot();
        assertEquals(1, snapshot.get(3).getTotalCount());
        assertEquals(250, snapshot.get(3).getMaxValue());
        assertEquals(2_000, snapshot.get(2).getMaxValue());
        assertEquals(0, snapshot.get(1).getTotalCount());
        assertEquals(0, book.snapshot().get(3).getTotalCount(), "a snapshot starts a new interval");
    }

    @Test
    void shouldJudgeTheGoalOnHighPriorityP99Growth() {
        final List<PointResult> flat = List.of(point(0, true, 1000), point(0, false, 1000),
                point(9, true, 1400), point(9, false, 5000));
        assertTrue(EnginePriorityExperiment.verdict(flat).endsWith("goal HOLDS"));
        final List<PointResult> grown = List.of(point(0, true, 1000), point(0, false, 1000),
                point(9, true, 1600), point(9, false, 5000));
        assertTrue(EnginePriorityExperiment.verdict(grown).endsWith("goal NOT met"));
    }

    private static PointResult point(final int k, final boolean on, final long highMicros) {
        final Histogram h = new Histogram(LatencyBook.HIGHEST_MICROS, 3);
        h.recordValue(highMicros);
        return new PointResult(k, on, 1, 0.5, Map.of(3, h), Map.of(3, 600.0), 0, Map.of(), 0,
                new MachineMeter.MachineLoad(0.5, 0));
    }
}
