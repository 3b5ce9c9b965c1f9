package io.eventhandler.core.delivery;

import io.eventhandler.core.Events;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.BrokerSettings;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.OutboxItem;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.DeliveryCallback;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.core.outbox.EventSink;
import io.eventhandler.core.qos.Destination;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.LossTolerance;
import io.eventhandler.core.qos.Micros;
import io.eventhandler.core.qos.TopicQos;
import io.eventhandler.core.subscription.EventFilter;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A thread that holds its dispatches ({@link EdfScheduler#hold}) runs them itself after its answer, and only when
 * that keeps every promise: nothing queued ahead, no replication, few subscribers, none of whose writes can block;
 * far behind, it runs the job due first instead. No delivery worker runs here: whatever is not held or helped with
 * stays queued, where the test sees it.
 */
class HeldDispatchTest {

    private static final long MS = 1_000;
    private static final int MAX_INLINE = 2;

    private final EdfDelivery delivery;
    private final Broker broker;

    HeldDispatchTest() {
        final TopicPlans plans = new TopicPlans(LatencyBounds.PAPER_EXAMPLE,
                new TopicQos(Micros.INFINITE, 1_000 * MS, LossTolerance.BEST_EFFORT, 0, Destination.EDGE, 0));
        plans.configure("replicated", new TopicQos(100 * MS, 100 * MS, LossTolerance.of(0), 1, Destination.EDGE, 0));
        delivery = EdfDelivery.builder(plans, Replicator.NO_BACKUP).workers(0).maxInlineSubscribers(MAX_INLINE)
                .problems(DeliveryProblemLog.manual(10_000, System::nanoTime,
                        org.slf4j.LoggerFactory.getLogger(getClass())))
                .build();
        broker = new Broker(new BrokerSettings(16, 64, 8), d -> d.payload().getBytes(StandardCharsets.UTF_8),
                delivery.drainExecutor(), delivery.scheduler(), delivery.accounting());
    }

    /** Records the events and the threads that wrote them; completes each batch at once. */
    private static final class Sink implements EventSink {
        final boolean nonBlocking;
        final List<Long> sequences = new CopyOnWriteArrayList<>();
        final List<Thread> writers = new CopyOnWriteArrayList<>();

        Sink(final boolean nonBlocking) {
            this.nonBlocking = nonBlocking;
        }

        @Override
        public void deliver(final List<OutboxItem> batch, final DeliveryCallback callback) {
            int events = 0;
            for (final OutboxItem item : batch) {
                if (item instanceof Event event) {
                    sequences.add(event.sequence());
                    writers.add(Thread.currentThread());
                    events++;
                }
            }
            callback.completed(events, 0);
        }

        @Override
        public boolean writesWithoutBlocking() {
            return nonBlocking;
        }

        @Override
        public void close(final CloseReason reason) {
        }
    }

    private Sink subscribe(final String topic, final String name, final boolean nonBlocking) {
        final Sink sink = new Sink(nonBlocking);
        broker.subscribe(new SubscribeRequest(topic, name, name, EventFilter.ALL, sink, -1));
        sink.sequences.clear(); // the attach wakes the outbox with nothing to send
        return sink;
    }

    private void publishHeld(final String topic) {
        delivery.scheduler().hold();
        try {
            broker.accept(Events.draft(topic, "x"));
        } finally {
            delivery.scheduler().runHeld();
        }
    }

    private long queued() {
        return delivery.snapshot(false).queue().depth();
    }

    @Test
    void aHeldDispatchReachesItsSubscribersOnTheAcceptingThreadAfterTheHoldEnds() {
        final Sink first = subscribe("t", "a", true);
        final Sink second = subscribe("t", "b", true);
        delivery.scheduler().hold();
        broker.accept(Events.draft("t", "x"));
        assertEquals(0, queued(), "held, not queued");
        assertEquals(List.of(), first.sequences, "nothing written before the hold ends (the answer goes first)");
        delivery.scheduler().runHeld();
        assertEquals(List.of(1L), first.sequences);
        assertEquals(List.of(1L), second.sequences);
        assertEquals(List.of(Thread.currentThread()), first.writers);
        assertEquals(1, delivery.snapshot(false).dispatchesInline());
        assertEquals(0, queued());
    }

    @Test
    void withoutAHoldEveryDispatchIsQueued() {
        final Sink sink = subscribe("t", "a", true);
        broker.accept(Events.draft("t", "x"));
        assertEquals(1, queued());
        assertEquals(List.of(), sink.sequences);
        delivery.scheduler().runHeld(); // no hold: nothing to run
        assertEquals(List.of(), sink.sequences);
    }

    @Test
    void aSubscriberWhoseWritesMayBlockHasTheDispatchQueued() {
        subscribe("t", "a", true);
        final Sink webhook = subscribe("t", "b", false);
        publishHeld("t");
        assertEquals(1, queued());
        assertEquals(List.of(), webhook.sequences);
        assertTrue(delivery.scheduler().runOne());
        assertEquals(List.of(1L), webhook.sequences);
        assertEquals(0, delivery.snapshot(false).dispatchesInline());
    }

    @Test
    void moreSubscribersThanTheInlineLimitHaveTheDispatchQueued() {
        for (int i = 0; i <= MAX_INLINE; i++) {
            subscribe("t", "s" + i, true);
        }
        publishHeld("t");
        assertEquals(1, queued());
    }

    private void publishHeldAlone(final String topic) {
        delivery.scheduler().hold(true);
        try {
            broker.accept(Events.draft(topic, "x"));
        } finally {
            delivery.scheduler().runHeld();
        }
    }

    @Test
    void aThreadWithNothingElseToServeHoldsUpTo64SubscribersWhileEveryWorkerIsAsleep() {
        final List<Sink> sinks = new java.util.ArrayList<>();
        for (int i = 0; i < 64; i++) {
            sinks.add(subscribe("t", "s" + i, true));
        }
        publishHeldAlone("t");
        assertEquals(0, queued(), "held: queued, it would wake a worker");
        for (final Sink sink : sinks) {
            assertEquals(List.of(1L), sink.sequences);
            assertEquals(List.of(Thread.currentThread()), sink.writers);
        }
        subscribe("t", "s64", true);
        publishHeldAlone("t");
        assertEquals(1, queued(), "65 subscribers: queued");
    }

    @Test
    void whileAWorkerIsAwakeADispatchBeyondTheInlineLimitIsQueuedForItToMerge() {
        for (int i = 0; i <= MAX_INLINE; i++) {
            subscribe("t", "s" + i, true);
        }
        delivery.scheduler().workerStarted();
        try {
            publishHeldAlone("t");
            assertEquals(1, queued());
        } finally {
            delivery.scheduler().workerEnded();
        }
        publishHeldAlone("t");
        assertEquals(2, queued(), "a job waits now: the next one is queued behind it, alone or not");
    }

    @Test
    void aJobWaitingAheadIsLeftToTheWorkers() {
        final Sink first = subscribe("first", "a", true);
        final Sink second = subscribe("second", "b", true);
        broker.accept(Events.draft("first", "x")); // queued: no hold
        publishHeld("second");
        assertEquals(2, queued(), "not held while a job waits ahead of it, and not helped with: one is no backlog");
        assertEquals(List.of(), first.sequences);
        assertEquals(List.of(), second.sequences);
        assertEquals(0, delivery.snapshot(false).dispatchesInline());
    }

    @Test
    void farBehindTheHoldingThreadRunsTheJobDueFirstWithoutPassingIt() {
        final Sink first = subscribe("first", "a", true);
        final Sink second = subscribe("second", "b", true);
        for (int i = 0; i <= EdfScheduler.HELP_DEPTH; i++) {
            broker.accept(Events.draft("first", "x")); // queued: no hold
        }
        delivery.scheduler().hold();
        broker.accept(Events.draft("second", "y"));
        delivery.scheduler().runHeld();
        // the job due first, merged with the next ones of its topic (32 at most), run by the holding thread
        assertEquals(LongStream.rangeClosed(1, EdfDelivery.DEFAULT_MAX_MERGED).boxed().toList(), first.sequences);
        assertTrue(first.writers.stream().allMatch(t -> t == Thread.currentThread()));
        assertEquals(List.of(), second.sequences, "its own job waits behind the rest, for a worker");
        assertEquals(2, queued());
        assertEquals(1, delivery.snapshot(false).dispatchesInline());
    }

    @Test
    void farBehindTheHoldingThreadLeavesAJobWhoseWritesMayBlockToTheWorkers() {
        final Sink webhook = subscribe("first", "a", false);
        subscribe("second", "b", true);
        for (int i = 0; i <= EdfScheduler.HELP_DEPTH; i++) {
            broker.accept(Events.draft("first", "x"));
        }
        publishHeld("second");
        assertEquals(EdfScheduler.HELP_DEPTH + 2, queued());
        assertEquals(List.of(), webhook.sequences);
        assertEquals(0, delivery.snapshot(false).dispatchesInline());
    }

    @Test
    void anEventThatNeedsAReplicationJobIsQueued() {
        subscribe("replicated", "a", true);
        publishHeld("replicated");
        assertTrue(queued() >= 1, "its dispatch (and replication) queued");
        assertEquals(0, delivery.snapshot(false).dispatchesInline());
    }

    @Test
    void aTopicWithoutSubscribersWakesNoWorker() {
        publishHeld("nobody");
        assertEquals(0, queued());
        assertEquals(1, delivery.snapshot(false).dispatchesInline());
    }
}
