package io.eventhandler.core.outbox;

import io.eventhandler.core.Events;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.OutboxItem;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A batch carries at most its sink's {@link EventSink#maxBatchBytes} of events (one event at least, however large), as
 * well as at most the configured number: a subscriber that stops reading holds its batch in flight, so a replay of
 * large events must not put the whole history into one write per stream.
 */
class BatchBytesTest {

    private static final int BOUND = 8 * 1024;

    /** Holds each batch until the test completes it. */
    private static final class HoldingSink implements EventSink {
        final List<List<OutboxItem>> batches = new ArrayList<>();
        final int maxBatchBytes;
        DeliveryCallback callback;

        HoldingSink(final int maxBatchBytes) {
            this.maxBatchBytes = maxBatchBytes;
        }

        @Override
        public int maxBatchBytes() {
            return maxBatchBytes;
        }

        @Override
        public void deliver(final List<OutboxItem> items, final DeliveryCallback done) {
            batches.add(items);
            callback = done;
        }

        @Override
        public void close(final CloseReason reason) {
        }
    }

    private static Event event(final long sequence, final int bytes) {
        return new Event("T", sequence, Events.draft("T", "e" + sequence), new byte[bytes], System.nanoTime());
    }

    @Test
    void aReplayOfLargeEventsGoesOutInBatchesOfBoundedBytesAndEveryEventOnce() {
        final HoldingSink sink = new HoldingSink(BOUND);
        final SubscriberOutbox outbox = new SubscriberOutbox(1, "T", "s", "s", 16, 256, Runnable::run, sink);
        final List<OutboxItem> history = new ArrayList<>();
        for (long n = 1; n <= 100; n++) {
            history.add(event(n, 4_000));
        }
        outbox.prefill(history);
        final List<Long> delivered = new ArrayList<>();
        while (sink.callback != null) {
            final List<OutboxItem> batch = sink.batches.get(sink.batches.size() - 1);
            final long bytes = batch.stream().mapToLong(i -> ((Event) i).encoded().length).sum();
            assertTrue(batch.size() == 1 || bytes <= BOUND, batch.size() + " events, " + bytes
                    + " bytes");
            batch.forEach(i -> delivered.add(((Event) i).sequence()));
            final DeliveryCallback done = sink.callback;
            sink.callback = null;
            done.completed(batch.size(), 0);
        }
        assertEquals(100, delivered.size());
        for (int i = 0; i < 100; i++) {
            assertEquals(i + 1, delivered.get(i));
        }
        assertTrue(sink.batches.size() >= 50, sink.batches.size() + " batches");
    }

    @Test
    void anEventLargerThanTheBoundGoesAloneAndSmallEventsStillShareABatch() {
        final HoldingSink sink = new HoldingSink(BOUND);
        final SubscriberOutbox outbox = new SubscriberOutbox(1, "T", "s", "s", 64, 256, Runnable::run, sink);
        final List<OutboxItem> items = new ArrayList<>();
        items.add(event(1, 20_000));
        for (long n = 2; n <= 41; n++) {
            items.add(event(n, 100));
        }
        outbox.prefill(items);
        assertEquals(1, sink.batches.get(0).size(), "the large event alone");
        final DeliveryCallback first = sink.callback;
        first.completed(1, 0);
        assertEquals(40, sink.batches.get(1).size(), "40 small events (6,560 bytes) in one batch");
    }

    @Test
    void aSinkWithoutABoundGetsAsManyEventsAsTheBatchLimitAllows() {
        final HoldingSink sink = new HoldingSink(Integer.MAX_VALUE);
        final SubscriberOutbox outbox = new SubscriberOutbox(1, "T", "s", "s", 16, 256, Runnable::run, sink);
        final List<OutboxItem> history = new ArrayList<>();
        for (long n = 1; n <= 300; n++) {
            history.add(event(n, 4_000));
        }
        outbox.prefill(history);
        assertEquals(256, sink.batches.get(0).size());
    }
}
