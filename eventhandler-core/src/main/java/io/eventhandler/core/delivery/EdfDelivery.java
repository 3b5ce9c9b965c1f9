package io.eventhandler.core.delivery;

import io.eventhandler.core.delivery.experimental.DeliveryBaselines;
import io.eventhandler.core.outbox.DeferredDeliveryExecutor;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.core.outbox.OutboxListeners;
import org.HdrHistogram.Histogram;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;

/**
 * FRAME's delivery (§3.4), assembled: the {@link EdfScheduler} the broker schedules through, the
 * {@link SubscriberAccounting} its subscribers' outboxes report to, the {@link ReplicationCoordinator} between them,
 * the drain executor and the worker threads. It adds no behaviour of its own beyond starting, stopping and reading
 * their counters. Built with {@link #builder}; with {@code workers(0)} no thread runs and a test steps
 * {@link #scheduler()} with {@link EdfScheduler#runOne}.
 */
public final class EdfDelivery implements AutoCloseable {

    /** Dispatch jobs a worker may fan out together before their writes, unless configured. */
    public static final int DEFAULT_MAX_MERGED = 32;
    /** Without a configured problem log, each problem of a topic and subscriber is logged once per 10 s. */
    private static final long DEFAULT_REPEAT_INTERVAL_MS = 10_000;

    private final TopicPlans plans;
    private final DeferredDeliveryExecutor drains;
    private final ReplicationCoordinator coordinator;
    private final SubscriberAccounting accounting;
    private final EdfScheduler scheduler;
    private final DeliveryWorkers workers;

    private EdfDelivery(final Builder b) {
        this.plans = b.plans;
        this.drains = new DeferredDeliveryExecutor(b.drainPool, Integer.MAX_VALUE);
        this.coordinator = new ReplicationCoordinator(b.replicator, b.baselines.coordination());
        this.accounting = new SubscriberAccounting(plans, b.clockMicros, b.problems, coordinator);
        this.scheduler = new EdfScheduler(plans, b.baselines.ordering(), coordinator, drains, b.clockMicros,
                b.maxMerged, b.maxInlineSubscribers);
        this.workers = new DeliveryWorkers(scheduler, b.workers, "eh-edf", b.workerSpinMicros);
    }

    /**
     * @param plans      every topic's QoS and deadlines
     * @param replicator the link to the backup ({@link Replicator#NO_BACKUP} on its own)
     */
    public static Builder builder(final TopicPlans plans, final Replicator replicator) {
        return new Builder(plans, replicator);
    }

    /** What the broker schedules accepted events through. */
    public EdfScheduler scheduler() {
        return scheduler;
    }

    /** What the broker asks for each new subscriber's outbox listener. */
    public OutboxListeners accounting() {
        return accounting;
    }

    /** The executor the broker must drain subscriber queues on. */
    public Executor drainExecutor() {
        return drains;
    }

    public TopicPlans plans() {
        return plans;
    }

    public void start() {
        workers.start();
    }

    /** Worker threads that ended on an unexpected error (out of memory...): delivery is impaired while above 0. */
    public int deadWorkers() {
        return workers.dead();
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
        return new DeliverySnapshot(scheduler.queueStatistics(), scheduler.workerStatistics(workers.size()),
                coordinator.replicasAcknowledged(), coordinator.replicasFailed(), coordinator.discardsRequested(),
                replicationsAvoided(), scheduler.merged(), scheduler.inline(), accounting.byTopic(),
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
        return scheduler.recovered();
    }

    @Override
    public void close() {
        workers.close();
    }

    /** The parts of an {@link EdfDelivery}; everything but the plans and the replicator has a default. */
    public static final class Builder {

        private final TopicPlans plans;
        private final Replicator replicator;
        private int workers = 1;
        private long workerSpinMicros;
        private Executor drainPool = Runnable::run;
        private LongSupplier clockMicros = () -> System.currentTimeMillis() * 1_000;
        private DeliveryProblemLog problems;
        private int maxMerged = DEFAULT_MAX_MERGED;
        private int maxInlineSubscribers;
        private DeliveryBaselines baselines = DeliveryBaselines.NONE;

        private Builder(final TopicPlans plans, final Replicator replicator) {
            this.plans = plans;
            this.replicator = replicator;
        }

        /** Delivery worker threads (1); 0 starts none, and the scheduler runs only when stepped. */
        public Builder workers(final int count) {
            this.workers = count;
            return this;
        }

        /**
         * How long an idle worker polls the queue before it sleeps, at most, µs (0, the default: it sleeps at once;
         * see {@link io.eventhandler.core.idle.AdaptiveSpin}).
         */
        public Builder workerSpinMicros(final long micros) {
            this.workerSpinMicros = micros;
            return this;
        }

        /** Where subscriber queues are drained when not by a worker, after an asynchronous write (the caller). */
        public Builder drainPool(final Executor pool) {
            this.drainPool = pool;
            return this;
        }

        /** Wall-clock epoch microseconds, the time base of events' creation stamps (the system clock). */
        public Builder clockMicros(final LongSupplier clock) {
            this.clockMicros = clock;
            return this;
        }

        /** Where drops and deadline misses are logged (a log of its own, each problem once per 10 s). */
        public Builder problems(final DeliveryProblemLog log) {
            this.problems = log;
            return this;
        }

        /** At most this many dispatch jobs of one topic fanned out before their writes (1: none merged). */
        public Builder maxMerged(final int max) {
            this.maxMerged = max;
            return this;
        }

        /**
         * Held dispatches ({@link EdfScheduler#hold}) only for topics with at most this many subscribers (0, the
         * default: nothing is held, every dispatch is queued for a worker).
         */
        public Builder maxInlineSubscribers(final int max) {
            this.maxInlineSubscribers = max;
            return this;
        }

        /** The baselines of an experiment ({@link DeliveryBaselines#NONE}: the product). */
        public Builder baselines(final DeliveryBaselines experiment) {
            this.baselines = experiment;
            return this;
        }

        public EdfDelivery build() {
            if (problems == null) {
                problems = DeliveryProblemLog.manual(DEFAULT_REPEAT_INTERVAL_MS, System::nanoTime,
                        LoggerFactory.getLogger(DeliveryProblemLog.class));
            }
            return new EdfDelivery(this);
        }
    }
}
