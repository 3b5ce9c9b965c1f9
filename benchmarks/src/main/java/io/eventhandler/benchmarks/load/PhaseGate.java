package io.eventhandler.benchmarks.load;

import java.util.concurrent.CountDownLatch;

/**
 * Separates the warm-up from the measured phase across publishers: each publisher reports the end of its warm-up,
 * the run waits for all of them (and for the warm-up deliveries), then opens the gate so every publisher starts its
 * measured events together. Cancelling opens the gate with the measured phase skipped. Thread-safe.
 */
public final class PhaseGate {

    private final CountDownLatch warmedUp;
    private final CountDownLatch start = new CountDownLatch(1);
    private volatile boolean cancelled;

    /**
     * A gate for {@code publishers} publishers.
     *
     * @param publishers how many publishers report their warm-up
     */
    public PhaseGate(final int publishers) {
        this.warmedUp = new CountDownLatch(publishers);
    }

    /** A publisher finished its warm-up (or gave up during it). */
    public void warmupDone() {
        warmedUp.countDown();
    }

    /**
     * Waits until every publisher finished its warm-up.
     *
     * @throws InterruptedException when interrupted
     */
    public void awaitWarmups() throws InterruptedException {
        warmedUp.await();
    }

    /** Lets the measured phase begin. */
    public void open() {
        start.countDown();
    }

    /** Skips the measured phase: waiting publishers return. */
    public void cancel() {
        cancelled = true;
        start.countDown();
    }

    /**
     * Waits for {@link #open} or {@link #cancel}.
     *
     * @return true to run the measured phase, false when cancelled or interrupted
     */
    public boolean awaitStart() {
        try {
            start.await();
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return !cancelled;
    }
}
