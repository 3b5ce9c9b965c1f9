package io.eventhandler.core.delivery;

import io.eventhandler.core.delivery.edf.DispatchOutcome;
import io.eventhandler.core.delivery.edf.PendingMessage;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.outbox.FanOutObserver;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;

/**
 * FRAME's dispatch–replicate coordination (Table 3.3) for the events whose topic is replicated: the Dispatched
 * countdown over the subscribers that will report an event, the cancelling of a replication still queued once every
 * subscriber has it, and the one discard request to the backup when both the dispatch and the copy completed.
 *
 * <p>It learns the number of subscribers as the topic fans an event out (as its {@link FanOutObserver}, under the
 * topic's lock, before any offer, so no report can come first), and each subscriber's outcome from the accounting
 * ({@link #subscriberDone}). Events of topics without replication are never tracked and cost one map miss.
 * Thread-safe.
 */
final class ReplicationCoordinator implements FanOutObserver {

    private final Replicator replicator;
    /** False only for the uncoordinated baseline: nothing is tracked, so nothing is aborted, cancelled or discarded. */
    private final boolean coordinated;
    /** Events of replicated topics whose dispatch has not completed, for the Dispatched countdown. */
    private final Map<Event, PendingMessage<Dispatch>> replicated = new ConcurrentHashMap<>();
    private final LongAdder discardsRequested = new LongAdder();
    private final LongAdder replicasAcknowledged = new LongAdder();
    private final LongAdder replicasFailed = new LongAdder();

    ReplicationCoordinator(final Replicator replicator, final boolean coordinated) {
        this.replicator = replicator;
        this.coordinated = coordinated;
    }

    /** A message was scheduled; called before a worker can take its jobs. */
    void track(final PendingMessage<Dispatch> pending) {
        if (coordinated && pending.deadlines().replicate()) {
            replicated.put(pending.message().event(), pending);
        }
    }

    /** Under the topic's lock, before the offers: how many subscribers will report this event back. */
    @Override
    public void fanningOut(final Event event, final IntSupplier subscribers) {
        final PendingMessage<Dispatch> pending = replicated.get(event);
        if (pending != null) {
            settle(event, pending.startDispatch(subscribers.getAsInt()));
        }
    }

    /** One subscriber is done with the event: delivered, or dropped for good (a replica would not help it either). */
    void subscriberDone(final Event event) {
        final PendingMessage<Dispatch> pending = replicated.get(event);
        if (pending != null) {
            settle(event, pending.subscriberDone());
        }
    }

    private void settle(final Event event, final DispatchOutcome outcome) {
        if (outcome == DispatchOutcome.PENDING) {
            return;
        }
        replicated.remove(event);
        if (outcome == DispatchOutcome.DISPATCHED_REQUEST_DISCARD) {
            requestDiscard(event);
        }
    }

    /** Send the copy of a message whose replication the worker has claimed. */
    void replicate(final PendingMessage<Dispatch> message) {
        final Event event = message.message().event();
        replicator.replicate(event, () -> {
            replicasAcknowledged.increment();
            if (message.flags().replicationCompleted()) {
                requestDiscard(event);
            }
        }, () -> {
            replicasFailed.increment();
            message.flags().replicationFailed();
        });
    }

    private void requestDiscard(final Event event) {
        discardsRequested.increment();
        replicator.discard(event);
    }

    long replicasAcknowledged() {
        return replicasAcknowledged.sum();
    }

    long replicasFailed() {
        return replicasFailed.sum();
    }

    long discardsRequested() {
        return discardsRequested.sum();
    }
}
