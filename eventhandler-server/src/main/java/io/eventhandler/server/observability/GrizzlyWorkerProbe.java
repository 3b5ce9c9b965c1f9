package io.eventhandler.server.observability;

import org.glassfish.grizzly.threadpool.AbstractThreadPool;
import org.glassfish.grizzly.threadpool.ThreadPoolProbe;

import java.util.concurrent.atomic.LongAdder;

/**
 * How many Grizzly workers run a task now: tasks taken minus tasks completed. Grizzly tells its probes of both; the
 * cost is one striped increment each, next to a request's tens of microseconds. Thread-safe.
 */
public final class GrizzlyWorkerProbe extends ThreadPoolProbe.Adapter {

    private final LongAdder taken = new LongAdder();
    private final LongAdder completed = new LongAdder();
    private volatile AbstractThreadPool pool;

    @Override
    public void onThreadPoolStartEvent(final AbstractThreadPool threadPool) {
        this.pool = threadPool;
    }

    @Override
    public void onTaskDequeueEvent(final AbstractThreadPool threadPool, final Runnable task) {
        taken.increment();
    }

    @Override
    public void onTaskCompleteEvent(final AbstractThreadPool threadPool, final Runnable task) {
        completed.increment();
    }

    @Override
    public void onTaskCancelEvent(final AbstractThreadPool threadPool, final Runnable task) {
        completed.increment();
    }

    /** Workers running a task now (at most the pool size). */
    public long busy() {
        final long running = taken.sum() - completed.sum();
        return Math.max(0, Math.min(running, threads()));
    }

    /** Tasks the workers have taken since the start (each request a worker served is one). */
    public long tasks() {
        return taken.sum();
    }

    /** Worker threads in the pool now. */
    public int threads() {
        final AbstractThreadPool current = pool;
        return current == null ? 0 : current.getSize();
    }

    /** Tasks waiting for a worker. */
    public int queued() {
        final AbstractThreadPool current = pool;
        return current == null || current.getQueue() == null ? 0 : current.getQueue().size();
    }
}
