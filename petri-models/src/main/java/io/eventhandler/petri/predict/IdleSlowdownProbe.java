package io.eventhandler.petri.predict;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * Measures how much slower this machine runs a fixed piece of memory-bound work after its thread has been idle for a
 * given gap, and from that the cooling time of the capacity model's cold regime (the shortest gap from which on the
 * mean work time is a quarter longer). On a virtual machine an idle vCPU's caches go to other tenants within a few ms; on a
 * dedicated board the curve may stay flat, and then the model needs no cold regime. Run it pinned to the cores the
 * server will use ({@code taskset -c 0 java ... probe}), with nothing else running.
 */
final class IdleSlowdownProbe {

    private static final double SLOWDOWN = 1.25;
    /** Larger than the last-level cache of a small server, so that the work notices what the idle spell evicted. */
    private static final int WORKING_SET_INTS = 1 << 21;
    private static final int TOUCHES = 20_000;

    private final PrintStream out;
    private final int[] memory = new int[WORKING_SET_INTS];
    private long sink;

    IdleSlowdownProbe(final PrintStream out) {
        this.out = out;
    }

    static final double[] DEFAULT_GAPS_MS = {0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 3, 5};

    void run(final double[] gapsMs, final int samples) {
        for (int i = 0; i < 2000; i++) {
            work();
        }
        out.println("idle_gap_ms  work_p50_us  work_p90_us  work_mean_us  slowdown_mean");
        final double[] means = new double[gapsMs.length];
        for (int g = 0; g < gapsMs.length; g++) {
            final long[] nanos = new long[samples];
            for (int i = 0; i < samples; i++) {
                idle((long) (gapsMs[g] * 1e6));
                nanos[i] = work();
            }
            Arrays.sort(nanos);
            means[g] = Arrays.stream(nanos).average().orElseThrow() / 1e3;
            out.printf(Locale.ROOT, "%11.2f  %11.1f  %11.1f  %12.1f  %13.2f%n", gapsMs[g], nanos[samples / 2] / 1e3,
                    nanos[samples * 9 / 10] / 1e3, means[g], means[g] / means[0]);
        }
        // the shortest gap from which on every longer one is slower by a quarter: one noisy gap does not decide
        int first = -1;
        for (int g = gapsMs.length - 1; g >= 0 && means[g] >= SLOWDOWN * means[0]; g--) {
            first = g;
        }
        out.println(first < 0 ? "no cold regime: the work was not a quarter slower after the longest idle gap"
                : String.format(Locale.ROOT, "cooling time: %.2f ms (the shortest idle gap from which on the mean "
                        + "work is %.0f%% slower or more than after %.2f ms); pass it to fit as --cooling-ms",
                        gapsMs[first], (SLOWDOWN - 1) * 100, gapsMs[0]));
        if (sink == 42) {
            out.println();
        }
    }

    private static void idle(final long nanos) {
        final long until = System.nanoTime() + nanos;
        long remaining;
        while ((remaining = until - System.nanoTime()) > 0) {
            LockSupport.parkNanos(remaining);
        }
    }

    /** Random reads over the working set: what a request's path through the server's objects looks like to a cache. */
    private long work() {
        final long start = System.nanoTime();
        long sum = 0;
        int index = 0;
        for (int i = 0; i < TOUCHES; i++) {
            index = (index * 1_103_515_245 + 12_345) & (WORKING_SET_INTS - 1);
            sum += memory[index];
        }
        sink += sum;
        return System.nanoTime() - start;
    }
}
