package io.eventhandler.core.delivery;

import io.eventhandler.core.Events;
import io.eventhandler.core.RecordingSink;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.BrokerSettings;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.delivery.accounting.DeliveryStatistics;
import io.eventhandler.core.delivery.edf.ReplicationPolicy;
import io.eventhandler.core.delivery.edf.SchedulingPolicy;
import io.eventhandler.core.delivery.experimental.DeliveryBaselines;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.core.qos.Destination;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.LossTolerance;
import io.eventhandler.core.qos.Micros;
import io.eventhandler.core.qos.TopicQos;
import io.eventhandler.core.subscription.EventFilter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * FRAME's delivery behind a real broker, one worker thread: the order jobs reach the subscribers in, the deadline
 * accounting, and Table 3.3's coordination between a dispatch and its replication.
 */
class EdfDeliveryTest {

    private static final long MS = 1_000;
    private static final long T0 = 1_700_000_000_000_000L;
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final AtomicLong now = new AtomicLong(T0);
    private EdfDelivery delivery;
    private Broker broker;

    private static TopicQos qos(final long periodMs, final long deadlineMs, final LossTolerance loss,
                                final int retention) {
        return new TopicQos(periodMs * MS, deadlineMs * MS, loss, retention, Destination.EDGE, 0);
    }

    private void start(final SchedulingPolicy policy, final ReplicationPolicy replication,
                       final Replicator replicator) {
        start(policy, replication, replicator, true);
    }

    private void start(final SchedulingPolicy policy, final ReplicationPolicy replication,
                       final Replicator replicator, final boolean coordination) {
        start(policy, replication, replicator, coordination, EdfDelivery.DEFAULT_MAX_MERGED);
    }

    private void start(final SchedulingPolicy policy, final ReplicationPolicy replication,
                       final Replicator replicator, final boolean coordination, final int maxMerged) {
        start(new DeliveryBaselines(policy, replication, coordination), replicator, maxMerged, 1);
    }

    private void start(final DeliveryBaselines baselines, final Replicator replicator, final int maxMerged,
                       final int workers) {
        final TopicPlans plans = new TopicPlans(LatencyBounds.PAPER_EXAMPLE,
                new TopicQos(Micros.INFINITE, 1_000 * MS, LossTolerance.BEST_EFFORT, 0, Destination.EDGE, 0),
                baselines);
        plans.configure("loose", qos(500, 500, LossTolerance.BEST_EFFORT, 0));
        plans.configure("tight", qos(50, 50, LossTolerance.of(3), 0));
        plans.configure("cat0", qos(50, 50, LossTolerance.of(0), 2));
        plans.configure("cat2", qos(100, 100, LossTolerance.of(0), 1));
        delivery = EdfDelivery.builder(plans, replicator).workers(workers).clockMicros(now::get)
                .problems(DeliveryProblemLog.manual(10_000, System::nanoTime,
                        org.slf4j.LoggerFactory.getLogger(getClass())))
                .maxMerged(maxMerged).baselines(baselines).build();
        broker = new Broker(new BrokerSettings(16, 64, 8), d -> d.payload().getBytes(StandardCharsets.UTF_8),
                delivery.drainExecutor(), delivery.scheduler(), delivery.accounting());
    }

    @AfterEach
    void close() {
        if (delivery != null) {
            delivery.close();
        }
    }

    private void subscribe(final String topic, final RecordingSink sink) {
        broker.subscribe(new SubscribeRequest(topic, topic + "-subscriber", topic + "-subscriber", EventFilter.ALL,
                sink, -1));
    }

    private void publish(final String topic, final String payload, final long createdMicros) {
        broker.accept(Events.draft(topic, payload, null, Events.PUBLISHER, createdMicros));
    }

    private static List<String> payloads(final RecordingSink sink, final int expected) {
        await().atMost(WAIT).until(() -> sink.sequences().size() == expected);
        return sink.items().stream().filter(i -> i instanceof Event).map(i -> ((Event) i).payload()).toList();
    }

