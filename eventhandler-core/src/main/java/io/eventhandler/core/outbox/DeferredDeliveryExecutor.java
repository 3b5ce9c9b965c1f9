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

    /**
     * The scope of each thread, per executor (not static: one executor's scope is its own). Kept for the thread's
     * life and reused: a list and a thread-local entry per publish were garbage on the hot path.
     */
    private final ThreadLocal<Scope> scopes = ThreadLocal.withInitial(Scope::new);

    /** A thread's kept drains, and whether its scope is open. */
    private static final class Scope {
        final List<Runnable> drains = new ArrayList<>(4);
        boolean open;
    }

    private final Executor pool;
    private final int maxDeferred;

    public DeferredDeliveryExecutor(final Executor pool, final int maxDeferred) {
        this.pool = pool;
        this.maxDeferred = maxDeferred;
    }

    @Override
    public void execute(final Runnable drain) {
        final Scope scope = scopes.get();
        if (scope.open && scope.drains.size() < maxDeferred) {
            scope.drains.add(drain);
        } else {
            pool.execute(drain);
        }
    }

    /** Start keeping the drains this thread starts (nothing is kept when {@code maxDeferred} is 0). */
    public void beginScope() {
        if (maxDeferred > 0) {
            final Scope scope = scopes.get();
            scope.drains.clear();
            scope.open = true;
        }
    }

    /** End the scope and run what it kept, on this thread. */
    public void runDeferred() {
        final Scope scope = scopes.get();
        if (!scope.open) {
            return;
        }
        // closed first, so that a drain started while these run goes to the pool rather than into this list
        scope.open = false;
        final List<Runnable> drains = scope.drains;
        final int kept = drains.size();
        try {
            for (int i = 0; i < kept; i++) {
                drains.get(i).run();
            }
        } finally {
            drains.clear();
        }
    }
}
