package io.eventhandler.server.runtime;

/**
 * One long-running loop of the server, run by {@link Runner#loop}: the runner calls {@link #round()} again and again
 * on the loop's own thread until the loop is stopped, then {@link #finish()} once.
 */
@FunctionalInterface
public interface Loop {

    /**
     * Waits for work, for a bounded time (the loop's stall bound counts the wait), and does it.
     *
     * @throws InterruptedException when woken by the stop; the loop ends (its {@link #finish()} still runs)
     */
    void round() throws InterruptedException;

    /**
     * Wakes a round that is waiting for work, so that it sees the stop soon. By default the thread is interrupted; a
     * loop whose work must not be interrupted (a file being written) wakes itself differently, e.g. with a marker in
     * its queue.
     */
    default void wake(final Thread thread) {
        thread.interrupt();
    }

    /** Runs once on the loop's thread after the last round: write what is left, close what the loop held. */
    default void finish() {
    }
}
