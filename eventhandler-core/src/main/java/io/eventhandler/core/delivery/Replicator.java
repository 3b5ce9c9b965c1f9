package io.eventhandler.core.delivery;

import io.eventhandler.core.event.Event;

/**
 * The link to the backup broker: copies of events whose topic needs replication (Proposition 1), and discard
 * requests for copies whose original was dispatched (Table 3.3). Calls must not block.
 */
public interface Replicator {

    /** No backup configured: every copy counts as kept at once, and a discard has nowhere to go. */
    Replicator NO_BACKUP = new Replicator() {
        @Override
        public void replicate(final Event event, final Runnable acknowledged, final Runnable failed) {
            acknowledged.run();
        }

        @Override
        public void discard(final Event event) {
        }
    };

    /** Send a copy; run {@code acknowledged} when the backup holds it, or {@code failed} when it will not. */
    void replicate(Event event, Runnable acknowledged, Runnable failed);

    /** Ask the backup to drop its copy: the original reached every subscriber. */
    void discard(Event event);
}
