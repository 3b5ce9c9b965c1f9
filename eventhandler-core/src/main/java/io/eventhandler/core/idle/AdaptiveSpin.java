package io.eventhandler.core.idle;

import java.util.function.LongSupplier;

/**
 * How long a thread that ran out of work polls for more before it sleeps, learnt from how long it was idle: when
 * work came within the maximum poll (while polling, or soon after it went to sleep) the next poll is the maximum;
 * when the thread was idle longer, the next poll is half the last one, down to a sixteenth of the maximum.
 *
 * <p>Why: waking a sleeping thread costs its waker a system call and, when the sleeper's core is idle, an
 * inter-processor interrupt, and the sleeper a pass through the scheduler: about 20 µs on a virtual two-core machine,
 * once per event on a connection whose client sends the next request right after the answer, or a worker fed a job at
 * a time. A thread still polling takes that work without being woken. Under a steady stream of work with short gaps
 * polls end in work and the budget stays at its maximum; with gaps longer than the maximum (a publisher paced below
 * the server's speed) they do not, and the budget falls to a sixteenth, so an idle or lightly loaded server spends
 * almost nothing on it. A polling thread yields its core between polls, so it never keeps a runnable thread waiting.
 *
 * <p>One per thread: not thread-safe.
 */
public final class AdaptiveSpin {

    private static final int FLOOR_DIVISOR = 16;

    private final LongSupplier nanoTime;
    private final long maxNanos;
    private final long floorNanos;
    private long budgetNanos;
    private long idleSince;
    private boolean atFirstLook;

    /** @param maxMicros the longest poll, µs; 0 = never poll, sleep at once */
    public AdaptiveSpin(final long maxMicros) {
        this(maxMicros, System::nanoTime);
    }

    /** With the clock a test steps. */
    AdaptiveSpin(final long maxMicros, final LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        if (maxMicros < 0) {
            throw new IllegalArgumentException("a spin time must be ≥ 0 µs, was " + maxMicros);
        }
        this.maxNanos = maxMicros * 1_000L;
        this.floorNanos = maxNanos / FLOOR_DIVISOR;
        this.budgetNanos = maxNanos;
    }

    /**
     * Polls {@code work} (yielding the core between polls) until it finds some or the budget is spent; on false the
     * caller sleeps until work comes and then calls {@link #woke()}.
     */
    public <E extends Exception> boolean await(final Poll<E> work) throws E {
        idleSince = nanoTime.getAsLong();
        atFirstLook = false;
        if (budgetNanos == 0) {
            return false;
        }
        boolean first = true;
        do {
            if (work.found()) {
                atFirstLook = first;
                return true;
            }
            first = false;
            Thread.yield();
        } while (nanoTime.getAsLong() - idleSince < budgetNanos);
        return false;
    }

    /**
     * Whether the last {@link #await} found work at its first look: it came while this thread was busy with the
     * last, so whoever sent it is waiting for this thread rather than the other way round.
     */
    public boolean foundAtFirstLook() {
        return atFirstLook;
    }

    /** The thread slept after {@link #await} returned false and has work again: sets the next budget. */
    public void woke() {
        final long idle = nanoTime.getAsLong() - idleSince;
        budgetNanos = idle <= maxNanos ? maxNanos : Math.max(floorNanos, budgetNanos / 2);
    }

    /** The current budget, ns (for tests and diagnostics). */
    public long budgetNanos() {
        return budgetNanos;
    }

    /**
     * One look for work, never waiting.
     *
     * @param <E> what the look may throw
     */
    @FunctionalInterface
    public interface Poll<E extends Exception> {
        boolean found() throws E;
    }
}