    @ParameterizedTest
    @EnumSource(SchedulingPolicy.class)
    void theTighterDeadlineReachesTheWireFirstUnderEdfAndArrivalOrderUnderFcfs(final SchedulingPolicy policy) {
        start(policy, ReplicationPolicy.SELECTIVE, Replicator.NO_BACKUP);
        final RecordingSink wire = new RecordingSink(false); // both subscribers write to one wire
        subscribe("loose", wire);
        subscribe("tight", wire);
        publish("loose", "l1", T0);
        publish("loose", "l2", T0);
        publish("tight", "t1", T0); // arrives last, due first (50 ms against 500 ms)
        delivery.start();
        final List<String> order = payloads(wire, 3);
        assertEquals(policy == SchedulingPolicy.EDF ? List.of("t1", "l1", "l2") : List.of("l1", "l2", "t1"), order);
    }

    @Test
    void dispatchesOfOneTopicWaitingBackToBackReachEachSubscriberInOneWrite() {
        start(SchedulingPolicy.EDF, ReplicationPolicy.SELECTIVE, Replicator.NO_BACKUP, true, 4);
        final RecordingSink first = new RecordingSink(false);
        final RecordingSink second = new RecordingSink(false);
        subscribe("tight", first);
        broker.subscribe(new SubscribeRequest("tight", "other", "other", EventFilter.ALL, second, -1));
        for (int i = 1; i <= 6; i++) {
            publish("tight", "e" + i, T0); // all queued before the worker starts: it is six jobs behind
        }
        delivery.start();
        assertEquals(List.of("e1", "e2", "e3", "e4", "e5", "e6"), payloads(first, 6));
        payloads(second, 6);
        // at most 4 jobs share one round of writes: 4 events, then the 2 left
        assertEquals(List.of(4, 2), first.batchSizes());
        assertEquals(List.of(4, 2), second.batchSizes());
        assertEquals(4, delivery.snapshot().dispatchesMerged());
        assertEquals(6, delivery.snapshot().queue().takenDispatches());
        assertEquals(6, delivery.snapshot().workers().dispatches());
    }

    private static List<String> payloadsNow(final RecordingSink sink) {
        return sink.items().stream().filter(i -> i instanceof Event).map(i -> ((Event) i).payload()).toList();
    }

    @Test
    void withoutWorkerThreadsATestStepsDeliveryOneJobAtATimeInDeadlineOrder() {
        start(DeliveryBaselines.NONE, Replicator.NO_BACKUP, 1, 0);
        final RecordingSink wire = new RecordingSink(false);
        subscribe("loose", wire);
        subscribe("tight", wire);
        publish("loose", "l1", T0);
        publish("tight", "t1", T0); // due first
        delivery.start(); // no thread to start
        assertEquals(List.of(), payloadsNow(wire));
        assertTrue(delivery.scheduler().runOne());
        assertEquals(List.of("t1"), payloadsNow(wire), "fanned out and written on the stepping thread");
        assertTrue(delivery.scheduler().runOne());
        assertEquals(List.of("t1", "l1"), payloadsNow(wire));
        assertFalse(delivery.scheduler().runOne(), "nothing left");
        assertEquals(0, delivery.snapshot().workers().threads());
        assertEquals(2, delivery.snapshot().workers().dispatches());
        assertEquals(2, delivery.snapshot().topics().get("TIGHT").delivered()
                + delivery.snapshot().topics().get("LOOSE").delivered());
    }

    @Test
    void oneStepMergesTheDispatchesOfOneTopicAtTheHeadOfTheQueueIntoOneWrite() {
        start(DeliveryBaselines.NONE, Replicator.NO_BACKUP, EdfDelivery.DEFAULT_MAX_MERGED, 0);
        final RecordingSink sink = new RecordingSink(false);
        subscribe("tight", sink);
        for (int i = 1; i <= 5; i++) {
            publish("tight", "e" + i, T0);
        }
        assertTrue(delivery.scheduler().runOne());
        assertEquals(List.of("e1", "e2", "e3", "e4", "e5"), payloadsNow(sink));
        assertEquals(List.of(5), sink.batchSizes());
        assertFalse(delivery.scheduler().runOne(), "the merged jobs left the queue with the first");
        assertEquals(4, delivery.snapshot().dispatchesMerged());
        assertEquals(5, delivery.snapshot().workers().dispatches());
    }

