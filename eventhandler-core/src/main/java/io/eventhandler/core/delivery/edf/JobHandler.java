package io.eventhandler.core.delivery.edf;

/**
 * What the delivery workers do with a job; implemented by the server (sinks, replication link).
 *
 * @param <M> the message type
 */
public interface JobHandler<M> {

    /**
     * Pushes the message to each subscriber of its topic: call {@link PendingMessage#startDispatch} with their
     * number, then {@link PendingMessage#subscriberDone} as each push completes (possibly on another thread), and
     * send a discard request to the backup when an outcome says so.
     */
    void dispatch(PendingMessage<M> message);

    /**
     * Sends a copy to the backup. The worker has already claimed the replication
     * ({@link DispatchReplicateFlags#tryStartReplication}); when the backup acknowledges call
     * {@link DispatchReplicateFlags#replicationCompleted} and send the discard request if it returns true, or
     * {@link DispatchReplicateFlags#replicationFailed} when the copy did not arrive.
     */
    void replicate(PendingMessage<M> message);
}
