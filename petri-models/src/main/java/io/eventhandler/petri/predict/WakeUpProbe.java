package io.eventhandler.petri.predict;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * Measures how long a parked thread takes to run after another thread wakes it, as a function of how long it had
 * been idle: the hand-off every event makes when the server's threads wait for work (a selector woken by a packet, a
 * delivery worker by a queue). On a virtual machine a vCPU that idles past the hypervisor's polling window is
 * descheduled and its wake-up costs more; the capacity net's cold regime is a step at one gap, and this curve shows
 * what the step stands for. Run it on the server's cores with a second core for the waker
 * ({@code taskset -c 0,1 java ... wakeup}), with nothing else running.
 */
final class WakeUpProbe {

    static final double[] DEFAULT_GAPS_MS = {0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5};

    private final PrintStream out;
    private volatile long wokenAt;
    private volatile long unparkedAt;

    WakeUpProbe(final PrintStream out) {
        this.out = out;
    }

    void run(final double[] gapsMs, final int samples) {
        measure(0.05, Math.min(samples, 200)); // JIT and thread start
        out.println("idle_gap_ms  wake_p50_us  wake_p90_us  wake_p99_us  wake_mean_us");
        for (final double gap : gapsMs) {
            final long[] nanos = measure(gap, samples);
            Arrays.sort(nanos);
            out.printf(Locale.ROOT, "%11.2f  %11.1f  %11.1f  %11.1f  %12.1f%n", gap, nanos[samples / 2] / 1e3,
                    nanos[samples * 9 / 10] / 1e3, nanos[Math.min(samples - 1, samples * 99 / 100)] / 1e3,
                    Arrays.stream(nanos).average().orElseThrow() / 1e3);
        }
    }

    /** Per sample: the sleeper parks, the waker waits the gap, stamps and unparks; the sleeper stamps on waking. */
    private long[] measure(final double gapMs, final int samples) {
        final long[] nanos = new long[samples];
        final Thread sleeper = new Thread(() -> {
            for (int i = 0; i < samples; i++) {
                final long previous = wokenAt;
                while (unparkedAt <= previous) {
                    LockSupport.park(this);
                }
                wokenAt = System.nanoTime();
            }
        }, "wake-up-probe-sleeper");
        wokenAt = 0;
        unparkedAt = 0;
        sleeper.start();
        final long gapNanos = (long) (gapMs * 1e6);
        for (int i = 0; i < samples; i++) {
            final long since = System.nanoTime();
            while (System.nanoTime() - since < gapNanos) {
                Thread.onSpinWait(); // the waker spins, so only the sleeper's core idles
            }
            final long before = wokenAt;
            final long stamp = System.nanoTime();
            unparkedAt = stamp;
            LockSupport.unpark(sleeper);
            long woken;
            while ((woken = wokenAt) == before) {
                Thread.onSpinWait();
            }
            nanos[i] = woken - stamp;
        }
        try {
            sleeper.join();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the probe ran", e);
        }
        return nanos;
    }
}