    @Test
    void withoutMergingEachDispatchIsItsOwnWrite() {
        start(SchedulingPolicy.EDF, ReplicationPolicy.SELECTIVE, Replicator.NO_BACKUP, true, 1);
        final RecordingSink sink = new RecordingSink(false);
        subscribe("tight", sink);
        for (int i = 1; i <= 3; i++) {
            publish("tight", "e" + i, T0);
        }
        delivery.start();
        payloads(sink, 3);
        assertEquals(List.of(1, 1, 1), sink.batchSizes());
        assertEquals(0, delivery.snapshot().dispatchesMerged());
    }

    @Test
    void mergingNeverPassesOverAnotherTopicsEarlierDeadline() {
        start(SchedulingPolicy.EDF, ReplicationPolicy.SELECTIVE, Replicator.NO_BACKUP);
        final RecordingSink wire = new RecordingSink(false);
        subscribe("tight", wire);
        subscribe("loose", wire);
        publish("tight", "a", T0);                 // due T0 + 50 ms (less the last hop)
        publish("loose", "l", T0 - 445 * MS);      // due 5 ms after a
        now.set(T0 + 10 * MS);
        publish("tight", "b", T0 + 10 * MS);       // due 5 ms after l
        delivery.start();
        assertEquals(List.of("a", "l", "b"), payloads(wire, 3));
        assertEquals(0, delivery.snapshot().dispatchesMerged());
    }

    @Test
    void aSubscriberKeepsSequenceOrderWhenALaterEventIsDueFirst() {
        start(SchedulingPolicy.EDF, ReplicationPolicy.SELECTIVE, Replicator.NO_BACKUP);
        final RecordingSink sink = new RecordingSink(false);
        subscribe("tight", sink);
        publish("tight", "late-stamped", T0 + 40 * MS);
        publish("tight", "early-stamped", T0); // its deadline is 40 ms earlier: its job runs first
        delivery.start();
        assertEquals(List.of("late-stamped", "early-stamped"), payloads(sink, 2));
        assertEquals(List.of(1L, 2L), sink.sequences());
        assertEquals(2, delivery.snapshot().queue().takenDispatches());
    }

    @Test
    void aFilteredSubscriberIsNotCountedAsLosingWhatItDoesNotWantAndIsForgottenWhenItLeaves() {
        start(SchedulingPolicy.EDF, ReplicationPolicy.SELECTIVE, Replicator.NO_BACKUP);
        final RecordingSink evens = new RecordingSink(false);
        broker.subscribe(new SubscribeRequest("tight", "evens", "evens", e -> e.sequence() % 2 == 0, evens, -1));
        delivery.start();
        for (int i = 1; i <= 140; i++) { // past the loss tracker's reorder window, so that gaps would settle
            publish("tight", "e" + i, T0);
        }
        await().atMost(WAIT).until(() -> evens.sequences().size() == 70);
        await().atMost(WAIT).until(() -> delivery.snapshot().subscribers().containsKey("evens")
                && delivery.snapshot().subscribers().get("evens").delivered() == 70);
        assertEquals(0, delivery.snapshot().subscribers().get("evens").longestLossRun());
        broker.unsubscribe("tight", "evens");
        await().atMost(WAIT).until(() -> !delivery.snapshot().subscribers().containsKey("evens"));
        assertEquals(70, delivery.snapshot().topics().get("TIGHT").delivered(), "the topic keeps its counts");
    }

    @Test
    void deliveriesAreJudgedAgainstTheDeadlineMinusTheLastHop() {
        start(SchedulingPolicy.EDF, ReplicationPolicy.SELECTIVE, Replicator.NO_BACKUP);
        final RecordingSink sink = new RecordingSink(false);
        subscribe("tight", sink);
        delivery.start();
        now.set(T0 + 48 * MS); // D − Δ_BS = 50 − 1 = 49 ms after creation: met
        publish("tight", "in time", T0);
        payloads(sink, 1);
        now.set(T0 + 50 * MS); // within D, but no time left for the last hop: missed
        publish("tight", "late", T0);
        payloads(sink, 2);
        final DeliveryStatistics tight = delivery.snapshot().topics().get("TIGHT");
        assertEquals(2, tight.delivered());
        assertEquals(1, tight.deadlineMet());
        assertEquals(1, tight.deadlineMissed());
        assertEquals(0, tight.longestLossRun());
    }

