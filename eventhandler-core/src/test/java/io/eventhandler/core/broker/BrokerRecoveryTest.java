package io.eventhandler.core.broker;

import io.eventhandler.core.Events;
import io.eventhandler.core.RecordingSink;
import io.eventhandler.core.delivery.DeliveryScheduler;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.outbox.FanOut;
import io.eventhandler.core.outbox.FanOutObserver;
import io.eventhandler.core.outbox.OutboxListeners;
import io.eventhandler.core.replication.BackupBuffer;
import io.eventhandler.core.replication.Replica;
import io.eventhandler.core.replication.RoleState;
import io.eventhandler.core.subscription.EventFilter;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A promoted backup's broker: copies restored under their numbers, then numbering in the new epoch. */
class BrokerRecoveryTest {

    private static final long BASE = RoleState.sequenceBase(1);

    /** Records which of its methods ran, and dispatches at once. */
    private static final class RecordingScheduler implements DeliveryScheduler {
        final List<String> calls = new ArrayList<>();

        @Override
        public void schedule(final FanOut topic, final Event event) {
            calls.add("schedule " + event.topic() + ":" + event.sequence());
            topic.dispatchUpTo(event.sequence(), FanOutObserver.NONE);
        }

        @Override
        public void scheduleRecovered(final FanOut topic, final Event event) {
            calls.add("recovered " + event.topic() + ":" + event.sequence());
            topic.dispatchUpTo(event.sequence(), FanOutObserver.NONE);
        }
    }

    private static Broker broker(final DeliveryScheduler scheduler) {
        return new Broker(new BrokerSettings(16, 64, 64), d -> d.payload().getBytes(StandardCharsets.UTF_8),
                Runnable::run, scheduler, OutboxListeners.NONE);
    }

    private static RecordingSink subscribe(final Broker broker, final String topic, final long resumeAfter) {
        final RecordingSink sink = new RecordingSink(false);
        broker.subscribe(new SubscribeRequest(topic, topic + resumeAfter, "s", EventFilter.ALL, sink, resumeAfter));
        return sink;
    }

    @Test
    void restoredCopiesKeepTheirNumbersAndGoThroughScheduleRecovered() {
        final RecordingScheduler scheduler = new RecordingScheduler();
        final Broker broker = broker(scheduler);
        final RecordingSink sink = subscribe(broker, "t", -1);
        final Optional<Event> three = broker.restore(Events.draft("t", "three"), 3);
        broker.restore(Events.draft("T", "seven"), 7);
        assertTrue(three.isPresent());
        assertEquals(3, three.get().sequence());
        assertEquals("T", three.get().topic());
        assertEquals("three", new String(three.get().encoded(), StandardCharsets.UTF_8), "encoded by the broker");
        assertEquals(List.of(3L, 7L), sink.sequences());
        assertEquals(List.of("recovered T:3", "recovered T:7"), scheduler.calls);

        broker.accept(Events.draft("t", "new"));
        assertEquals(List.of("recovered T:3", "recovered T:7", "schedule T:8"), scheduler.calls);
        assertEquals(List.of(3L, 7L, 8L), sink.sequences());
    }

    @Test
    void aCopyTheTopicHasNumberedPastIsNotRestoredNorScheduled() {
        final RecordingScheduler scheduler = new RecordingScheduler();
        final Broker broker = broker(scheduler);
        broker.restore(Events.draft("t", "seven"), 7);
        assertEquals(Optional.empty(), broker.restore(Events.draft("t", "five"), 5));
        assertEquals(Optional.empty(), broker.restore(Events.draft("t", "again"), 7));
        assertEquals(List.of("recovered T:7"), scheduler.calls);
        assertEquals(1, broker.topic("t", false).orElseThrow().accepted());
    }

    @Test
    void byDefaultARecoveredCopyIsScheduledLikeANewEvent() {
        final Broker broker = broker(DeliveryScheduler.IMMEDIATE);
        final RecordingSink sink = subscribe(broker, "t", -1);
        broker.restore(Events.draft("t", "x"), 42);
        assertEquals(List.of(42L), sink.sequences());
    }

    @Test
    void afterContinueAboveEveryTopicExistingOrNewNumbersAboveTheBase() {
        final Broker broker = broker(DeliveryScheduler.IMMEDIATE);
        broker.accept(Events.draft("old", "a"));
        broker.accept(Events.draft("old", "b"));
        broker.continueAbove(BASE);
        assertEquals(BASE + 1, broker.accept(Events.draft("old", "c")).sequence());
        assertEquals(BASE + 1, broker.accept(Events.draft("fresh", "a")).sequence(), "a topic created afterwards");
        final RecordingSink sink = subscribe(broker, "subscribed-first", -1); // creates the topic
        assertEquals(BASE, broker.topic("subscribed-first", false).orElseThrow().lastSequence());
        broker.accept(Events.draft("subscribed-first", "a"));
        assertEquals(List.of(BASE + 1), sink.sequences());
        assertEquals(Optional.empty(), broker.restore(Events.draft("fresh", "late copy"), 5),
                "copies are restored before the new epoch starts");
    }

    @Test
    void aPromotionRestoresWhatTheBackupBufferStillHoldsThenStartsTheNewEpoch() {
        final BackupBuffer buffer = new BackupBuffer(10);
        for (long seq = 1; seq <= 5; seq++) {
            buffer.hold(new Replica("T", seq, Events.draft("t", "t" + seq)));
        }
        buffer.hold(new Replica("U", 4, Events.draft("u", "u4")));
        buffer.discard("T", 1);
        buffer.discard("T", 2);
        buffer.discard("T", 4);

        final RecordingScheduler scheduler = new RecordingScheduler();
        final Broker broker = broker(scheduler);
        for (final Replica replica : buffer.drain()) {
            assertTrue(broker.restore(replica.draft(), replica.sequence()).isPresent(), replica.toString());
        }
        broker.continueAbove(BASE);
        broker.accept(Events.draft("t", "first of epoch 1"));
        assertEquals(List.of("recovered T:3", "recovered T:5", "recovered U:4", "schedule T:" + (BASE + 1)),
                scheduler.calls);

        final RecordingSink resumed = subscribe(broker, "t", 2); // it had 1 and 2 from the failed primary
        assertEquals(List.of(3L, 5L, BASE + 1), resumed.sequences());
        assertEquals(List.of(), resumed.gaps(), "4 was dispatched by the failed primary, never restored here");
        broker.accept(Events.draft("t", "second of epoch 1"));
        assertEquals(List.of(3L, 5L, BASE + 1, BASE + 2), resumed.sequences());
    }
}
