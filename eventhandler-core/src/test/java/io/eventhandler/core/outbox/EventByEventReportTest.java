package io.eventhandler.core.outbox;

import io.eventhandler.core.Events;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.OutboxItem;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A sink that reports each event as it is done with (a webhook, one request at a time): the listener hears of each
 * at once, not when the whole batch completes, and the batch's completion does not report them again; events the
 * sink did not report one by one (abandoned at a stop) are reported at the completion as before.
 */
class EventByEventReportTest {

    /** Holds the batch; the test reports its events one at a time. */
    private static final class SteppedSink implements EventSink {
        List<OutboxItem> batch;
        DeliveryCallback callback;

        @Override
        public void deliver(final List<OutboxItem> items, final DeliveryCallback done) {
            this.batch = items;
            this.callback = done;
        }

        @Override
        public void close(final CloseReason reason) {
        }
    }

    /** Records what the outbox reports, in order. */
    private static final class Reports implements OutboxListener {
        final List<String> seen = new ArrayList<>();

        @Override
        public void delivered(final Event event) {
            seen.add("delivered " + event.sequence());
        }

        @Override
        public void dropped(final Event event) {
            seen.add("dropped " + event.sequence());
        }
    }

    private static Event event(final long sequence) {
        return new Event("T", sequence, Events.draft("T", "e" + sequence),
                ("e" + sequence).getBytes(StandardCharsets.UTF_8), System.nanoTime());
    }

    @Test
    void eachEventIsReportedOnceAsSoonAsTheSinkIsDoneWithIt() {
        final SteppedSink sink = new SteppedSink();
        final Reports reports = new Reports();
        final SubscriberOutbox outbox = new SubscriberOutbox(1, "T", "s", "s", 16, 16, Runnable::run, sink, reports);
        for (long n = 1; n <= 4; n++) {
            outbox.offer(event(n));
        }
        // the first event went alone (the drain started at once); the rest wait for its completion
        sink.callback.eventDone((Event) sink.batch.get(0), true);
        assertEquals(List.of("delivered 1"), reports.seen);
        sink.callback.completed(1, 0);
        assertEquals(List.of("delivered 1"), reports.seen, "not reported twice");

        assertEquals(3, sink.batch.size());
        sink.callback.eventDone((Event) sink.batch.get(0), true);
        sink.callback.eventDone((Event) sink.batch.get(1), false);
        assertEquals(List.of("delivered 1", "delivered 2", "dropped 3"), reports.seen, "before the batch completes");
        sink.callback.completed(1, 2); // 4 abandoned (a stop), reported at the completion
        assertEquals(List.of("delivered 1", "delivered 2", "dropped 3", "dropped 4"), reports.seen);
        assertEquals(2, outbox.delivered());
        assertEquals(2, outbox.failed());
    }
}
