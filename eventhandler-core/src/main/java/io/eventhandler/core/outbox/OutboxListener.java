package io.eventhandler.core.outbox;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.OutboxItem;

import java.util.List;

/**
 * Told what became of each event in one subscriber's queue, for deadline and loss accounting and for the
 * dispatch–replicate coordination. Called on the thread that completes a batch or drops an event; must not block.
 */
public interface OutboxListener {

    /** Does nothing. */
    OutboxListener NONE = new OutboxListener() {
        @Override
        public void delivered(final Event event) {
        }

        @Override
        public void dropped(final Event event) {
        }
    };

    /**
     * The events up to {@code throughSequence} are replayed to this subscriber (it attached with
     * {@code Last-Event-ID} when the topic had accepted them), from the history or, for those not dispatched yet, by
     * their dispatch: told once, before any of them is reported delivered.
     */
    default void replaying(final long throughSequence) {
    }

    /** The subscriber's delivery ended (after its last report). */
    default void closed() {
    }

    /** The sink completed the event (written, or acknowledged by a webhook). */
    void delivered(Event event);

    /**
     * The sink completed the first {@code count} events of {@code batch} (its other items, gap notices, are not
     * counted); by default {@link #delivered(Event)} for each. A listener that has per-batch work (a clock read, a
     * look-up, a log line) does it once here.
     */
    default void delivered(final List<OutboxItem> batch, final int count) {
        int n = 0;
        for (final OutboxItem item : batch) {
            if (item instanceof Event event) {
                if (n++ == count) {
                    return;
                }
                delivered(event);
            }
        }
    }

    /** The event will never reach this subscriber: its queue was full, or its sink gave up on it. */
    void dropped(Event event);

    /** Why an event was dropped for a subscriber. */
    enum DropReason {
        /** The subscriber's queue was full. */
        OVERFLOW,
        /** The subscriber was closed. */
        CLOSED,
        /** Its sink gave up on it (and logged why). */
        SINK_FAILED
    }

    /** {@link #dropped(Event)}, knowing why; by default just that. */
    default void dropped(final Event event, final DropReason reason) {
        dropped(event);
    }
}
