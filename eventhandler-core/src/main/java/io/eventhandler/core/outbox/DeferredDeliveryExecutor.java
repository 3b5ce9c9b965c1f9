package io.eventhandler.core.outbox;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * The executor subscriber drains run on. A delivery worker opens a scope around a dispatch job and the dispatch jobs
 * merged into it ({@link #beginScope}): the drains its fan-outs start are kept, up to {@code maxDeferred}, and run by
 * the worker itself when the scope ends ({@link #runDeferred}), after the last fan-out, so each subscriber gets all
 * the merged events in one write and the writes leave in deadline order without another thread hand-off. Every
 * drain started outside a scope (a write that completed later, a heartbeat's wake, a close) and every one beyond
 * {@code maxDeferred} goes to the drain pool. Writes are non-blocking, so a slow subscriber never holds the worker.
 */
public final class DeferredDeliveryExecutor implements Executor {

    /** The open scope's kept drains, per thread and per executor (not static: one executor's scope is its own). */
    private final ThreadLocal<List<Runnable>> deferredDrains = new ThreadLocal<>();

    private final Executor pool;
    private final int maxDeferred;

    public DeferredDeliveryExecutor(final Executor pool, final int maxDeferred) {
        this.pool = pool;
        this.maxDeferred = maxDeferred;
    }

    @Override
    public void execute(final Runnable drain) {
        final List<Runnable> deferred = deferredDrains.get();
        if (deferred != null && deferred.size() < maxDeferred) {
            deferred.add(drain);
        } else {
            pool.execute(drain);
        }
    }

    /** Start keeping the drains this thread starts (nothing is kept when {@code maxDeferred} is 0). */
    public void beginScope() {
        if (maxDeferred > 0) {
            deferredDrains.set(new ArrayList<>(4));
        }
    }

    /** End the scope and run what it kept, on this thread. */
    public void runDeferred() {
        final List<Runnable> deferred = deferredDrains.get();
        if (deferred == null) {
            return;
        }
        deferredDrains.remove();
        for (final Runnable drain : deferred) {
            drain.run();
        }
    }
}
