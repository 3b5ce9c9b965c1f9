package io.eventhandler.server.runtime;

/** A thread of the {@link Runner}: named after its role, and carrying when its current round or task began. */
final class RoleThread extends Thread {

    private final Activity activity;
    /** {@link System#nanoTime()} when the current round or task began; 0 between them. Written by this thread. */
    private volatile long busySince;

    RoleThread(final Runnable task, final String name, final Activity activity) {
        super(task, name);
        this.activity = activity;
        setDaemon(true);
        // a thread the server depends on that ends on an error is a death the health check must see
        setUncaughtExceptionHandler(activity::uncaught);
    }

    void begin() {
        busySince = System.nanoTime();
    }

    void end() {
        final long began = busySince;
        busySince = 0;
        activity.finished(began, System.nanoTime());
    }

    /** How long the current round or task has been running, or 0 between rounds. */
    long busyNanos(final long now) {
        final long began = busySince;
        return began == 0 ? 0 : now - began;
    }
}
