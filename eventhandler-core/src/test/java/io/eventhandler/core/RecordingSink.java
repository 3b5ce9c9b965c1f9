package io.eventhandler.core;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.event.OutboxItem;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.DeliveryCallback;
import io.eventhandler.core.outbox.EventSink;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A sink that records what it is given. In manual mode it holds each batch until {@link #complete()} is called,
 * like a peer that is slow to read.
 */
public final class RecordingSink implements EventSink {

    private final List<OutboxItem> items = new CopyOnWriteArrayList<>();
    private final List<Integer> batchSizes = new CopyOnWriteArrayList<>();
    private final boolean manual;
    private volatile DeliveryCallback pending;
    private volatile int pendingEvents;
    private volatile CloseReason closed;
    private volatile int emptyBatches;

    public RecordingSink(final boolean manual) {
        this.manual = manual;
    }

    @Override
    public void deliver(final List<OutboxItem> batch, final DeliveryCallback callback) {
        if (batch.isEmpty()) {
            emptyBatches++;
            callback.completed(0, 0);
            return;
        }
        items.addAll(batch);
        batchSizes.add(batch.size());
        final int events = (int) batch.stream().filter(i -> i instanceof Event).count();
        if (manual) {
            pendingEvents = events;
            pending = callback;
        } else {
            callback.completed(events, 0);
        }
    }

    /** Let the held batch complete (manual mode). */
    public void complete() {
        final DeliveryCallback callback = pending;
        pending = null;
        callback.completed(pendingEvents, 0);
    }

    public boolean holdsBatch() {
        return pending != null;
    }

    @Override
    public void close(final CloseReason reason) {
        closed = reason;
    }

    public List<Long> sequences() {
        final List<Long> sequences = new ArrayList<>();
        for (final OutboxItem item : items) {
            if (item instanceof Event event) {
                sequences.add(event.sequence());
            }
        }
        return sequences;
    }

    public List<Gap> gaps() {
        final List<Gap> gaps = new ArrayList<>();
        for (final OutboxItem item : items) {
            if (item instanceof Gap gap) {
                gaps.add(gap);
            }
        }
        return gaps;
    }

    public List<OutboxItem> items() {
        return items;
    }

    public List<Integer> batchSizes() {
        return batchSizes;
    }

    public CloseReason closed() {
        return closed;
    }

    public int emptyBatches() {
        return emptyBatches;
    }
}
