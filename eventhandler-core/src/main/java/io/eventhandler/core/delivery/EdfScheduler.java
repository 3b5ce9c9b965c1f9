package io.eventhandler.core.delivery;

import io.eventhandler.core.delivery.edf.DeliveryJob;
import io.eventhandler.core.delivery.edf.JobDeadlines;
import io.eventhandler.core.delivery.edf.JobKind;
import io.eventhandler.core.delivery.edf.JobQueue;
import io.eventhandler.core.delivery.edf.JobQueueStatistics;
import io.eventhandler.core.delivery.edf.PendingMessage;
import io.eventhandler.core.delivery.edf.SchedulingPolicy;
import io.eventhandler.core.delivery.edf.WorkerStatistics;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.outbox.DeferredDeliveryExecutor;
import io.eventhandler.core.outbox.FanOut;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * FRAME's scheduler (§3.4): each accepted event becomes a dispatch job with the absolute deadline of Lemma 2 and,
 * when Proposition 1 requires it, a replication job with the deadline of Lemma 1, both in one job queue taken
 * earliest deadline first. It runs one job at a time on the thread that asks: {@link #runNext} for a worker (it
 * waits for a job), {@link #runOne} for a test that steps it (it never waits). It starts no thread.
 *
 * <p>A dispatch job fans its event out ({@link FanOut#dispatchUpTo}, with the {@link ReplicationCoordinator} told of
 * each event's subscribers), merges the dispatches of the same topic that follow it at the queue's head, and then
 * runs on this thread the subscriber drains the fan-outs started, so the writes leave in deadline order and each
 * subscriber gets the merged events in one write. A replication job runs only if its event is not dispatched yet
 * (Table 3.3, Replicate step 1).
 */
public final class EdfScheduler implements DeliveryScheduler {

    private static final Logger LOG = LoggerFactory.getLogger(EdfScheduler.class);

    private final TopicPlans plans;
    private final JobQueue<Dispatch> queue;
    private final ReplicationCoordinator coordinator;
    private final Consumer<PendingMessage<Dispatch>> track;
    private final DeferredDeliveryExecutor drains;
    private final LongSupplier clockMicros;
    /** At most this many dispatch jobs of one topic share one round of writes ({@link #dispatch}). */
    private final int maxMerged;
    private final LongAdder dispatches = new LongAdder();
    private final LongAdder replications = new LongAdder();
    private final LongAdder aborted = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder merged = new LongAdder();
    private final LongAdder recovered = new LongAdder();

    EdfScheduler(final TopicPlans plans, final SchedulingPolicy policy, final ReplicationCoordinator coordinator,
                 final DeferredDeliveryExecutor drains, final LongSupplier clockMicros, final int maxMerged) {
        if (maxMerged < 1) {
            throw new IllegalArgumentException("maxMerged=" + maxMerged + " < 1");
        }
        this.plans = plans;
        this.queue = new JobQueue<>(policy);
        this.coordinator = coordinator;
        this.track = coordinator::track;
        this.drains = drains;
        this.clockMicros = clockMicros;
        this.maxMerged = maxMerged;
    }

    @Override
    public void schedule(final FanOut topic, final Event event) {
        final JobDeadlines deadlines = plans.plan(topic.name()).generator()
                .deadlines(event.createdEpochMicros(), clockMicros.getAsLong());
        queue.schedule(new Dispatch(topic, event), event.createdEpochMicros(), deadlines, track);
    }

    @Override
    public void scheduleRecovered(final FanOut topic, final Event event) {
        final JobDeadlines deadlines = plans.plan(topic.name()).generator()
                .recoveryDeadlines(event.createdEpochMicros(), clockMicros.getAsLong());
        queue.schedule(new Dispatch(topic, event), event.createdEpochMicros(), deadlines);
        recovered.increment();
    }

    /** Wait for the job with the earliest deadline and run it on this thread: one turn of a worker's loop. */
    public void runNext() throws InterruptedException {
        run(queue.take());
    }

    /**
     * Run the job with the earliest deadline on this thread if one is queued; never waits. With no worker threads,
     * this is how a test steps delivery.
     *
     * @return whether a job was queued (and ran)
     */
    public boolean runOne() {
        final DeliveryJob<Dispatch> job = queue.poll();
        if (job == null) {
            return false;
        }
        run(job);
        return true;
    }

    /**
     * Run one job taken from the queue (package-private so a test can hand it a job it took itself). A job that
     * throws is counted and logged; the thread goes on.
     */
    void run(final DeliveryJob<Dispatch> job) {
        try {
            if (job.kind() == JobKind.DISPATCH) {
                dispatch(job);
            } else if (job.message().flags().tryStartReplication()) {
                coordinator.replicate(job.message());
                replications.increment();
            } else {
                aborted.increment();
            }
        } catch (final RuntimeException e) {
            failed(job, e);
        }
    }

    /**
     * Smart batching: while the job EDF would run next is a dispatch of the same topic, fan it out too before any
     * write, so that each subscriber gets the events in one write instead of one write each. A worker that keeps up
     * finds no such job and writes at once; one that falls behind writes more per write, which is what lets it
     * catch up (10,000 subscribers: one write per event per subscriber was the limit). No other topic's job is
     * passed over: the merged job is the queue's head, and its deadline is the earliest left.
     */
    private void dispatch(final DeliveryJob<Dispatch> first) {
        final FanOut topic = first.message().message().topic();
        drains.beginScope();
        try {
            fanOut(first);
            for (int n = 1; n < maxMerged; n++) {
                final DeliveryJob<Dispatch> next = queue.pollIf(job -> job.kind() == JobKind.DISPATCH
                        && job.message().message().topic() == topic);
                if (next == null) {
                    return;
                }
                fanOut(next);
                merged.increment();
            }
        } finally {
            drains.runDeferred();
        }
    }

    /** One job's fan-out; a merged job that throws is counted alone, and the round goes on to its writes. */
    private void fanOut(final DeliveryJob<Dispatch> job) {
        final Dispatch dispatch = job.message().message();
        try {
            dispatch.topic().dispatchUpTo(dispatch.event().sequence(), coordinator);
            dispatches.increment();
        } catch (final RuntimeException e) {
            failed(job, e);
        }
    }

    private void failed(final DeliveryJob<Dispatch> job, final RuntimeException e) {
        failures.increment();
        LOG.warn("{} failed", job, e);
    }

    /** Queued jobs that are not cancelled (approximate while others enqueue, take or cancel). */
    public long depth() {
        return queue.depth();
    }

    JobQueueStatistics queueStatistics() {
        return queue.statistics();
    }

    /** What the jobs run so far did, run by {@code threads} workers (merged dispatches count as dispatches). */
    WorkerStatistics workerStatistics(final int threads) {
        return new WorkerStatistics(threads, dispatches.sum(), replications.sum(), aborted.sum(), failures.sum());
    }

    /** Dispatch jobs fanned out with the one before them, sharing its writes. */
    long merged() {
        return merged.sum();
    }

    /** Copies recovered by a promotion and scheduled for dispatch. */
    long recovered() {
        return recovered.sum();
    }
}
