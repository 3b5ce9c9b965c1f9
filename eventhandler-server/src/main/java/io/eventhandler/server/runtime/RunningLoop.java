package io.eventhandler.server.runtime;

import java.time.Duration;

/** A loop the {@link Runner} runs: its role, and the stop. */
public final class RunningLoop implements AutoCloseable {

    /** How long {@link #close()} waits for the loop to end. */
    private static final Duration DEFAULT_STOP = Duration.ofSeconds(5);

    private final String role;
    private final Loop loop;
    private volatile boolean running = true;
    private Thread thread;

    RunningLoop(final String role, final Loop loop) {
        this.role = role;
        this.loop = loop;
    }

    void started(final Thread thread) {
        this.thread = thread;
    }

    public String role() {
        return role;
    }

    /** Whether the loop was not told to stop yet. */
    public boolean running() {
        return running;
    }

    /**
     * Tells the loop to stop, wakes it, and waits up to {@code within} for its last round and its finish.
     *
     * @return whether it ended in time
     */
    public boolean stop(final Duration within) {
        running = false;
        if (thread == Thread.currentThread()) {
            return true; // the loop stops itself: it ends after this round
        }
        loop.wake(thread);
        try {
            thread.join(Math.max(1, within.toMillis()));
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !thread.isAlive();
    }

    @Override
    public void close() {
        stop(DEFAULT_STOP);
    }
}
