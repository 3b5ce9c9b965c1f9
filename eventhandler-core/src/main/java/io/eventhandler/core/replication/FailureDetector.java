package io.eventhandler.core.replication;

import java.util.function.LongSupplier;

/**
 * The backup's view of its primary: the primary is failed once it has been heard from and then stayed silent for
 * longer than the timeout. A backup that never heard from a primary never suspects one, so two instances started
 * in any order do not both serve. Clock injected for tests.
 */
public final class FailureDetector {

    private final LongSupplier nanoClock;
    private final long timeoutNanos;
    private volatile long lastHeardNanos;
    private volatile boolean heard;

    /** @param nanoClock monotonic nanoseconds, e.g. {@code System::nanoTime} */
    public FailureDetector(final LongSupplier nanoClock, final long timeoutNanos) {
        if (timeoutNanos <= 0) {
            throw new IllegalArgumentException("timeout must be > 0, was " + timeoutNanos);
        }
        this.nanoClock = nanoClock;
        this.timeoutNanos = timeoutNanos;
    }

    /** A heartbeat or batch arrived from the primary. */
    public void heard() {
        lastHeardNanos = nanoClock.getAsLong();
        heard = true;
    }

    /** Whether the primary is to be taken for failed now. */
    public boolean primaryFailed() {
        return heard && nanoClock.getAsLong() - lastHeardNanos > timeoutNanos;
    }

    /** Whether a primary was ever heard since the last {@link #forget()}. */
    public boolean hasHeard() {
        return heard;
    }

    /** When the primary was last heard ({@code nanoClock} scale); meaningful only if {@link #hasHeard()}. */
    public long lastHeardNanos() {
        return lastHeardNanos;
    }

    /** Stop watching until the next {@link #heard()}: this instance serves now. */
    public void forget() {
        heard = false;
    }
}
