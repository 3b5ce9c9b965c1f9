package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.graph.OperatorGraph;
import io.eventhandler.core.event.TopicName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The CPEP operator engine: supplier events in, derived events out to a {@link DerivedEventSink}.
 *
 * <p><b>Levels and queues.</b> One processing level per distinct priority of the graph. Each level has an InputQ
 * (supplier events of topics at that level, with replacement: at most one queued event per topic, the newest), a
 * PendingQ (events for ready-to-check operator inputs of that level) and a MovingQ (results and supplier events for
 * operators of lower levels). A supplier event fans out to every operator reading its topic, at each operator's own
 * level, through the MovingQ when that level is lower than the topic's.
 *
 * <p><b>Scheduling.</b> Java cannot preempt a running operator and has no real-time thread priorities, so CPEP's two
 * properties are enforced by how work is picked rather than by preemption. A pool of workers (default: one per core)
 * shares one {@link Scheduler}; whenever a worker is free it takes the most urgent item in the strict order
 * W_H &gt; M_H &gt; W_M &gt; M_M &gt; W_L &gt; M_L: a level's PendingQ, then its InputQ, then its MovingQ, then the
 * next level. Hence (1) work of a level always goes before that level's sharing and before any lower level's work,
 * and (2) a result shared across levels is computed once, at the highest level that needs it, and moved by reference.
 * The price of no preemption is that a higher-level item may wait for one running operator per worker: keep
 * operators short. With several workers, a worker that finds nothing more urgent takes lower-level work, so levels
 * run in parallel on free cores (as CPEP's unpinned threads do); every single pick is strictly by priority. So that
 * the highest level never waits for every worker to leave a lower-level operator, {@link
 * EngineSettings#reservedWorkers()} more workers take only the highest level's work: such a worker is parked
 * whenever that level has nothing queued, and is woken by its next event (CPEP gives each level threads of its own).
 * Idle workers park on a condition and are signalled when work they may take is queued.
 *
 * <p><b>Prioritization off.</b> With {@link EngineSettings#prioritized()} false there is one level (reported with
 * the graph's highest priority): every topic shares one InputQ and every operator one PendingQ, served in arrival
 * order, with no moves; everything else is the same. It exists to measure what prioritization buys (CPEP §2.6.2).
 *
 * <p><b>Memory.</b> Events are immutable and shared by reference; InputQs hold at most one event per topic, so
 * {@link #offer} cannot flood the engine. A lower level's PendingQ and MovingQ can still grow while higher levels keep
 * every worker busy (that is strict priority); {@link EngineStatistics#levels()} shows their lengths.
 *
 * <p><b>Operators.</b> Ready when every input holds an event; each run consumes its inputs; a newer event replaces
 * a waiting one on that operator's input only. A non-thread-safe operator is never run concurrently with itself.
 *
 * <p><b>Time consistency.</b> Checked when an operator becomes ready (absolute: now &gt; t_e of any input; relative:
 * latest per-input creation times of a set spread more than R) and before a result is handed to the sink (absolute).
 * MARK passes the result with {@code marked=true} (and marks everything computed from it); SHED drops the stale inputs
 * so that the operator waits for fresh ones, or drops the result at the sink check. All counted in
 * {@link #statistics()}.
 *
 * <p><b>Replacing the graph.</b> {@link #replace} installs a new graph at once without stopping the workers. The old
 * graph's queued events are dropped (counted), not drained: they were routed for the old topology and are stale by
 * the time the new one runs. An operator of the old graph already running finishes, but its result is discarded
 * (a result whose hand-over to the sink had already begun when {@code replace} was called may still arrive). Counters
 * start afresh with the new graph; the engine-wide ones ({@code droppedOnReplace}, ...) accumulate.
 *
 * <p>Thread-safe. {@link #offer} may be called from any thread and never waits for processing.
 */
public final class Engine implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Engine.class);
    private static final long IDLE_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final DerivedEventSink sink;
    private final EngineSettings settings;
    private final LongSupplier clockMicros;
    private final List<Thread> workers = new ArrayList<>();
    /** Workers that ended on an unexpected error. */
    private final AtomicInteger deadWorkers = new AtomicInteger();
    /** Counted on every publish of a topic no operator reads: striped, so publishers never contend on it. */
    private final LongAdder ignoredOffers = new LongAdder();
    private final AtomicLong droppedOnReplace = new AtomicLong();
    private final AtomicLong graphReplacements = new AtomicLong();
    private volatile Generation current;
    private volatile boolean running;
    private volatile boolean closed;

    /**
     * @param graph       the graph to run
     * @param sink        where derived events go
     * @param settings    worker count and EventStore sizing
     * @param clockMicros wall-clock time in microseconds, the time base of creation times (injected for tests)
     */
    public Engine(final OperatorGraph graph, final DerivedEventSink sink, final EngineSettings settings,
                  final LongSupplier clockMicros) {
        this.sink = sink;
        this.settings = settings;
        this.clockMicros = clockMicros;
        this.current = new Generation(graph, settings, sink, clockMicros);
    }

    /** Wall-clock microseconds from a {@link Clock}. */
    public static LongSupplier clockMicros(final Clock clock) {
        return () -> {
            final Instant now = clock.instant();
            return Math.addExact(Math.multiplyExact(now.getEpochSecond(), 1_000_000L), now.getNano() / 1_000L);
        };
    }

    /** Starts the workers; events offered before are processed now. */
    public synchronized void start() {
        if (closed) {
            throw new IllegalStateException("engine closed");
        }
        if (running) {
            return;
        }
        running = true;
        for (int i = 0; i < settings.workers(); i++) {
            startWorker("eh-engine-worker-" + i, false);
        }
        // With prioritization off there is one level: a reserved worker would just be one more general worker.
        final int reserved = settings.prioritized() ? settings.reservedWorkers() : 0;
        for (int i = 0; i < reserved; i++) {
            startWorker("eh-engine-highest-" + i, true);
        }
    }

    private void startWorker(final String name, final boolean reserved) {
        final Thread worker = new Thread(() -> work(reserved), name);
        worker.setDaemon(true);
        workers.add(worker);
        worker.start();
    }

    /**
     * Hands a supplier event to the engine; returns at once.
     *
     * @param supplierTopic the event type (normalised here)
     * @param payload       the payload
     * @param createdMicros creation time t_b (the publisher's time stamp)
     * @return whether the graph reads the topic (false: ignored, or the engine is closed)
     */
    public boolean offer(final String supplierTopic, final String payload, final long createdMicros) {
        if (closed) {
            return false;
        }
        final boolean taken = current.offer(TopicName.normalise(supplierTopic), payload, createdMicros);
        if (!taken) {
            ignoredOffers.increment();
        }
        return taken;
    }

    /** Installs a new graph without restarting; see the class comment for what happens to in-flight work. */
    public synchronized void replace(final OperatorGraph graph) {
        if (closed) {
            throw new IllegalStateException("engine closed");
        }
        final Generation old = current;
        current = new Generation(graph, settings, sink, clockMicros);
        droppedOnReplace.addAndGet(old.scheduler.retire());
        graphReplacements.incrementAndGet();
        LOG.info("operator graph replaced: {}", graph);
    }

    /**
     * Applies subscribers' priority requests to the running graph (see
     * {@link OperatorGraph#withRequestedPriorities}) without dropping anything: queued work moves to its new level,
     * operator state and waiting inputs stay.
     *
     * @return whether any operator's priority changed
     */
    public synchronized boolean requestPriorities(final Map<String, Integer> requested) {
        final Generation g = current;
        final OperatorGraph reprioritised = g.graph.withRequestedPriorities(requested);
        if (reprioritised.samePriorities(g.graph)) {
            g.graph = reprioritised; // remember the requests, even if they change no level
            return false;
        }
        g.relevel(reprioritised);
        LOG.info("operator priorities changed by subscriber requests {}: levels {}", reprioritised
                .requestedPriorities(), reprioritised.levels());
        return true;
    }

    /** The graph now running. */
    public OperatorGraph graph() {
        return current.graph;
    }

    /** The EventStore of the graph now running. */
    public EventStore store() {
        return current.store;
    }

    /** A snapshot of the counters. */
    public EngineStatistics statistics() {
        final Generation g = current;
        final OperatorGraph graph = g.graph;
        final Map<String, Integer> priorities = new LinkedHashMap<>();
        graph.nodes().forEach(n -> priorities.put(n.id(), n.priority()));
        return new EngineStatistics(g.counters.operatorSnapshot(), g.counters.topicSnapshot(), ignoredOffers.sum(),
                droppedOnReplace.get(), graphReplacements.get(), g.store.reclaimed(), g.scheduler.levelSnapshot(),
                priorities, graph.requestedPriorities());
    }

    /** Stops the workers, dropping queued work, and waits briefly for running operators to finish. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        running = false;
        current.scheduler.retire();
        for (final Thread worker : workers) {
            try {
                worker.join(TimeUnit.SECONDS.toMillis(5));
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (worker.isAlive()) {
                LOG.warn("engine worker {} still running an operator after close", worker.getName());
            }
        }
    }

    /**
     * An exception in a delivery is logged and the worker goes on; an {@link Error} (out of memory, stack overflow)
     * ends it, counted as dead, so that health turns red instead of derived events stopping silently.
     */
    private void work(final boolean reserved) {
        try {
            while (running) {
                final Generation g = current;
                try {
                    final Delivery delivery = g.scheduler.take(IDLE_WAIT_NANOS, reserved);
                    if (delivery != null) {
                        g.process(delivery);
                    }
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } catch (final RuntimeException e) {
                    LOG.error("engine worker failed on a delivery; continuing", e);
                }
            }
        } catch (final Error e) {
            deadWorkers.incrementAndGet();
            LOG.error("Engine worker {} died: the operator graph runs on fewer workers; restart the process",
                    Thread.currentThread().getName(), e);
            throw e;
        }
    }

    /** Workers that ended on an unexpected error (out of memory...): the engine is impaired while above 0. */
    public int deadWorkers() {
        return deadWorkers.get();
    }

    @Override
    public String toString() {
        return "Engine{graph=" + current.graph + ", workers=" + settings.workers() + ", reservedWorkers="
                + settings.reservedWorkers() + ", running=" + running + '}';
    }
}
