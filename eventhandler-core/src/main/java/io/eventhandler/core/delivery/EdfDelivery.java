package io.eventhandler.core.delivery;

import io.eventhandler.core.broker.DeliveryScheduler;
import io.eventhandler.core.delivery.accounting.DeliveryAccounting;
import io.eventhandler.core.delivery.accounting.StreamAccount;
import io.eventhandler.core.delivery.edf.DeliveryJob;
import io.eventhandler.core.delivery.edf.DeliveryWorkers;
import io.eventhandler.core.delivery.edf.DispatchOutcome;
import io.eventhandler.core.delivery.edf.JobDeadlines;
import io.eventhandler.core.delivery.edf.JobHandler;
import io.eventhandler.core.delivery.edf.JobKind;
import io.eventhandler.core.delivery.edf.JobQueue;
import io.eventhandler.core.delivery.edf.PendingMessage;
import io.eventhandler.core.delivery.edf.SchedulingPolicy;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.OutboxItem;
import io.eventhandler.core.topic.Topic;
import org.HdrHistogram.Histogram;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * FRAME's delivery (§3.4): each accepted event becomes a dispatch job with the absolute deadline of Lemma 2 and,
 * when Proposition 1 requires it, a replication job with the deadline of Lemma 1, both in one job queue served by a
 * pool of workers earliest deadline first (or first come, first served, for comparison).
 *
 * <p>A dispatch job fans the event out to its topic's subscriber queues (with any earlier event of the topic still
 * waiting, so each subscriber keeps sequence order) and then drains those queues on the same worker, after the
 * topic's lock is released: the writes leave in deadline order. A subscriber with a write still in flight gets its
 * next batch from the drain pool when that write completes. Every delivery and drop is accounted per topic and
 * subscriber against the topic's deadline, and, for replicated topics, counted down to set the Dispatched flag
 * that cancels a queued replication or asks the backup to discard its copy (Table 3.3).
 */
public final class EdfDelivery implements DeliveryScheduler, JobHandler<EdfDelivery.Dispatch>, AutoCloseable {

    private final TopicPlans plans;
    private final JobQueue<Dispatch> queue;
    private final DeliveryWorkers<Dispatch> workers;
    private final DeferredDeliveryExecutor drains;
    private final Replicator replicator;
    private final LongSupplier clockMicros;
    /** Table 3.3 dispatch-replicate coordination; off only to measure what it saves (FRAME's FCFS- baseline). */
    private final boolean coordination;
    private final DeliveryAccounting accounting = new DeliveryAccounting();
    /** Events of replicated topics whose dispatch has not completed, for the Dispatched countdown. */
    private final Map<Event, PendingMessage<Dispatch>> replicated = new ConcurrentHashMap<>();
    private final LongAdder discardsRequested = new LongAdder();
    private final LongAdder replicasAcknowledged = new LongAdder();
    private final LongAdder replicasFailed = new LongAdder();
    private final LongAdder recovered = new LongAdder();
    private final DeliveryProblemLog problems;
    /** Without a configured problem log, each problem of a topic and subscriber is logged once per 10 s. */
    private static final long DEFAULT_REPEAT_INTERVAL_MS = 10_000;
    /** Dispatch jobs a worker may fan out together before their writes, unless configured. */
    public static final int DEFAULT_MAX_MERGED = 32;
    /** At most this many dispatch jobs of one topic share one round of writes ({@link #mergeFollowing}). */
    private final int maxMerged;
    private final LongAdder merged = new LongAdder();

    /** A dispatch job's message: the event and the topic that fans it out. */
    public record Dispatch(Topic topic, Event event) {
    }

    /**
     * @param plans       every topic's QoS and deadlines
     * @param policy      EDF, or FCFS for comparison
     * @param workers     delivery worker threads
     * @param drainPool   where subscriber queues are drained when not by a worker (after an asynchronous write)
     * @param replicator  the link to the backup
     * @param clockMicros wall-clock epoch microseconds, the time base of events' creation stamps
     */
    public EdfDelivery(final TopicPlans plans, final SchedulingPolicy policy, final int workers,
                       final Executor drainPool, final Replicator replicator,
                       final LongSupplier clockMicros) {
        this(plans, policy, workers, drainPool, replicator, clockMicros, true);
    }

