package io.eventhandler.core.delivery.edf;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * One job of the {@link JobQueue}: dispatch or replicate one message by an absolute deadline. A queued job can be
 * cancelled; it then stays in the heap and is skipped when it reaches the head, which keeps cancellation O(1).
 *
 * @param <M> the message type
 */
public final class DeliveryJob<M> {

    private static final int QUEUED = 0;
    private static final int TAKEN = 1;
    private static final int CANCELLED = 2;
    @SuppressWarnings("rawtypes")
    private static final AtomicIntegerFieldUpdater<DeliveryJob> STATE =
            AtomicIntegerFieldUpdater.newUpdater(DeliveryJob.class, "state");

    private final JobKind kind;
    private final long deadlineMicros;
    private final long ticket;
    private final PendingMessage<M> message;
    private final JobQueue<M> queue;
    private volatile int state = QUEUED;

    DeliveryJob(final JobKind kind, final long deadlineMicros, final long ticket, final PendingMessage<M> message,
                final JobQueue<M> queue) {
        this.kind = kind;
        this.deadlineMicros = deadlineMicros;
        this.ticket = ticket;
        this.message = message;
        this.queue = queue;
    }

    public JobKind kind() {
        return kind;
    }

    /** Absolute deadline, epoch microseconds. */
    public long deadlineMicros() {
        return deadlineMicros;
    }

    /** Arrival order in the queue: the tie-breaker of EDF and the whole order of FCFS. */
    public long ticket() {
        return ticket;
    }

    /** The message with its coordination flags and its other job. */
    public PendingMessage<M> message() {
        return message;
    }

    /** Cancels the job if it is still queued; false when a worker already took it (or it was cancelled). */
    public boolean cancel() {
        if (STATE.compareAndSet(this, QUEUED, CANCELLED)) {
            queue.cancelled(kind);
            return true;
        }
        return false;
    }

    public boolean isCancelled() {
        return state == CANCELLED;
    }

    /** Claims the job for a worker; false when it was cancelled. */
    boolean claim() {
        return STATE.compareAndSet(this, QUEUED, TAKEN);
    }

    @Override
    public String toString() {
        return kind + "{deadline=" + deadlineMicros + ", ticket=" + ticket + ", " + message.message() + "}";
    }
}
