package io.eventhandler.client;

import java.util.concurrent.TimeUnit;

/**
 * The failed attempts of one call across the instances: the first try of each instance goes at once, later ones
 * after a doubling back-off, until the budget is spent. Used by one thread.
 */
final class FailoverAttempts {

    private final String operation;
    private final EventHandlerInstances instances;
    private final FailoverPolicy policy;
    private final long startNanos;
    private final long deadlineNanos;
    private long backoffNanos;
    private int failures;

    FailoverAttempts(final String operation, final EventHandlerInstances instances, final FailoverPolicy policy,
                     final long startNanos) {
        this.operation = operation;
        this.instances = instances;
        this.policy = policy;
        this.startNanos = startNanos;
        this.deadlineNanos = startNanos + policy.budget().toNanos();
        this.backoffNanos = policy.initialBackoff().toNanos();
    }

    /**
     * An attempt failed in a way another instance may not: returns when the next attempt may go (at once while
     * some instance has not been tried yet, else after the back-off).
     *
     * @throws EventHandlerUnavailableException when the budget is spent (every instance is tried at least once)
     */
    void failed(final RuntimeException cause) {
        failures++;
        if (failures < instances.size()) {
            return;
        }
        final long remaining = deadlineNanos - System.nanoTime();
        if (remaining <= 0) {
            throw exhausted(cause);
        }
        final long wait = Math.min(backoffNanos, remaining);
        backoffNanos = Math.min(backoffNanos * 2, policy.maxBackoff().toNanos());
        try {
            TimeUnit.NANOSECONDS.sleep(wait);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw exhausted(cause);
        }
    }

    private EventHandlerUnavailableException exhausted(final RuntimeException cause) {
        return new EventHandlerUnavailableException(operation, instances, failures,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos), cause);
    }
}
