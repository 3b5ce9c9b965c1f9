package io.eventhandler.core.delivery.edf;

import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * FRAME's one job queue for dispatch and replication jobs, shared by a pool of workers. In {@link SchedulingPolicy#EDF}
 * the job with the earliest absolute deadline leaves first (ties in arrival order), so a later message with a tighter
 * deadline overtakes queued looser ones; in {@link SchedulingPolicy#FCFS} jobs leave in arrival order. Cancelled jobs
 * are skipped lazily when they reach the head. Thread-safe; {@link #take} blocks, {@link #poll()} does not.
 *
 * @param <M> the message type
 */
public final class JobQueue<M> {

    private static final int INITIAL_CAPACITY = 1024;

    private final SchedulingPolicy policy;
    private final PriorityBlockingQueue<DeliveryJob<M>> heap;
    private final AtomicLong tickets = new AtomicLong();
    private final LongAdder[] enqueued = adders();
    private final LongAdder[] taken = adders();
    private final LongAdder[] cancelled = adders();
    private final LongAdder skipped = new LongAdder();

    public JobQueue(final SchedulingPolicy policy) {
        this.policy = policy;
        this.heap = new PriorityBlockingQueue<>(INITIAL_CAPACITY, policy.order());
    }

    private static LongAdder[] adders() {
        final LongAdder[] out = new LongAdder[JobKind.values().length];
        for (int i = 0; i < out.length; i++) {
            out[i] = new LongAdder();
        }
        return out;
    }

    public SchedulingPolicy policy() {
        return policy;
    }

    /**
     * Queues a message's dispatch job and, if {@code deadlines.replicate()}, its replication job (which comes first
     * in arrival order).
     *
     * @param createdMicros the message's creation time t_c, epoch microseconds
     */
    public PendingMessage<M> schedule(final M message, final long createdMicros, final JobDeadlines deadlines) {
        return schedule(message, createdMicros, deadlines, pending -> { });
    }

    /**
     * As {@link #schedule(Object, long, JobDeadlines)}, handing the pending message to {@code beforeQueued} before
     * any of its jobs can be taken (e.g. to index it where a worker will look for it).
     */
    public PendingMessage<M> schedule(final M message, final long createdMicros, final JobDeadlines deadlines,
                                      final Consumer<PendingMessage<M>> beforeQueued) {
        final PendingMessage<M> pending = new PendingMessage<>(message, createdMicros, deadlines,
                tickets.getAndAdd(2), this);
        beforeQueued.accept(pending);
        pending.replicationJob().ifPresent(this::enqueue);
        enqueue(pending.dispatchJob());
        return pending;
    }

    private void enqueue(final DeliveryJob<M> job) {
        enqueued[job.kind().ordinal()].increment();
        heap.offer(job);
    }

    /** The next live job, waiting as long as it takes. */
    public DeliveryJob<M> take() throws InterruptedException {
        return firstLive(heap::take);
    }

    /** The next live job, waiting up to the timeout; null when none came. */
    public DeliveryJob<M> poll(final long timeout, final TimeUnit unit) throws InterruptedException {
        final long until = System.nanoTime() + unit.toNanos(timeout);
        return firstLive(() -> heap.poll(until - System.nanoTime(), TimeUnit.NANOSECONDS));
    }

    /** The next live job if one is queued now, else null; never waits. */
    public DeliveryJob<M> poll() {
        try {
            return firstLive(heap::poll);
        } catch (final InterruptedException e) {
            throw new IllegalStateException("a non-blocking poll cannot be interrupted", e);
        }
    }

    /**
     * The head job if it is live and {@code wanted} accepts it, else null; never waits. A worker uses it to take the
     * job EDF would give it next anyway when that job can share the work it is doing (the next dispatch of the same
     * topic). If another worker takes the head between the look and the removal, the new head is looked at.
     */
    public DeliveryJob<M> pollIf(final Predicate<? super DeliveryJob<M>> wanted) {
        while (true) {
            final DeliveryJob<M> head = heap.peek();
            if (head == null || !wanted.test(head)) {
                return null;
            }
            if (!heap.remove(head)) {
                continue; // another worker took it: look at the new head
            }
            if (head.claim()) {
                taken[head.kind().ordinal()].increment();
                return head;
            }
            skipped.increment(); // cancelled while queued: dropped as a take would drop it
        }
    }

    /** Where the next head of the heap comes from: blocking, timed or immediate. */
    @FunctionalInterface
    private interface Head<M> {
        DeliveryJob<M> next() throws InterruptedException;
    }

    /** The first head a worker may run; cancelled heads are dropped and counted on the way. Null when none came. */
    private DeliveryJob<M> firstLive(final Head<M> head) throws InterruptedException {
        for (DeliveryJob<M> job = head.next(); job != null; job = head.next()) {
            if (job.claim()) {
                taken[job.kind().ordinal()].increment();
                return job;
            }
            skipped.increment();
        }
        return null;
    }

    void cancelled(final JobKind kind) {
        cancelled[kind.ordinal()].increment();
    }

    /** Whether no job is queued, cancelled ones included (those leave only when they reach the head). */
    public boolean isEmpty() {
        return heap.isEmpty();
    }

    /** Queued jobs that are not cancelled (approximate while others enqueue, take or cancel). */
    public long depth() {
        long depth = 0;
        for (int k = 0; k < enqueued.length; k++) {
            depth += enqueued[k].sum() - taken[k].sum() - cancelled[k].sum();
        }
        return depth;
    }

    public JobQueueStatistics statistics() {
        final int d = JobKind.DISPATCH.ordinal();
        final int r = JobKind.REPLICATE.ordinal();
        return new JobQueueStatistics(policy, enqueued[d].sum(), enqueued[r].sum(), taken[d].sum(), taken[r].sum(),
                cancelled[r].sum(), cancelled[d].sum(), skipped.sum(), depth());
    }
}
