package io.eventhandler.core.broker;

import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.SubscriberOutbox;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** The last few subscribers detached, newest first: what an operator asks after "who went away, and why". */
final class RecentDisconnects {

    private final int capacity;
    private final Deque<Disconnect> recent = new ArrayDeque<>();

    RecentDisconnects(final int capacity) {
        this.capacity = capacity;
    }

    synchronized void add(final SubscriberOutbox outbox, final CloseReason reason) {
        if (recent.size() == capacity) {
            recent.removeLast();
        }
        recent.addFirst(new Disconnect(System.currentTimeMillis(), outbox.topic(), outbox.description(), reason,
                outbox.delivered(), outbox.dropped()));
    }

    synchronized List<Disconnect> list() {
        return new ArrayList<>(recent);
    }
}