    /**
     * As above; {@code coordination} false turns Table 3.3 off: no replication is aborted or cancelled because its
     * event was dispatched, and the backup is never asked to discard (FRAME's FCFS- configuration, for comparison).
     */
    public EdfDelivery(final TopicPlans plans, final SchedulingPolicy policy, final int workers,
                       final Executor drainPool, final Replicator replicator,
                       final LongSupplier clockMicros, final boolean coordination) {
        this(plans, policy, workers, drainPool, replicator, clockMicros, coordination, DeliveryProblemLog.manual(
                DEFAULT_REPEAT_INTERVAL_MS, System::nanoTime, LoggerFactory.getLogger(DeliveryProblemLog.class)),
                DEFAULT_MAX_MERGED);
    }

    /**
     * As above.
     *
     * @param problems  where drops and deadline misses are logged
     * @param maxMerged at most this many dispatch jobs of one topic fanned out before their writes (1: each job
     *                  writes before the next is taken)
     */
    public EdfDelivery(final TopicPlans plans, final SchedulingPolicy policy, final int workers,
                       final Executor drainPool, final Replicator replicator,
                       final LongSupplier clockMicros, final boolean coordination,
                       final DeliveryProblemLog problems, final int maxMerged) {
        if (maxMerged < 1) {
            throw new IllegalArgumentException("maxMerged=" + maxMerged + " < 1");
        }
        this.maxMerged = maxMerged;
        this.coordination = coordination;
        this.plans = plans;
        this.problems = problems;
        this.queue = new JobQueue<>(policy);
        this.drains = new DeferredDeliveryExecutor(drainPool, Integer.MAX_VALUE);
        this.replicator = replicator;
        this.clockMicros = clockMicros;
        this.workers = new DeliveryWorkers<>(queue, this, workers, "eh-edf");
    }

    /** The executor the broker must drain subscriber queues on. */
    public Executor drainExecutor() {
        return drains;
    }

    public void start() {
        workers.start();
    }

    @Override
    public void schedule(final Topic topic, final Event event) {
        final TopicPlan plan = plans.plan(topic.name());
        final JobDeadlines deadlines = plan.generator().deadlines(event.createdEpochMicros(),
                clockMicros.getAsLong());
        queue.schedule(new Dispatch(topic, event), event.createdEpochMicros(), deadlines, pending -> {
            if (deadlines.replicate() && coordination) {
                replicated.put(event, pending);
            }
        });
    }

    @Override
    public void scheduleRecovered(final Topic topic, final Event event) {
        final JobDeadlines deadlines = plans.plan(topic.name()).generator()
                .recoveryDeadlines(event.createdEpochMicros(), clockMicros.getAsLong());
        queue.schedule(new Dispatch(topic, event), event.createdEpochMicros(), deadlines);
        recovered.increment();
    }

    @Override
    public OutboxListener listenerFor(final String topic, final String subscriber,
                                      final boolean receivesEverything) {
        final StreamAccount account = accounting.stream(topic, subscriber, receivesEverything);
        return new OutboxListener() {
            @Override
            public void delivered(final Event event) {
                delivered(List.of(event), 1);
            }

            /** One clock read, plan look-up and log line per batch: at 10,000 subscribers they were per event. */
            @Override
            public void delivered(final List<OutboxItem> batch, final int count) {
                final long now = clockMicros.getAsLong();
                final long budget = plans.plan(topic).dispatchBudgetMicros();
                int n = 0;
                int late = 0;
                Event oldestLate = null;
                for (final OutboxItem item : batch) {
                    if (!(item instanceof Event event)) {
                        continue;
                    }
                    if (n++ == count) {
                        break;
                    }
                    if (!account.delivered(event.sequence(), event.createdEpochMicros(), now, budget)
                            && late++ == 0) {
                        oldestLate = event;
                    }
                    subscriberDone(event);
                }
                if (oldestLate != null) {
                    problems.report(DeliveryProblemLog.Problem.DEADLINE_MISSED, topic, subscriber,
                            oldestLate.sequence(), "LATE", "latency_ms=" + (now - oldestLate.createdEpochMicros())
                                    / 1_000 + " deadline_ms=" + budget / 1_000 + " late_in_write=" + late);
                }
            }

            @Override
            public void dropped(final Event event) {
                account.dropped(event.sequence());
                subscriberDone(event);
            }

            @Override
            public void dropped(final Event event, final DropReason reason) {
                if (reason != DropReason.SINK_FAILED) { // a sink that gives up logs why itself
                    problems.report(DeliveryProblemLog.Problem.DROPPED, topic, subscriber, event.sequence(),
                            reason.name());
                }
                dropped(event);
            }

            @Override
            public void closed() {
                accounting.forget(topic, subscriber);
            }
        };
    }

