package io.eventhandler.benchmarks.jmh;

import io.eventhandler.core.engine.runtime.QueueBenchmarkHook;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Enqueue and dequeue cost of the engine's queues, single-threaded, as CPEP's Table 2.2 (ns per operation): the
 * InputQ with replacement (a new topic, and a replacement of a queued one), the PendingQ (a {@link java.util.ArrayDeque}
 * of deliveries, allocation included) and the MovingQ (a priority queue of move tuples over 3 destination levels,
 * allocation included). Each invocation is a batch of {@value #BATCH} operations on a queue prepared for it, so that
 * the queue neither grows without bound nor runs empty. {@code schedulerOfferTake} is one supplier event through the
 * real scheduler, lock and fan-out included.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class EngineQueueBenchmark {

    static final int BATCH = 1024;
    private static final int LEVELS = 3;

    /** Queues emptied before each batch, for enqueues. */
    @State(Scope.Thread)
    public static class Empty {
        final QueueBenchmarkHook queues = new QueueBenchmarkHook(BATCH);

        @Setup(Level.Invocation)
        public void clear() {
            queues.clear();
        }
    }

    /** Queues holding a batch each (every InputQ topic queued), for dequeues and replacements. */
    @State(Scope.Thread)
    public static class Full {
        final QueueBenchmarkHook queues = new QueueBenchmarkHook(BATCH);

        @Setup(Level.Invocation)
        public void fill() {
            queues.clear();
            for (int i = 0; i < BATCH; i++) {
                queues.inputEnqueue(i);
                queues.pendingEnqueue(i);
                queues.movingEnqueue(i % LEVELS);
            }
        }
    }

    /** For the scheduler path, which empties itself. */
    @State(Scope.Thread)
    public static class Engine {
        final QueueBenchmarkHook queues = new QueueBenchmarkHook(1);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void inputEnqueueNew(final Empty s, final Blackhole bh) {
        for (int i = 0; i < BATCH; i++) {
            bh.consume(s.queues.inputEnqueue(i));
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void inputEnqueueReplace(final Full s, final Blackhole bh) {
        for (int i = 0; i < BATCH; i++) {
            bh.consume(s.queues.inputEnqueue(i));
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void inputDequeue(final Full s, final Blackhole bh) {
        for (int i = 0; i < BATCH; i++) {
            bh.consume(s.queues.inputDequeue());
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void pendingEnqueue(final Empty s) {
        for (int i = 0; i < BATCH; i++) {
            s.queues.pendingEnqueue(i);
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void pendingDequeue(final Full s, final Blackhole bh) {
        for (int i = 0; i < BATCH; i++) {
            bh.consume(s.queues.pendingDequeue());
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void movingEnqueue(final Empty s) {
        for (int i = 0; i < BATCH; i++) {
            s.queues.movingEnqueue(i % LEVELS);
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void movingDequeue(final Full s, final Blackhole bh) {
        for (int i = 0; i < BATCH; i++) {
            bh.consume(s.queues.movingDequeue());
        }
    }

    @Benchmark
    public Object schedulerOfferTake(final Engine s) throws InterruptedException {
        return s.queues.schedulerOfferTake();
    }
}
