package io.eventhandler.benchmarks.load;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Polls a condition every millisecond until it holds or a timeout passes. */
public final class Waiter {

    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private Waiter() {
    }

    /**
     * Waits for {@code condition}.
     *
     * @param timeout   the longest wait
     * @param condition what to wait for; evaluated at least once
     * @return whether it held before the timeout (false also when interrupted)
     */
    public static boolean until(final Duration timeout, final BooleanSupplier condition) {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (deadline - System.nanoTime() <= 0 || Thread.currentThread().isInterrupted()) {
                return false;
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
        return true;
    }
}
