package io.eventhandler.benchmarks.frame;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.api.qos.TopicQosDTO;
import io.eventhandler.api.qos.TopicQosFileDTO;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The experiment's pure parts: the mix, its proxies, its QoS file, the schedule and the success rates (no I/O). */
class TopicMixTest {

    @Test
    void shouldSendBatchesByDefaultAndOneRequestPerEventWithNoBatch() {
        assertTrue(TopicMixOptions.parse(new String[0]).batch());
        final TopicMixOptions single = TopicMixOptions.parse(new String[] {"--no-batch", "--runs", "2"});
        assertFalse(single.batch());
        assertEquals(2, single.runs(), "a flag takes no value: the next option is read as usual");
        assertTrue(TopicMixOptions.parse(new String[] {"--runs", "1", "--no-batch", "--batch"}).batch());
        assertFalse(single.withMeasureAtLeast(30_000_000).batch());
        assertTrue(TopicMixOptions.USAGE.contains("--no-batch"));
    }

    @Test
    void shouldKeepThePapersFixedCategoriesAndSplitTheRestEvenly() {
        assertEquals(Map.of(TopicCategory.C0, 10, TopicCategory.C1, 10, TopicCategory.C2, 500, TopicCategory.C3, 500,
                TopicCategory.C4, 500, TopicCategory.C5, 5), TopicMix.split(1525));
        // 152 variable topics: the remainder goes to category 2, then 3
        assertEquals(List.of(10, 10, 51, 51, 50, 5), List.copyOf(TopicMix.split(177).values()));
        assertThrows(IllegalArgumentException.class, () -> TopicMix.split(27));
    }

    @Test
    void shouldGroupTopicsIntoProxiesOfThePapersSizes() {
        final TopicMix mix = TopicMix.of(1525);
        assertEquals(1525, mix.topics().size());
        // 1 + 1 proxies of 10, 3 × 10 of 50, 5 of 1: the paper's 30 category 2–4 publishers at 1525 topics
        assertEquals(2 + 30 + 5, mix.proxies().size());
        assertEquals(200 + 200 + 1500 * 10 + 5 * 2, mix.eventsPerSecond(), 1e-9);
        final TopicMix small = TopicMix.of(150);
        for (final TopicMix.Proxy proxy : small.proxies()) {
            assertTrue(proxy.topics().size() <= proxy.category().topicsPerProxy());
            assertTrue(proxy.topics().stream().allMatch(t -> t.category() == proxy.category()));
        }
        assertEquals(150, small.proxies().stream().mapToInt(p -> p.topics().size()).sum());
        for (int i = 0; i < small.topics().size(); i++) {
            assertEquals(i, small.topics().get(i).index());
        }
        assertEquals("FRAME_C2_00000", small.topics().get(20).name());
    }

    @Test
    void shouldWriteTable32AndAddOneRetentionForCategories2And5UnderFramePlus() throws Exception {
        final TopicMix mix = TopicMix.of(100);
        final TopicQosFileDTO frame = QosTopicsFile.of(mix, FrameSetting.FRAME);
        final TopicQosFileDTO plus = QosTopicsFile.of(mix, FrameSetting.FRAME_PLUS);
        assertEquals(new TopicQosDTO(50.0, 50.0, 0, 2, "EDGE", null), frame.topics().get("FRAME_C0_00000"));
        assertEquals(1, frame.topics().get("FRAME_C2_00000").retention());
        assertEquals(2, plus.topics().get("FRAME_C2_00000").retention());
        assertEquals(2, plus.topics().get("FRAME_C5_00004").retention());
        assertEquals(0, plus.topics().get("FRAME_C3_00000").retention());
        assertNull(frame.topics().get("FRAME_C4_00000").lossTolerance(), "best effort is left out");
        assertEquals("CLOUD", frame.topics().get("FRAME_C5_00000").destination());
        assertEquals(QosTopicsFile.of(mix, FrameSetting.FRAME), QosTopicsFile.of(mix, FrameSetting.FCFS));
        final ObjectMapper mapper = JsonMapper.create();
        assertFalse(mapper.writeValueAsString(frame).contains("\"lossTolerance\":null"));
    }

