package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.eventhandler.api.EventDTO;
import io.eventhandler.api.GapNotice;
import io.eventhandler.client.ReceivedEvent;
import java.time.Instant;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class SubscriberProbeTest {

    private static final long T0 = 1_700_000_000_000_000L;
    private static final PayloadCodec CODEC = new PayloadCodec(64);

    @Test
    void shouldExcludeWarmupAndAccountForMeasuredEvents() {
        final SubscriberProbe probe = new SubscriberProbe("s", 2, 3);
        for (int n = 0; n < 3; n++) {
            probe.onEvent(event(0, n, 1000));
        }
        probe.onEvent(event(0, 3, 2000));
        probe.onEvent(event(0, 5, 4000));
        probe.onEvent(event(0, 4, 3000));
        probe.onEvent(event(0, 4, 3000));
        probe.onEvent(event(1, 3, 1000));
        probe.onGap(new GapNotice("t", 1, 1, 1, GapNotice.REASON_OVERFLOW));

        final SubscriberResult result = probe.result(List.of(published(0, 4), published(1, 2)), 7);
        assertEquals(3, result.warmupReceived());
        assertEquals(6, result.expected());
        assertEquals(5, result.received());
        assertEquals(4, result.unique());
        assertEquals(2, result.lost());
        assertEquals(1, result.duplicates());
        assertEquals(1, result.outOfOrder());
        assertEquals(1, result.gaps());
        assertEquals(7, result.clientDuplicates());
        assertEquals(4, result.endToEnd().count());
        assertEquals(4.0, result.endToEnd().maxMs(), 0.01);
        assertEquals(T0 + 4000, result.lastReceiptMicros());
        assertEquals(4, probe.measuredUnique());
    }

    @Test
    void shouldMeasureFromTheIntendedInstantToo() {
        final SubscriberProbe probe = new SubscriberProbe("s", 1, 0);
        final String payload = CODEC.encode(0, 0, T0 - 5_000);
        probe.onEvent(new ReceivedEvent(1, new EventDTO("t", null, payload, stamp(T0)), T0 + 1_000));
        final Histogram fromSchedule = probe.fromSchedule();
        assertEquals(6_000, fromSchedule.getMaxValue(), 10);
        assertEquals(1_000, probe.endToEnd().getMaxValue(), 1);
    }

    @Test
    void shouldCountForeignOrUnstampedEventsAsUnparseable() {
        final SubscriberProbe probe = new SubscriberProbe("s", 1, 0);
        probe.onEvent(new ReceivedEvent(1, new EventDTO("t", null, "hello", stamp(T0)), T0));
        probe.onEvent(new ReceivedEvent(2, new EventDTO("t", null, CODEC.encode(0, 0, T0), null), T0));
        probe.onEvent(new ReceivedEvent(3, new EventDTO("t", null, CODEC.encode(0, 0, T0), "yesterday"), T0));
        final SubscriberResult result = probe.result(List.of(published(0, 1)), 0);
        assertEquals(3, result.unparseable());
        assertEquals(1, result.lost());
    }

    @Test
    void shouldRecordReceiptsBeforeTheStampAsZeroAndCountThem() {
        final SubscriberProbe probe = new SubscriberProbe("s", 1, 0);
        probe.onEvent(new ReceivedEvent(1, new EventDTO("t", null, CODEC.encode(0, 0, T0), stamp(T0)), T0 - 50));
        final SubscriberResult result = probe.result(List.of(published(0, 1)), 0);
        assertEquals(1, result.negativeLatencies());
        assertEquals(0, result.endToEnd().maxMs());
    }

    private static ReceivedEvent event(final int publisher, final long counter, final long latencyMicros) {
        final String payload = CODEC.encode(publisher, counter, T0);
        return new ReceivedEvent(counter, new EventDTO("t", null, payload, stamp(T0)), T0 + latencyMicros);
    }

    private static String stamp(final long epochMicros) {
        return Instant.ofEpochSecond(epochMicros / 1_000_000, (epochMicros % 1_000_000) * 1_000).toString();
    }

    private static PublisherResult published(final int id, final long attempted) {
        return new PublisherResult(id, "t", attempted, attempted, new long[0], 0, T0, T0 + 1,
                LatencyHistograms.create(),
                LatencyHistograms.create(), false, null);
    }
}
