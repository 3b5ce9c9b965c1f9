package io.eventhandler.core.outbox;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * The executor the broker schedules subscriber drains on. Inside a publish scope, the first {@code maxDeferred}
 * drains the publish starts are kept and run by the publishing thread itself once the publisher has its answer
 * ({@link #runDeferred}); the rest, and every drain started elsewhere, go to the delivery pool. This saves a thread
 * hand-off per event, but the worker serving inline still holds the publisher's connection, so that publisher's next
 * request waits: measured on two cores it gained nothing in latency and cost a fifth of a fan-out publisher's rate,
 * hence off by default ({@code maxDeferred} 0). The writes are non-blocking, so a slow subscriber never holds the
 * publishing thread.
 */
public final class DeferredDeliveryExecutor implements Executor {

    /** Per executor, not static: a scope of one executor says nothing about another's (EdfDelivery reads it). */
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

    /** Start keeping the drains this thread starts. */
    public void beginScope() {
        if (maxDeferred > 0) {
            deferredDrains.set(new ArrayList<>(4));
        }
    }

    /** Whether this thread is inside a scope (its drains are being kept). */
    public boolean inScope() {
        return deferredDrains.get() != null;
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