    @Override
    public void dispatch(final PendingMessage<Dispatch> message) {
        final Topic topic = message.message().topic();
        if (drains.inScope()) { // a job merged into the one this worker is running: its writes come with that one's
            topic.dispatchUpTo(message.message().event().sequence(), this::fanningOut);
            return;
        }
        drains.beginScope();
        try {
            topic.dispatchUpTo(message.message().event().sequence(), this::fanningOut);
            mergeFollowing(topic);
        } finally {
            drains.runDeferred();
        }
    }

    /**
     * Smart batching: while the job EDF would run next is a dispatch of the same topic, fan it out too before any
     * write, so that each subscriber gets the events in one write instead of one write each. A worker that keeps up
     * finds no such job and writes at once; one that falls behind writes more per write, which is what lets it
     * catch up (10,000 subscribers: one write per event per subscriber was the limit). No other topic's job is
     * passed over: the merged job is the queue's head, and its deadline is the earliest left.
     */
    private void mergeFollowing(final Topic topic) {
        for (int n = 1; n < maxMerged; n++) {
            final DeliveryJob<Dispatch> next = queue.pollIf(job -> job.kind() == JobKind.DISPATCH
                    && job.message().message().topic() == topic);
            if (next == null) {
                return;
            }
            workers.execute(next);
            merged.increment();
        }
    }

    /** Under the topic's lock, before the offers: how many subscribers will report this event back. */
    private void fanningOut(final Event event, final IntSupplier subscribers) {
        final PendingMessage<Dispatch> pending = replicated.get(event);
        if (pending != null) {
            settle(event, pending.startDispatch(subscribers.getAsInt()));
        }
    }

    private void subscriberDone(final Event event) {
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

    @Override
    public void replicate(final PendingMessage<Dispatch> message) {
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

    /** Counters of the queue, the workers, the coordination and every topic's and subscriber's deliveries. */
    public DeliverySnapshot snapshot() {
        return snapshot(true);
    }

    /**
     * As {@link #snapshot()}; without the subscribers' statistics (an empty map) when {@code withSubscribers} is
     * false, which with thousands of streams is most of the cost of a snapshot.
     */
    public DeliverySnapshot snapshot(final boolean withSubscribers) {
        return new DeliverySnapshot(queue.statistics(), workers.statistics(), replicasAcknowledged.sum(),
                replicasFailed.sum(), discardsRequested.sum(), replicationsAvoided(), merged.sum(), accounting.byTopic(),
                withSubscribers ? accounting.bySubscriber() : Map.of());
    }

    private long replicationsAvoided() {
        long avoided = plans.defaultPlan().generator().replicationsAvoided();
        for (final TopicPlan plan : plans.plans()) {
            avoided += plan.generator().replicationsAvoided();
        }
        return avoided;
    }

    /** Copies of every topic's end-to-end latency histogram (microseconds), for metrics. */
    public Map<String, Histogram> latencyByTopic() {
        return accounting.latencyByTopic();
    }

    /** Copies recovered by a promotion and scheduled for dispatch. */
    public long recoveredDispatches() {
        return recovered.sum();
    }

    public TopicPlans plans() {
        return plans;
    }

    @Override
    public void close() {
        workers.close();
    }
}
