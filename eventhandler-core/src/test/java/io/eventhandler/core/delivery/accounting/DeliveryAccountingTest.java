package io.eventhandler.core.delivery.accounting;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Deadline met/missed, percentiles, drops and loss runs per topic and per subscriber. */
class DeliveryAccountingTest {

    private static final long MS = 1_000;
    private static final long T_C = 1_700_000_000_000_000L;
    private static final long D = 50 * MS;

    private final DeliveryAccounting accounting = new DeliveryAccounting();

    @Test
    void shouldJudgeEachDeliveryAgainstCreationPlusDeadline() {
        final StreamAccount a = accounting.stream("alarm", "a", true);
        final StreamAccount b = accounting.stream("alarm", "b", true);
        a.delivered(1, T_C, T_C + 10 * MS, D);
        a.delivered(2, T_C, T_C + D, D);
        a.delivered(3, T_C, T_C + D + 1, D);
        b.delivered(1, T_C, T_C + 70 * MS, D);
        b.delivered(2, T_C + 5 * MS, T_C - MS, D);

        final DeliveryStatistics topic = accounting.byTopic().get("alarm");
        assertEquals(5, topic.delivered());
        assertEquals(3, topic.deadlineMet(), "10 ms, exactly 50 ms, and a negative (skewed) latency");
        assertEquals(2, topic.deadlineMissed());
        assertEquals(0.6, topic.deadlineSuccessRate(), 1e-9);
        assertEquals(2, accounting.bySubscriber().get("a").deadlineMet());
        assertEquals(1, accounting.bySubscriber().get("b").deadlineMissed());
        assertEquals(0, accounting.bySubscriber().get("b").latency().p50Micros(),
                "of b's 70 ms and −6 ms the lower half is the negative one, recorded as 0");
    }

    @Test
    void shouldReportLatencyPercentiles() {
        final StreamAccount s = accounting.stream("t", "s", true);
        for (int i = 1; i <= 1_000; i++) {
            s.delivered(i, T_C, T_C + i * MS, D);
        }
        final LatencyPercentiles p = accounting.byTopic().get("t").latency();
        assertEquals(1_000, p.count());
        assertEquals(500 * MS, p.p50Micros(), 500 * MS * 0.01);
        assertEquals(990 * MS, p.p99Micros(), 990 * MS * 0.01);
        assertEquals(1_000 * MS, p.maxMicros(), 1_000 * MS * 0.01);
        assertTrue(p.p50Micros() <= p.p90Micros() && p.p90Micros() <= p.p99Micros()
                && p.p99Micros() <= p.p999Micros() && p.p999Micros() <= p.maxMicros());
        accounting.stream("quiet", "s", true);
        assertEquals(new LatencyPercentiles(0, 0, 0, 0, 0, 0), accounting.byTopic().get("quiet").latency());
    }

    @Test
    void shouldKeepTheLongestLossRunOfAnySubscribersStream() {
        final StreamAccount a = accounting.stream("alarm", "a", true);
        final StreamAccount b = accounting.stream("alarm", "b", true);
        final StreamAccount bOther = accounting.stream("log", "b", true);
        a.delivered(1, T_C, T_C, D);
        a.dropped(2);
        a.dropped(3);
        a.delivered(4, T_C, T_C, D);
        b.delivered(1, T_C, T_C, D);
        for (int s = 2; s <= 5; s++) {
            b.dropped(s);
        }
        b.delivered(6, T_C, T_C, D);
        bOther.dropped(1);

        assertEquals(4, accounting.byTopic().get("alarm").longestLossRun());
        assertEquals(6, accounting.byTopic().get("alarm").dropped());
        assertEquals(1, accounting.byTopic().get("log").longestLossRun());
        assertEquals(2, accounting.bySubscriber().get("a").longestLossRun());
        assertEquals(4, accounting.bySubscriber().get("b").longestLossRun());
        assertEquals(5, accounting.bySubscriber().get("b").dropped());
    }

    @Test
    void shouldCountGapsOnlyAfterTheyAreSettled() {
        final StreamAccount s = accounting.stream("alarm", "s", true);
        s.delivered(1, T_C, T_C, D);
        s.delivered(5, T_C, T_C, D);
        assertEquals(0, accounting.byTopic().get("alarm").longestLossRun());
        s.flush();
        assertEquals(3, accounting.byTopic().get("alarm").longestLossRun());
    }

    @Test
    void shouldCountEveryReportFromConcurrentWorkers() throws Exception {
        final int threads = 4;
        final int perThread = 25_000;
        final List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < threads; w++) {
            final StreamAccount s = accounting.stream("t", "s" + w, true);
            workers.add(new Thread(() -> {
                for (int i = 1; i <= perThread; i++) {
                    if (i % 10 == 0) {
                        s.dropped(i);
                    } else {
                        s.delivered(i, T_C, T_C + (i % 100) * MS, D);
                    }
                }
            }));
        }
        workers.forEach(Thread::start);
        for (final Thread t : workers) {
            t.join(TimeUnit.SECONDS.toMillis(30));
        }
        final DeliveryStatistics topic = accounting.byTopic().get("t");
        assertEquals(threads * perThread * 9 / 10, topic.delivered());
        assertEquals(threads * perThread / 10, topic.dropped());
        assertEquals(topic.delivered(), topic.latency().count());
        assertEquals(1, topic.longestLossRun());
        long metPerThread = 0;
        for (int i = 1; i <= perThread; i++) {
            metPerThread += i % 10 != 0 && (i % 100) * MS <= D ? 1 : 0;
        }
        assertEquals(threads * metPerThread, topic.deadlineMet());
        assertEquals(topic.delivered() - topic.deadlineMet(), topic.deadlineMissed());
    }
}