    @Test
    void aReplicationDueAfterItsDispatchIsCancelledOnceTheEventIsDispatched() {
        // replicate everything (the FCFS baseline's rule) under EDF: category 0's dispatch (49 ms) is due before its
        // replication (49.95 ms), so the dispatch completes first and the replication must not run
        start(SchedulingPolicy.EDF, ReplicationPolicy.ALL, Replicator.NO_BACKUP);
        final RecordingSink sink = new RecordingSink(false);
        subscribe("cat0", sink);
        publish("cat0", "x", T0);
        delivery.start();
        payloads(sink, 1);
        await().atMost(WAIT).until(() -> delivery.snapshot().queue().depth() == 0);
        final DeliverySnapshot snapshot = delivery.snapshot();
        assertEquals(1, snapshot.queue().enqueuedReplications());
        assertEquals(1, snapshot.queue().cancelledReplications());
        assertEquals(0, snapshot.replicasAcknowledged());
        assertEquals(0, snapshot.discardsRequested());
    }

    @Test
    void aReplicaMadeBeforeTheDispatchCompletedIsDiscardedAtTheBackupAfterwards() {
        final List<Event> discarded = new CopyOnWriteArrayList<>();
        start(SchedulingPolicy.EDF, ReplicationPolicy.SELECTIVE, new Replicator() {
            @Override
            public void replicate(final Event event, final Runnable acknowledged, final Runnable failed) {
                acknowledged.run();
            }

            @Override
            public void discard(final Event event) {
                discarded.add(event);
            }
        });
        final RecordingSink slow = new RecordingSink(true); // holds the write until told
        subscribe("cat2", slow);
        publish("cat2", "x", T0);
        delivery.start();
        // category 2 needs replication (Proposition 1): its replication (49.95 ms) runs before its dispatch (99 ms)
        await().atMost(WAIT).until(slow::holdsBatch);
        assertEquals(1, delivery.snapshot().replicasAcknowledged());
        assertEquals(List.of(), discarded, "not dispatched until the subscriber has it");
        slow.complete();
        await().atMost(WAIT).until(() -> discarded.size() == 1);
        assertSame(slow.items().get(0), discarded.get(0));
        assertEquals(1, delivery.snapshot().discardsRequested());
        assertEquals(0, delivery.snapshot().replicationsAvoided());
    }

    @Test
    void withoutCoordinationADispatchedEventIsStillReplicatedAndNeverDiscarded() {
        // FCFS-: the same event as above (dispatch due first) is replicated anyway and its copy stays at the backup
        final List<Event> replicated = new CopyOnWriteArrayList<>();
        final List<Event> discarded = new CopyOnWriteArrayList<>();
        start(SchedulingPolicy.FCFS, ReplicationPolicy.ALL, new Replicator() {
            @Override
            public void replicate(final Event event, final Runnable acknowledged, final Runnable failed) {
                replicated.add(event);
                acknowledged.run();
            }

            @Override
            public void discard(final Event event) {
                discarded.add(event);
            }
        }, false);
        final RecordingSink sink = new RecordingSink(false);
        subscribe("cat0", sink);
        publish("cat0", "x", T0);
        delivery.start();
        payloads(sink, 1);
        await().atMost(WAIT).until(() -> replicated.size() == 1);
        await().atMost(WAIT).until(() -> delivery.snapshot().queue().depth() == 0);
        final DeliverySnapshot snapshot = delivery.snapshot();
        assertEquals(0, snapshot.queue().cancelledReplications());
        assertEquals(1, snapshot.replicasAcknowledged());
        assertEquals(0, snapshot.discardsRequested());
        assertEquals(List.of(), discarded);
    }

    @Test
    void topicsThatNeedNoReplicationCountTheReplicationsAvoided() {
        start(SchedulingPolicy.EDF, ReplicationPolicy.SELECTIVE, Replicator.NO_BACKUP);
        subscribe("cat0", new RecordingSink(false));
        publish("cat0", "a", T0);
        publish("cat0", "b", T0);
        publish("loose", "best effort: never replicated, not counted", T0);
        assertEquals(2, delivery.snapshot().replicationsAvoided());
        assertEquals(0, delivery.snapshot().queue().enqueuedReplications());
    }
}
