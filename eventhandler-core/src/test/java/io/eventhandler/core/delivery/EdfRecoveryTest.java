package io.eventhandler.core.delivery;

import io.eventhandler.core.Events;
import io.eventhandler.core.RecordingSink;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.BrokerSettings;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.delivery.edf.JobQueueStatistics;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.PaperTopics;
import io.eventhandler.core.replication.BackupBuffer;
import io.eventhandler.core.replication.Replica;
import io.eventhandler.core.subscription.EventFilter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static io.eventhandler.core.qos.PaperTopics.MS;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Table 3.3 Recovery, end to end: the backup buffer's copies not discarded are restored by the promoted broker and
 * dispatched earliest deadline first, by deadlines anchored to their original creation time t_c (t_c + D − Δ_BS),
 * with no replication job; the discarded ones are not dispatched again. Topics are the paper's Table 3.2 categories
 * under its worked-example latencies: "monitoring" is category 2 (t_c + 99 ms, replicated by Proposition 1),
 * "logging" category 5 (cloud: t_c + 480 ms), "probe" category 0 (t_c + 49 ms, not replicated).
 */
class EdfRecoveryTest {

    private static final long T_C = 1_700_000_000_000_000L;
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final AtomicLong now = new AtomicLong(T_C);
    private TopicPlans plans;
    private EdfDelivery delivery;
    private Broker broker;

    @BeforeEach
    void start() {
        plans = new TopicPlans(LatencyBounds.PAPER_EXAMPLE, PaperTopics.category(4));
        plans.configure("monitoring", PaperTopics.category(2));
        plans.configure("logging", PaperTopics.category(5));
        plans.configure("probe", PaperTopics.category(0));
        delivery = EdfDelivery.builder(plans, Replicator.NO_BACKUP).clockMicros(now::get).build();
        broker = new Broker(new BrokerSettings(16, 64, 8), d -> d.payload().getBytes(StandardCharsets.UTF_8),
                delivery.drainExecutor(), delivery.scheduler(), delivery.accounting());
    }

    @AfterEach
    void close() {
        delivery.close();
    }

    private static EventDraft draft(final String topic, final String payload, final long createdMicros) {
        return Events.draft(topic, payload, null, Events.PUBLISHER, createdMicros);
    }

    private void subscribe(final String topic, final RecordingSink sink) {
        broker.subscribe(new SubscribeRequest(topic, topic + "-subscriber", topic + "-subscriber", EventFilter.ALL,
                sink, -1));
    }

    private static List<String> payloads(final RecordingSink sink, final int expected) {
        await().atMost(WAIT).until(() -> sink.sequences().size() == expected);
        return sink.items().stream().filter(i -> i instanceof Event).map(i -> ((Event) i).payload()).toList();
    }

    @Test
    void theCopiesNotDiscardedAreDispatchedInTheOrderOfTheirOriginalDeadlines() {
        final BackupBuffer buffer = new BackupBuffer(10);
        buffer.hold(new Replica("LOGGING", 1, draft("logging", "log-1", T_C)));
        buffer.hold(new Replica("MONITORING", 1, draft("monitoring", "mon-1", T_C + 10 * MS)));
        buffer.hold(new Replica("MONITORING", 2, draft("monitoring", "mon-2", T_C + 20 * MS)));
        assertTrue(buffer.discard("MONITORING", 1), "the primary dispatched mon-1");

        final RecordingSink wire = new RecordingSink(false); // every subscriber writes to one wire
        subscribe("monitoring", wire);
        subscribe("logging", wire);
        subscribe("probe", wire);

        now.set(T_C + 200 * MS); // the promotion
        final List<Replica> recovered = buffer.drain();
        assertEquals(List.of("log-1", "mon-2"), recovered.stream().map(r -> r.draft().payload()).toList(),
                "drained in topic name order: logging comes first");
        recovered.forEach(r -> assertTrue(broker.restore(r.draft(), r.sequence()).isPresent()));
        // new events whose deadlines (t_c + 49 ms) bracket the recovered ones' within a millisecond
        broker.accept(draft("probe", "before mon-2", T_C + 69 * MS)); // due t_c + 118 ms
        broker.accept(draft("probe", "after mon-2", T_C + 71 * MS)); // due t_c + 120 ms
        now.set(T_C + 450 * MS);
        broker.accept(draft("probe", "before log-1", T_C + 430 * MS)); // due t_c + 479 ms
        broker.accept(draft("probe", "after log-1", T_C + 432 * MS)); // due t_c + 481 ms

        assertEquals(2, delivery.recoveredDispatches());
        final JobQueueStatistics queued = delivery.snapshot().queue();
        assertEquals(6, queued.enqueuedDispatches());
        assertEquals(0, queued.enqueuedReplications(), "the promoted broker has no backup");
        assertTrue(plans.plan("MONITORING").generator().replicates(), "though monitoring is replicated normally");

        delivery.start();
        assertEquals(List.of("before mon-2", "mon-2", "after mon-2", "before log-1", "log-1", "after log-1"),
                payloads(wire, 6), "mon-2 is due at t_c + 20 + 99 ms, log-1 at t_c + 480 ms");
        final List<Long> monitoring = wire.items().stream().filter(i -> i instanceof Event e
                && e.topic().equals("MONITORING")).map(i -> ((Event) i).sequence()).toList();
        assertEquals(List.of(2L), monitoring, "the discarded copy mon-1 is not dispatched again");
        await().atMost(WAIT).until(() -> delivery.snapshot().queue().depth() == 0);
        assertEquals(6, delivery.snapshot().queue().takenDispatches());
    }

    @Test
    void aRecoveredCopyGetsNoReplicationJobWhereANewEventWould() {
        broker.restore(draft("monitoring", "copy", T_C), 1);
        broker.restore(draft("probe", "copy", T_C), 1);
        JobQueueStatistics queued = delivery.snapshot().queue();
        assertEquals(2, queued.enqueuedDispatches());
        assertEquals(0, queued.enqueuedReplications());
        assertEquals(2, delivery.recoveredDispatches());
        assertEquals(0, delivery.snapshot().replicationsAvoided(), "no replication was ever at stake");

        broker.accept(draft("monitoring", "new", T_C));
        queued = delivery.snapshot().queue();
        assertEquals(3, queued.enqueuedDispatches());
        assertEquals(1, queued.enqueuedReplications(), "category 2 needs replication (Proposition 1)");
        assertEquals(2, delivery.recoveredDispatches(), "only restored copies are counted");
    }

    @Test
    void aRecoveredCopyPastItsDeadlineIsDispatchedFirst() {
        final RecordingSink wire = new RecordingSink(false);
        subscribe("logging", wire);
        subscribe("probe", wire);
        now.set(T_C + 600 * MS);
        broker.accept(draft("probe", "fresh", T_C + 590 * MS)); // due t_c + 639 ms
        broker.restore(draft("logging", "overdue copy", T_C), 1); // due t_c + 480 ms, already past
        delivery.start();
        assertEquals(List.of("overdue copy", "fresh"), payloads(wire, 2));
    }
}
