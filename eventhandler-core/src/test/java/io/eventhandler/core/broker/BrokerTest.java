package io.eventhandler.core.broker;

import io.eventhandler.core.Events;
import io.eventhandler.core.RecordingSink;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.event.OutboxItem;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.DeliveryCallback;
import io.eventhandler.core.outbox.EventSink;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.core.qos.SubscriberRequirements;
import io.eventhandler.core.subscription.EventFilter;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BrokerTest {

    /** Runs drains on the calling thread, so every effect is visible when a call returns. */
    private static final Executor INLINE = Runnable::run;

    private final Broker broker = new Broker(new BrokerSettings(4, 8, 3),
            draft -> draft.payload().getBytes(StandardCharsets.UTF_8), INLINE);

    private SubscriberOutbox subscribe(final String eventType, final Object key, final RecordingSink sink,
                                       final long resumeAfter) {
        return broker.subscribe(new SubscribeRequest(eventType, key, "test " + key, EventFilter.ALL, sink,
                resumeAfter));
    }

    private void publish(final String eventType, final int count) {
        for (int i = 0; i < count; i++) {
            broker.accept(Events.draft(eventType, "p" + i));
        }
    }

    private static void completeAll(final RecordingSink sink) {
        while (sink.holdsBatch()) {
            sink.complete();
        }
    }

    @Test
    void shouldAnnounceOnlyChangesOfATopicsStrictestRequirements() {
        final List<String> announced = new java.util.ArrayList<>();
        broker.watchRequirements(announced::add);
        final RecordingSink sink = new RecordingSink(false);
        broker.subscribe(new SubscribeRequest("d", "a", "a", EventFilter.ALL, sink, -1,
                new SubscriberRequirements(5)));
        final SubscriberOutbox b = broker.subscribe(new SubscribeRequest("D", "b", "b", EventFilter.ALL, sink, -1,
                new SubscriberRequirements(9)));
        subscribe("d", "c", sink, -1); // asks for nothing: no change
        assertEquals(new SubscriberRequirements(9), broker.requirements("d"));
        broker.detach(b, CloseReason.WRITE_FAILED);
        assertEquals(new SubscriberRequirements(5), broker.requirements("d"));
        broker.unsubscribe("d", "c");
        broker.unsubscribe("d", "a");
        assertEquals(SubscriberRequirements.NONE, broker.requirements("d"));
        assertEquals(List.of("D", "D", "D", "D"), announced);
    }

    /**
     * A sink that only hands its batches over (the Kafka export) is drained where its events come from: the queuing
     * thread, and the thread that completes its batch; the delivery executor is never asked to wake for it.
     */
    @Test
    void aSinkThatHandsBatchesOverIsDrainedWhereItsEventsComeFromNotOnTheDeliveryThreads() throws Exception {
        final AtomicInteger executed = new AtomicInteger();
        final Broker counting = new Broker(new BrokerSettings(4, 8, 3),
                draft -> draft.payload().getBytes(StandardCharsets.UTF_8), task -> {
                    executed.incrementAndGet();
                    task.run();
                });
        final List<String> threads = new CopyOnWriteArrayList<>();
        final List<DeliveryCallback> pending = new CopyOnWriteArrayList<>();
        counting.subscribe(new SubscribeRequest("h", "export", "hand-over", EventFilter.ALL, new EventSink() {
            @Override
            public void deliver(final List<OutboxItem> batch, final DeliveryCallback callback) {
                threads.add(Thread.currentThread().getName() + ":" + batch.size());
                pending.add(callback);
            }

            @Override
            public void close(final CloseReason reason) {
            }

            @Override
            public boolean handsOver() {
                return true;
            }
        }, -1));
        counting.accept(Events.draft("h", "1"));
        counting.accept(Events.draft("h", "2"));
        counting.accept(Events.draft("h", "3"));
        final Thread completer = new Thread(() -> pending.get(0).completed(1, 0), "completer");
        completer.start();
        completer.join();
        assertEquals(List.of(Thread.currentThread().getName() + ":1", "completer:2"), threads,
                "the first event on the publishing thread, the two queued meanwhile on the completing one");
        assertEquals(0, executed.get());
    }

    @Test
    void shouldNumberEventsPerTopicFromOne() {
        final Event a1 = broker.accept(Events.draft("a", "x"));
        final Event b1 = broker.accept(Events.draft("b", "x"));
        final Event a2 = broker.accept(Events.draft("A", "y"));
        assertEquals(1, a1.sequence());
        assertEquals(1, b1.sequence());
        assertEquals(2, a2.sequence());
        assertEquals("A", a2.topic());
        assertEquals("A", a2.eventType(), "the event type is kept as published");
        assertEquals("y", new String(a2.encoded(), StandardCharsets.UTF_8), "encoded once by the encoder");
    }

    @Test
    void shouldDeliverLiveEventsInOrderToEverySubscriberOfTheTopicCaseInsensitively() {
        final RecordingSink first = new RecordingSink(false);
        final RecordingSink second = new RecordingSink(false);
        final RecordingSink other = new RecordingSink(false);
        subscribe("temp", "s1", first, -1);
        subscribe("TEMP", "s2", second, -1);
        subscribe("pressure", "s3", other, -1);
        publish("Temp", 5);
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), first.sequences());
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), second.sequences());
        assertTrue(other.sequences().isEmpty());
    }

    @Test
    void shouldGiveLiveEventsOnlyWhenNoResumePointIsGiven() {
        publish("t", 3);
        final RecordingSink sink = new RecordingSink(false);
        subscribe("t", "s", sink, -1);
        publish("t", 1);
        assertEquals(List.of(4L), sink.sequences());
    }

    @Test
    void shouldReplayHistoryAfterTheResumePoint() {
        publish("t", 3);
        final RecordingSink sink = new RecordingSink(false);
        subscribe("t", "s", sink, 1);
        publish("t", 1);
        assertEquals(List.of(2L, 3L, 4L), sink.sequences());
        assertTrue(sink.gaps().isEmpty());
    }

    @Test
    void shouldAnnounceAGapWhenHistoryNoLongerHoldsTheResumePoint() {
        publish("t", 10);
        final RecordingSink sink = new RecordingSink(false);
        subscribe("t", "s", sink, 2);
        assertEquals(new Gap("T", 3, 6, Gap.Reason.HISTORY), sink.items().get(0));
        assertEquals(4, sink.gaps().get(0).missed());
        assertEquals(List.of(7L, 8L, 9L, 10L), sink.sequences());
    }

    @Test
    void shouldAnnounceAResetWhenTheResumePointIsAheadOfTheTopic() {
        publish("t", 2);
        final RecordingSink sink = new RecordingSink(false);
        subscribe("t", "s", sink, 40);
        assertEquals(new Gap("T", 1, 40, Gap.Reason.RESET), sink.items().get(0));
        assertEquals(0, sink.gaps().get(0).missed());
        assertEquals(List.of(1L, 2L), sink.sequences());
    }

    @Test
    void shouldReplaceTheSubscriptionWithTheSameKeyAndCloseTheOldOne() {
        final RecordingSink old = new RecordingSink(false);
        final RecordingSink replacement = new RecordingSink(false);
        subscribe("t", "same", old, -1);
        publish("t", 1);
        subscribe("t", "same", replacement, -1);
        publish("t", 1);
        assertEquals(List.of(1L), old.sequences());
        assertEquals(CloseReason.REPLACED, old.closed());
        assertEquals(List.of(2L), replacement.sequences());
        assertEquals(1, broker.topic("t", false).orElseThrow().subscribers());
    }

    @Test
    void shouldStopDeliveringAfterUnsubscribe() {
        final RecordingSink sink = new RecordingSink(false);
        subscribe("t", "k", sink, -1);
        publish("t", 1);
        assertTrue(broker.unsubscribe("T", "k"));
        assertFalse(broker.unsubscribe("T", "k"));
        assertFalse(broker.unsubscribe("unknown", "k"));
        publish("t", 1);
        assertEquals(List.of(1L), sink.sequences());
        assertEquals(CloseReason.UNSUBSCRIBED, sink.closed());
    }

    @Test
    void shouldDropWhatDoesNotFitASlowSubscribersQueueAndTellItWithAGap() {
        final RecordingSink slow = new RecordingSink(true);
        final RecordingSink fast = new RecordingSink(false);
        final SubscriberOutbox slowOutbox = subscribe("t", "slow", slow, -1);
        subscribe("t", "fast", fast, -1);
        publish("t", 20);

        assertEquals(LongStream.rangeClosed(1, 20).boxed().toList(), fast.sequences(), "the fast one gets all");
        // The slow one holds event 1 in flight; 8 more fit its queue; the other 11 are dropped.
        assertEquals(11, slowOutbox.dropped());
        assertEquals(11, broker.topic("t", false).orElseThrow().deliveriesDropped());
        completeAll(slow);
        publish("t", 1);
        completeAll(slow);
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 21L), slow.sequences());
        assertEquals(List.of(new Gap("T", 10, 20, Gap.Reason.OVERFLOW)), slow.gaps());
        final int gapIndex = slow.items().indexOf(slow.gaps().get(0));
        assertEquals(21L, ((Event) slow.items().get(gapIndex + 1)).sequence(), "the gap comes right before 21");
        assertEquals(10, slowOutbox.delivered());
    }

    @Test
    void shouldAnnounceDropsOnceTheSlowSubscriberCaughtUpEvenWithoutAnotherEvent() {
        final RecordingSink slow = new RecordingSink(true);
        final SubscriberOutbox outbox = subscribe("t", "slow", slow, -1);
        publish("t", 20);
        assertEquals(11, outbox.dropped());
        completeAll(slow);
        assertEquals(LongStream.rangeClosed(1, 9).boxed().toList(), slow.sequences());
        assertEquals(List.of(new Gap("T", 10, 20, Gap.Reason.OVERFLOW)), slow.gaps(),
                "the drops are announced when the queue runs empty, not only before a next event");
        publish("t", 1);
        completeAll(slow);
        assertEquals(1, slow.gaps().size(), "announced once");
        assertEquals(21L, slow.sequences().get(slow.sequences().size() - 1));
    }

    @Test
    void shouldHandAtMostMaxBatchItemsToTheSinkAtOnce() {
        final RecordingSink sink = new RecordingSink(true);
        subscribe("t", "s", sink, -1);
        publish("t", 7);
        completeAll(sink);
        assertEquals(List.of(1, 3, 3), sink.batchSizes());
        assertEquals(7, sink.sequences().size());
    }

    @Test
    void shouldWakeAnIdleSinkWithAnEmptyBatch() {
        final RecordingSink sink = new RecordingSink(false);
        final SubscriberOutbox outbox = subscribe("t", "s", sink, -1);
        outbox.wake();
        outbox.wake();
        assertEquals(2, sink.emptyBatches());
    }

    @Test
    void shouldCloseEverySubscriberOnClose() {
        final RecordingSink sink = new RecordingSink(false);
        subscribe("t", "s", sink, -1);
        broker.close();
        assertEquals(CloseReason.SHUTDOWN, sink.closed());
        assertTrue(broker.topic("nothing", false).isEmpty());
    }
}
