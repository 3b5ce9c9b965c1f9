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
import io.eventhandler.core.idle.AdaptiveSpin;
import io.eventhandler.core.outbox.DeferredDeliveryExecutor;
import io.eventhandler.core.outbox.FanOut;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
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
 *
 * <p>A thread that accepts an event and has an answer to write first (a publish served on a selector thread) may
 * {@link #hold} its dispatches instead of queueing them: when nothing is queued ahead, the event needs no replication
 * job and its topic fans out to at most {@code maxInlineSubscribers} subscribers whose writes cannot block, the
 * dispatch waits in the thread's hold and the thread runs it itself ({@link #runHeld}) after its answer. No worker is
 * woken, and the earliest-deadline order holds, since the queue was empty. A holding thread whose dispatch had to be
 * queued behind many waiting jobs helps instead: it runs the queue's head job if that is a small dispatch.
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
    private final LongAdder inline = new LongAdder();
    /**
     * The most subscribers a holding thread writes to itself beyond the inline limit: when it helps with a queued
     * dispatch ({@link #help}), or holds one while it has nothing else to serve ({@link #hold(boolean)}).
     */
    private static final int MAX_SELECTOR_SUBSCRIBERS = 64;
    /** A holding thread helps only while more jobs than this wait: a worker merges up to this many anyway. */
    static final int HELP_DEPTH = 32;
    /** At most this many subscribers for a held dispatch (0: nothing is held). */
    private final int maxInlineSubscribers;
    /** Each thread's hold, per scheduler; kept for the thread's life (no garbage per publish). */
    private final ThreadLocal<Hold> holds = ThreadLocal.withInitial(Hold::new);
    private final AdaptiveSpin.Poll<RuntimeException> queued;
    /** Workers running or polling for a job, not asleep in the queue: a job queued while none is wakes one. */
    private final AtomicInteger awakeWorkers = new AtomicInteger();

    /** A thread's held dispatches, and whether it holds them now. */
    private static final class Hold {
        final List<Dispatch> dispatches = new ArrayList<>(2);
        boolean open;
        /** Whether a dispatch was queued because jobs were waiting already (delivery is behind). */
        boolean behind;
        /** Whether the holding thread has nothing else to serve ({@link #hold(boolean)}). */
        boolean alone;
    }

    EdfScheduler(final TopicPlans plans, final SchedulingPolicy policy, final ReplicationCoordinator coordinator,
                 final DeferredDeliveryExecutor drains, final LongSupplier clockMicros, final int maxMerged,
                 final int maxInlineSubscribers) {
        if (maxMerged < 1) {
            throw new IllegalArgumentException("maxMerged=" + maxMerged + " < 1");
        }
        if (maxInlineSubscribers < 0) {
            throw new IllegalArgumentException("maxInlineSubscribers=" + maxInlineSubscribers + " < 0");
        }
        this.maxInlineSubscribers = maxInlineSubscribers;
        this.plans = plans;
        this.queue = new JobQueue<>(policy);
        this.queued = () -> !queue.isEmpty();
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
        if (!deadlines.replicate() && maxInlineSubscribers > 0) {
            final Hold hold = holds.get();
            if (hold.open) {
                if (!queue.isEmpty()) {
                    hold.behind = true;
                } else if (topic.fansOutWithoutBlocking(hold.alone && awakeWorkers.get() == 0
                        ? MAX_SELECTOR_SUBSCRIBERS : maxInlineSubscribers)) {
                    hold.dispatches.add(new Dispatch(topic, event));
                    return;
                }
            }
        }
        queue.schedule(new Dispatch(topic, event), event.createdEpochMicros(), deadlines, track);
    }

    /**
     * From now until {@link #runHeld}, this thread may keep the dispatches of the events it accepts (see the class
     * comment). The caller must call {@link #runHeld} on the same thread, whatever happens in between.
     */
    public void hold() {
        hold(false);
    }

    /**
     * As {@link #hold()}; {@code alone}: the thread has nothing else to serve after this request, and its clients
     * are not waiting for it (it ran out of work lately; publishers behind their pace would wait for these writes
     * too), so while every delivery worker is asleep it may also keep the dispatch of a topic with up to
     * {@value #MAX_SELECTOR_SUBSCRIBERS} subscribers: queued, it would wake a worker (about 20 µs of CPU on a virtual
     * two-core machine) while this thread goes idle. While a worker is awake the job is queued, where that worker
     * merges it with the next ones.
     */
    public void hold(final boolean alone) {
        if (maxInlineSubscribers > 0) {
            final Hold hold = holds.get();
            hold.open = true;
            hold.alone = alone;
        }
    }

    /**
     * End this thread's hold and run what it kept: the fan-outs, then the subscribers' writes; with nothing kept
     * because jobs were waiting, help with the queue's head ({@link #help}). A dispatch scheduled while these run (a
     * sink that publishes) is queued as usual.
     */
    public void runHeld() {
        if (maxInlineSubscribers == 0) {
            return;
        }
        final Hold hold = holds.get();
        hold.open = false;
        final List<Dispatch> held = hold.dispatches;
        if (held.isEmpty()) {
            if (hold.behind) {
                hold.behind = false;
                if (queue.depth() > HELP_DEPTH) {
                    help();
                }
            }
            return;
        }
        drains.beginScope();
        try {
            for (int i = 0; i < held.size(); i++) {
                fanOut(held.get(i));
                inline.increment();
            }
        } finally {
            held.clear();
            drains.runDeferred();
        }
    }

    /**
     * A holding thread whose dispatch was queued behind more than {@link #HELP_DEPTH} waiting jobs runs the job at
     * the head of the queue, if it is a dispatch of at most {@link #MAX_SELECTOR_SUBSCRIBERS} subscribers whose writes
     * cannot block: the queue is drained by one more thread while it is behind, and the publisher this thread serves
     * waits for it (its next request is read after), so publishers cannot run ahead of delivery without bound. Only
     * the head is taken, so the deadline order holds.
     */
    private void help() {
        final DeliveryJob<Dispatch> job = queue.pollIf(EdfScheduler::helpable);
        if (job != null) {
            run(job);
            inline.increment();
        }
    }

    private static boolean helpable(final DeliveryJob<Dispatch> job) {
        return job.kind() == JobKind.DISPATCH
                && job.message().message().topic().fansOutWithoutBlocking(MAX_SELECTOR_SUBSCRIBERS);
    }

    @Override
    public void scheduleRecovered(final FanOut topic, final Event event) {
        final JobDeadlines deadlines = plans.plan(topic.name()).generator()
                .recoveryDeadlines(event.createdEpochMicros(), clockMicros.getAsLong());
        queue.schedule(new Dispatch(topic, event), event.createdEpochMicros(), deadlines);
        recovered.increment();
    }

    /** A worker thread starts ({@link #runNext} counts it awake until it sleeps in the queue). */
    void workerStarted() {
        awakeWorkers.incrementAndGet();
    }

    /** A worker thread ends. */
    void workerEnded() {
        awakeWorkers.decrementAndGet();
    }

    /**
     * Wait for the job with the earliest deadline and run it on this thread: one turn of a worker's loop. An idle
     * worker polls the queue for up to its {@code idle} budget before it sleeps (a job queued meanwhile needs no
     * wake-up); another worker may take the job it saw first, so it looks again.
     */
    public void runNext(final AdaptiveSpin idle) throws InterruptedException {
        DeliveryJob<Dispatch> job = queue.poll();
        while (job == null) {
            if (idle.await(queued)) {
                job = queue.poll();
            } else {
                awakeWorkers.decrementAndGet();
                try {
                    job = queue.take();
                } finally {
                    awakeWorkers.incrementAndGet();
                }
                idle.woke();
            }
        }
        run(job);
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
            } else if (job.message().flags().tryStartReplication(job.message().deadlines().keepCopy())) {
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
        fanOut(job.message().message());
    }

    private void fanOut(final Dispatch dispatch) {
        try {
            dispatch.topic().dispatchUpTo(dispatch.event().sequence(), coordinator);
            dispatches.increment();
        } catch (final RuntimeException e) {
            failed(dispatch, e);
        }
    }

    private void failed(final Object job, final RuntimeException e) {
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

    /** Dispatches run by a holding thread after its answer: its own ({@link #hold}) and those it helped with. */
    long inline() {
        return inline.sum();
    }

    /** Copies recovered by a promotion and scheduled for dispatch. */
    long recovered() {
        return recovered.sum();
    }
}
