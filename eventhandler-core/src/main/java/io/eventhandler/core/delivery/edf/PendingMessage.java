package io.eventhandler.core.delivery.edf;

import java.util.Optional;

/**
 * One accepted message in the delivery scheduler: the message, its deadlines, its Table 3.3 flags, its dispatch job
 * and, when Proposition 1 requires it, its replication job. Completing the dispatch cancels a still-queued
 * replication, unless the copy is kept ({@link JobDeadlines#keepCopy}).
 *
 * @param <M> the message type
 */
public final class PendingMessage<M> {

    private final M message;
    private final long createdMicros;
    private final JobDeadlines deadlines;
    private final DispatchReplicateFlags flags = new DispatchReplicateFlags();
    private final DeliveryJob<M> dispatchJob;
    private final DeliveryJob<M> replicationJob;

    PendingMessage(final M message, final long createdMicros, final JobDeadlines deadlines, final long ticket,
                   final JobQueue<M> queue) {
        this.message = message;
        this.createdMicros = createdMicros;
        this.deadlines = deadlines;
        // the replication takes the earlier ticket: FCFS replicates before it dispatches
        this.replicationJob = deadlines.replicate()
                ? new DeliveryJob<>(JobKind.REPLICATE, deadlines.replicationDeadlineMicros(), ticket, this, queue)
                : null;
        this.dispatchJob = new DeliveryJob<>(JobKind.DISPATCH, deadlines.dispatchDeadlineMicros(), ticket + 1, this,
                queue);
    }

    public M message() {
        return message;
    }

    /** t_c, epoch microseconds. */
    public long createdMicros() {
        return createdMicros;
    }

    public JobDeadlines deadlines() {
        return deadlines;
    }

    public DispatchReplicateFlags flags() {
        return flags;
    }

    public DeliveryJob<M> dispatchJob() {
        return dispatchJob;
    }

    public Optional<DeliveryJob<M>> replicationJob() {
        return Optional.ofNullable(replicationJob);
    }

    /** {@link DispatchReplicateFlags#startDispatch}, cancelling the queued replication if that completes it. */
    public DispatchOutcome startDispatch(final int subscribers) {
        return cancelReplicationIfDispatched(flags.startDispatch(subscribers));
    }

    /** {@link DispatchReplicateFlags#subscriberDone}, cancelling the queued replication if that completes it. */
    public DispatchOutcome subscriberDone() {
        return cancelReplicationIfDispatched(flags.subscriberDone());
    }

    private DispatchOutcome cancelReplicationIfDispatched(final DispatchOutcome outcome) {
        if (outcome != DispatchOutcome.PENDING && replicationJob != null && !deadlines.keepCopy()) {
            replicationJob.cancel();
        }
        return outcome;
    }

    @Override
    public String toString() {
        return "PendingMessage{" + message + ", " + deadlines + ", " + flags + "}";
    }
}
