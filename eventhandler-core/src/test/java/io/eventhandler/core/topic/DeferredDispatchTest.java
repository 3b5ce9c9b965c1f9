package io.eventhandler.core.topic;

import io.eventhandler.core.Events;
import io.eventhandler.core.RecordingSink;
import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.broker.BrokerSettings;
import io.eventhandler.core.broker.SubscribeRequest;
import io.eventhandler.core.delivery.DeliveryScheduler;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.outbox.FanOut;
import io.eventhandler.core.outbox.FanOutObserver;
import io.eventhandler.core.outbox.OutboxListeners;
import io.eventhandler.core.subscription.EventFilter;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Publishing and fanning out are two steps: while events wait for their dispatch, the history (4 here) may already
 * have moved past them. A subscriber resuming then is told of a gap only for what it can no longer get, and gets the
 * waiting events by dispatch: each exactly once, in order.
 */
class DeferredDispatchTest {

    /** Holds dispatches until released, as a busy EDF queue would. */
    private static final class HeldDispatches implements DeliveryScheduler {
        private final List<Runnable> held = new ArrayList<>();
        private boolean holding;

        @Override
        public void schedule(final FanOut topic, final Event event) {
            final Runnable dispatch = () -> topic.dispatchUpTo(event.sequence(), FanOutObserver.NONE);
            if (holding) {
                held.add(dispatch);
            } else {
                dispatch.run();
            }
        }

        void releaseInReverse() {
            holding = false;
            for (int i = held.size() - 1; i >= 0; i--) {
                held.get(i).run();
            }
            held.clear();
        }
    }

    private final HeldDispatches scheduler = new HeldDispatches();
    private final Broker broker = new Broker(new BrokerSettings(4, 64, 64),
            d -> d.payload().getBytes(StandardCharsets.UTF_8), Runnable::run, scheduler, OutboxListeners.NONE);

    private void publish(final int from, final int to) {
        for (int i = from; i <= to; i++) {
            broker.accept(Events.draft("t", "p" + i));
        }
    }

    @Test
    void aResumeTellsOfNoGapForEventsStillWaitingForDispatchAndGetsThemOnce() {
        final RecordingSink first = new RecordingSink(false);
        broker.subscribe(new SubscribeRequest("t", "first", "first", EventFilter.ALL, first, -1));
        publish(1, 2);
        scheduler.holding = true;
        publish(3, 10); // the history (4) now holds 7..10; 3..10 wait for dispatch
        final RecordingSink resumed = new RecordingSink(false);
        broker.subscribe(new SubscribeRequest("t", "resumed", "resumed", EventFilter.ALL, resumed, 2));
        scheduler.releaseInReverse(); // the latest dispatch runs first and brings the earlier ones with it
        assertEquals(List.of(), resumed.gaps());
        assertEquals(LongStream.rangeClosed(3, 10).boxed().toList(), resumed.sequences());
        assertEquals(LongStream.rangeClosed(1, 10).boxed().toList(), first.sequences());
    }

    @Test
    void aResumeBeyondWhatWasDispatchedAndEvictedIsToldOfTheGap() {
        publish(1, 10); // dispatched, the history holds 7..10
        final RecordingSink late = new RecordingSink(false);
        broker.subscribe(new SubscribeRequest("t", "late", "late", EventFilter.ALL, late, 2));
        assertEquals(1, late.gaps().size());
        assertEquals(3, late.gaps().get(0).firstMissingId());
        assertEquals(6, late.gaps().get(0).lastMissingId());
        assertEquals(LongStream.rangeClosed(7, 10).boxed().toList(), late.sequences());
    }

    /** Found by KeepAliveTest under load: unsubscribe, publish, subscribe again before those dispatches ran. */
    @Test
    void aNewSubscriberDoesNotGetEventsAcceptedBeforeItAttachedWhoseDispatchRunsAfter() {
        scheduler.holding = true;
        publish(1, 3); // accepted with nobody subscribed; their dispatch waits in the queue
        final RecordingSink fresh = new RecordingSink(false);
        broker.subscribe(new SubscribeRequest("t", "fresh", "fresh", EventFilter.ALL, fresh, -1));
        publish(4, 5);
        scheduler.releaseInReverse();
        assertEquals(List.of(4L, 5L), fresh.sequences(), "only what was accepted after it attached");
    }
}
