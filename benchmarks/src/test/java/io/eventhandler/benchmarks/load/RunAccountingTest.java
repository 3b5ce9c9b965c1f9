package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class RunAccountingTest {

    private static final long T0 = 1_700_000_000_000_000L;

    @Test
    void shouldComputeThroughputFromFirstSendToLastAcknowledgement() {
        final PublishSummary summary = RunAccounting.publish(List.of(
                publisher(0, 1000, new long[0], T0, T0 + 500_000, false),
                publisher(1, 1000, new long[] {3, 4}, T0 + 100_000, T0 + 1_000_000, false)), false);
        assertEquals(2000, summary.attempted());
        assertEquals(1998, summary.acknowledged());
        assertEquals(2, summary.failed());
        assertEquals(1.0, summary.seconds(), 1e-9);
        assertEquals(1998, summary.eventsPerSecond(), 1e-6);
        assertEquals(2, summary.latency().count());
        assertNull(summary.latencyCorrected());
        assertEquals(0, summary.abortedPublishers());
    }

    @Test
    void shouldReportTheCorrectedLatencyWhenPaced() {
        final PublishSummary summary = RunAccounting.publish(List.of(
                publisher(0, 10, new long[0], T0, T0 + 10, true)), true);
        assertEquals(1, summary.abortedPublishers());
        assertEquals(1, summary.latencyCorrected().count());
    }

    @Test
    void shouldSumSubscribersAndComputeDeliveryThroughput() {
        final List<PublisherResult> published = List.of(publisher(0, 100, new long[0], T0, T0 + 100_000, false));
        final DeliverySummary summary = RunAccounting.delivery(published, List.of(
                subscriber("a", 100, 100, 0, T0 + 200_000), subscriber("b", 100, 90, 10, T0 + 500_000)), false,
                LatencyHistograms.create(), null);
        assertEquals(200, summary.expected());
        assertEquals(190, summary.unique());
        assertEquals(10, summary.lost());
        assertEquals(0.5, summary.seconds(), 1e-9);
        assertEquals(380, summary.deliveriesPerSecond(), 1e-6);
        assertEquals(false, summary.drained());
        assertNull(summary.fromSchedule());
    }

    @Test
    void shouldReportZeroThroughputWithoutAWindow() {
        final PublishSummary summary = RunAccounting.publish(List.of(
                publisher(0, 0, new long[0], 0, 0, false)), false);
        assertEquals(0, summary.seconds());
        assertEquals(0, summary.eventsPerSecond());
    }

    private static PublisherResult publisher(final int id, final long attempted, final long[] failed,
                                             final long first, final long last, final boolean aborted) {
        final Histogram latency = LatencyHistograms.create();
        LatencyHistograms.record(latency, 100);
        return new PublisherResult(id, "t", attempted, attempted - failed.length, failed, 0, first, last, latency,
                latency, aborted, null);
    }

    private static SubscriberResult subscriber(final String name, final long expected, final long unique,
                                               final long lost, final long lastReceipt) {
        return new SubscriberResult(name, expected, unique, unique, lost, 0, 0, 0, 0, 0, 0, 0, 0, 0, T0, lastReceipt,
                LatencySummary.EMPTY);
    }
}
