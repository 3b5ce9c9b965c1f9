package io.eventhandler.server.webhook;

import java.util.function.LongSupplier;

/**
 * Stops trying a webhook subscriber that keeps failing: after {@code failureThreshold} events in a row were given up
 * on (each after its retries), the circuit opens for {@code openNanos}; events meanwhile fail at once, counted, so a
 * dead subscriber neither builds a backlog nor ties up connections. Then one event is tried (half-open): a success
 * closes the circuit, a failure opens it again. Used by one subscription's sink, one event at a time.
 */
final class CircuitBreaker {

    private final int failureThreshold;
    private final long openNanos;
    private final LongSupplier nanoClock;
    private int consecutiveFailures;
    private long openUntilNanos;
    private boolean open;
    private long opened;

    /**
     * @param failureThreshold events given up on in a row that open the circuit; 0 for never
     * @param openNanos        how long it stays open before one event is tried again
     */
    CircuitBreaker(final int failureThreshold, final long openNanos, final LongSupplier nanoClock) {
        this.failureThreshold = failureThreshold;
        this.openNanos = openNanos;
        this.nanoClock = nanoClock;
    }

    /** Whether the next event may be sent (closed, or open long enough to try one). */
    synchronized boolean allows() {
        return !open || nanoClock.getAsLong() - openUntilNanos >= 0;
    }

    synchronized void succeeded() {
        consecutiveFailures = 0;
        open = false;
    }

    /** An event was given up on; returns true when this opens (or re-opens) the circuit. */
    synchronized boolean failed() {
        consecutiveFailures++;
        if (failureThreshold > 0 && (open || consecutiveFailures >= failureThreshold)) {
            open = true;
            openUntilNanos = nanoClock.getAsLong() + openNanos;
            opened++;
            return true;
        }
        return false;
    }

    /**
     * The circuit now, for the status page: {@code OPEN} (events fail at once), {@code HALF_OPEN} (open long enough
     * that the next event is tried), {@code CLOSED} with the events given up on in a row if any
     * ({@code CLOSED, 2 failing}).
     */
    synchronized String state() {
        if (open) {
            return allows() ? "HALF_OPEN" : "OPEN";
        }
        return consecutiveFailures == 0 ? "CLOSED" : "CLOSED, " + consecutiveFailures + " failing";
    }

    /** How often the circuit opened. */
    synchronized long timesOpened() {
        return opened;
    }
}