    @Test
    void shouldCountTheSameMeasuredBatchesOnBothSides() {
        final MeasurementWindow window = new MeasurementWindow(1_000_000, 5_000_000, 10_000_000);
        final long t = TopicCategory.C0.periodMicros();
        assertEquals(100, window.firstMeasured(t));
        assertEquals(299, window.lastMeasured(t));
        assertEquals(200, window.measuredBatches(t));
        assertEquals(319, window.lastBatch(t), "the tail keeps publishing for a second");
        assertFalse(window.measured(99, t));
        assertTrue(window.measured(100, t));
        assertTrue(window.measured(299, t));
        assertFalse(window.measured(300, t));
        // a window not on a period boundary: batches 11..30 of a 500 ms period start in [5.3 s, 15.3 s)
        final MeasurementWindow odd = new MeasurementWindow(0, 5_300_000, 10_000_000);
        assertEquals(20, odd.measuredBatches(TopicCategory.C5.periodMicros()));
        assertEquals("0000000000000042", ProxyPublisher.payload(42));
        // spread offsets stay within the period and do not pile up
        final long[] offsets = java.util.stream.IntStream.range(0, 10)
                .mapToLong(id -> ProxyPublisher.offset(id, 100_000)).sorted().toArray();
        assertEquals(0, offsets[0]);
        assertTrue(offsets[9] < 100_000);
        for (int i = 1; i < offsets.length; i++) {
            assertTrue(offsets[i] - offsets[i - 1] >= 3_000, "gap " + (offsets[i] - offsets[i - 1]));
        }
        assertEquals(16, ProxyPublisher.payload(123_456_789).length());
    }

    @Test
    void shouldCountLossesAsFailuresAndJudgeLossRunsAgainstL() {
        assertEquals(99.9, SuccessRate.latency(999, 1000), 1e-9);
        assertEquals(100.0, SuccessRate.latency(0, 0), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> SuccessRate.latency(11, 10));
        assertEquals(50.0, SuccessRate.lossTolerance(new long[] {0, 4}, 3), 1e-9);
        assertEquals(0.0, SuccessRate.lossTolerance(new long[] {1}, 0), 1e-9);
        assertEquals(100.0, SuccessRate.lossTolerance(new long[] {1000}, -1), 1e-9, "best effort");
        assertEquals(2.0, SuccessRate.median(List.of(3.0, 1.0, 2.0)), 1e-9);
        assertEquals(2.5, SuccessRate.median(List.of(4.0, 1.0, 2.0, 3.0)), 1e-9);
        assertEquals(FrameSetting.FRAME_PLUS, FrameSetting.parse("frame+"));
        assertEquals(FrameSetting.FCFS, FrameSetting.parse("FCFS"));
    }

    @Test
    void shouldSumTheBrokersCountersPerCategory() throws Exception {
        final TopicMix mix = TopicMix.of(30);
        final String json = """
                {"queue":{"enqueuedDispatches":10,"enqueuedReplications":4,"takenReplications":3,
                 "cancelledReplications":1},"workers":{"replicationsAborted":0},"replicationsAvoided":6,
                 "topics":{"FRAME_C0_00000":{"delivered":5,"deadlineMet":4,"deadlineMissed":1,"dropped":0,
                 "longestLossRun":0},"FRAME_C0_00001":{"delivered":5,"deadlineMet":5,"deadlineMissed":0,"dropped":2,
                 "longestLossRun":2},"OTHER":{"delivered":99}}}""";
        final BrokerCounters counters = BrokerCounters.parse(JsonMapper.create().readTree(json), mix);
        assertEquals(new BrokerCounters.Delivery(10, 9, 1, 2, 2), counters.categories().get(TopicCategory.C0));
        assertEquals(0, counters.categories().get(TopicCategory.C1).delivered());
        final BrokerCounters diff = counters.minus(BrokerCounters.parse(JsonMapper.create().readTree("{}"), mix));
        assertEquals(4, diff.enqueuedReplications());
        assertEquals(6, diff.replicationsAvoided());
    }
}
