package io.eventhandler.benchmarks.jmh;

import io.eventhandler.core.delivery.edf.DeliveryJob;
import io.eventhandler.core.delivery.edf.JobDeadlines;
import io.eventhandler.core.delivery.edf.JobQueue;
import io.eventhandler.core.delivery.edf.SchedulingPolicy;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Cost of FRAME's delivery job queue, single-threaded, EDF against FCFS: one message scheduled and one job taken per
 * operation, on a queue held at a steady {@code depth}, with deadlines drawn from the Table 3.2 mix (49 ms to
 * 480 ms after creation, creation advancing 10 µs per message). {@code scheduleTakeDispatch} schedules a dispatch-only
 * message; {@code scheduleTakeReplicated} schedules a message with a replication job too and takes both jobs.
 * Allocation of the jobs is included.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class JobQueueBenchmark {

    private static final long MS = 1_000;
    private static final long[] RELATIVE_DEADLINES = {49 * MS, 49_950, 99 * MS, 249_950, 449_950, 480 * MS};
    private static final int DEADLINES = 1 << 16;

    @State(Scope.Thread)
    public static class Queue {
        @Param({"EDF", "FCFS"})
        SchedulingPolicy policy;

        @Param({"1000"})
        int depth;

        JobQueue<Long> queue;
        final long[] deadlines = new long[DEADLINES];
        int next;

        @Setup(Level.Trial)
        public void fill() {
            final SplittableRandom random = new SplittableRandom(42);
            for (int i = 0; i < DEADLINES; i++) {
                deadlines[i] = RELATIVE_DEADLINES[random.nextInt(RELATIVE_DEADLINES.length)];
            }
            queue = new JobQueue<>(policy);
            for (int i = 0; i < depth; i++) {
                queue.schedule((long) i, 0, dispatchOnly());
            }
        }

        /** The next message's dispatch deadline: creation time advancing 10 µs per message, plus its D^d. */
        long nextDeadline() {
            final int n = next++;
            return n * 10L + deadlines[n & (DEADLINES - 1)];
        }

        JobDeadlines dispatchOnly() {
            return new JobDeadlines(nextDeadline(), Long.MAX_VALUE, false, 0);
        }

        JobDeadlines replicated() {
            final long dispatch = nextDeadline();
            return new JobDeadlines(dispatch, dispatch - 50 * MS, true, 0);
        }
    }

    @Benchmark
    public DeliveryJob<Long> scheduleTakeDispatch(final Queue s) {
        s.queue.schedule(1L, 0, s.dispatchOnly());
        return s.queue.poll();
    }

    @Benchmark
    public DeliveryJob<Long> scheduleTakeReplicated(final Queue s) {
        s.queue.schedule(1L, 0, s.replicated());
        s.queue.poll();
        return s.queue.poll();
    }

    public static void main(final String[] args) throws RunnerException {
        new Runner(new OptionsBuilder().include(JobQueueBenchmark.class.getSimpleName()).build()).run();
    }
}
