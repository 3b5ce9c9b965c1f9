package io.eventhandler.benchmarks.load;

import java.util.Map;

/**
 * The server's CPU time at one moment, two ways: the process's utime + stime in clock ticks (10 ms; it includes
 * threads that have ended) and each live thread's time on a CPU in nanoseconds ({@code /proc/<pid>/task/<tid>/
 * schedstat}). A short measured phase (scenario A's is 0.1-0.3 s, 10-30 ticks) needs the second; it is used when no
 * thread of the first reading ended before the second, whose time would otherwise be missing.
 *
 * @param tickMicros  utime + stime, µs (10-ms steps)
 * @param threadNanos per live thread id, its time on a CPU so far, ns (empty when schedstat cannot be read)
 */
record CpuReading(long tickMicros, Map<Long, Long> threadNanos) {

    /** Whether the CPU time since {@code start} can be summed from the threads (none of start's has ended). */
    boolean perThreadSince(final CpuReading start) {
        return !start.threadNanos.isEmpty() && !threadNanos.isEmpty()
                && threadNanos.keySet().containsAll(start.threadNanos.keySet());
    }

    /** The CPU time since {@code start}, µs: from the threads when {@link #perThreadSince}, else from the ticks. */
    long microsSince(final CpuReading start) {
        if (!perThreadSince(start)) {
            return tickMicros - start.tickMicros;
        }
        long nanos = 0;
        for (final Map.Entry<Long, Long> thread : threadNanos.entrySet()) {
            nanos += thread.getValue() - start.threadNanos.getOrDefault(thread.getKey(), 0L);
        }
        return nanos / 1_000;
    }
}
