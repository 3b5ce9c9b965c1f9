package io.eventhandler.benchmarks.jmh;

import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.DeliveryCallback;
import io.eventhandler.core.outbox.EventSink;
import io.eventhandler.core.event.OutboxItem;
import java.util.List;

/** A subscriber that takes every batch at once and only counts it, so benchmarks measure the broker, not I/O. */
final class NoOpSink implements EventSink {

    private long items;

    /** {@inheritDoc} */
    @Override
    public void deliver(final List<OutboxItem> batch, final DeliveryCallback callback) {
        items += batch.size();
        callback.completed(batch.size(), 0);
    }

    /** {@inheritDoc} */
    @Override
    public void close(final CloseReason reason) {
    }

    /** Items delivered so far. */
    long items() {
        return items;
    }
}
