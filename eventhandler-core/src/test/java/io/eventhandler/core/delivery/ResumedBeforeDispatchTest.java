package io.eventhandler.core.delivery;

import io.eventhandler.core.Events;
import io.eventhandler.core.RecordingSink;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.BrokerSettings;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.delivery.accounting.DeliveryStatistics;
import io.eventhandler.core.delivery.experimental.DeliveryBaselines;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.core.qos.Destination;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.LossTolerance;
import io.eventhandler.core.qos.Micros;
import io.eventhandler.core.qos.TopicQos;
import io.eventhandler.core.subscription.EventFilter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A subscriber that resumes ({@code Last-Event-ID}) after events were accepted but before their dispatch ran gets
 * them by that dispatch, not from the history: they still predate it, so they are counted as replayed, not held to a
 * live deadline (they were created long before). A later event is live. No worker threads: the test steps delivery.
 */
class ResumedBeforeDispatchTest {

    private static final long MS = 1_000;
    private static final long T0 = 1_700_000_000_000_000L;

    private EdfDelivery delivery;

    @AfterEach
    void close() {
        if (delivery != null) {
            delivery.close();
        }
    }

    @Test
    void eventsAcceptedBeforeAResumingSubscriberAttachedAreReplayedToItWhicheverPathBringsThem() {
        final TopicPlans plans = new TopicPlans(LatencyBounds.PAPER_EXAMPLE,
                new TopicQos(Micros.INFINITE, 1_000 * MS, LossTolerance.BEST_EFFORT, 0, Destination.EDGE, 0),
                DeliveryBaselines.NONE);
        final long[] now = {T0};
        delivery = EdfDelivery.builder(plans, Replicator.NO_BACKUP).workers(0).clockMicros(() -> now[0])
                .problems(DeliveryProblemLog.manual(10_000, System::nanoTime,
                        org.slf4j.LoggerFactory.getLogger(getClass())))
                .build();
        final Broker broker = new Broker(new BrokerSettings(16, 64, 8),
                d -> d.payload().getBytes(StandardCharsets.UTF_8), delivery.drainExecutor(), delivery.scheduler(),
                delivery.accounting());
        delivery.start();
        for (int i = 1; i <= 3; i++) { // created 5 s before they are delivered: past the 1-s deadline
            broker.accept(Events.draft("kiln", "old-" + i, null, Events.PUBLISHER, T0));
        }
        now[0] = T0 + 5_000 * MS;
        final RecordingSink sink = new RecordingSink(false);
        broker.subscribe(new SubscribeRequest("kiln", "late", "late", EventFilter.ALL, sink, 0));
        while (delivery.scheduler().runOne()) {
            // the three dispatches, queued before the subscriber attached
        }
        assertEquals(List.of(1L, 2L, 3L), sink.sequences());
        final DeliveryStatistics replayed = delivery.snapshot().topics().get("KILN");
        assertEquals(3, replayed.fromHistory(), replayed::toString);
        assertEquals(0, replayed.delivered(), replayed::toString);
        assertEquals(0, replayed.deadlineMissed(), replayed::toString);

        broker.accept(Events.draft("kiln", "live", null, Events.PUBLISHER, now[0]));
        assertTrue(delivery.scheduler().runOne());
        final DeliveryStatistics live = delivery.snapshot().topics().get("KILN");
        assertEquals(List.of(1L, 2L, 3L, 4L), sink.sequences());
        assertEquals(1, live.delivered(), live::toString);
        assertEquals(1, live.deadlineMet(), live::toString);
        assertEquals(3, live.fromHistory(), live::toString);
    }
}
