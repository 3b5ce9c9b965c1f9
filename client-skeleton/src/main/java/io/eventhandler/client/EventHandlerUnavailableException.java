package io.eventhandler.client;

/**
 * No Event Handler instance took the request within the failover budget: each refused (HTTP 503, {@code
 * UNAVAILABLE}) or could not be reached. The cause is the last instance's failure.
 */
public final class EventHandlerUnavailableException extends EventHandlerException {

    private static final long serialVersionUID = 1L;

    private final int attempts;

    EventHandlerUnavailableException(final String operation, final EventHandlerInstances instances,
                                     final int attempts, final long elapsedMillis, final RuntimeException last) {
        super(operation + " failed: no Event Handler instance of " + instances + " took it in " + attempts
                + " attempts over " + elapsedMillis + " ms; last failure: " + last.getMessage(),
                last instanceof EventHandlerException e ? e.statusCode() : 503,
                last instanceof EventHandlerException e ? e.error() : null, last);
        this.attempts = attempts;
    }

    /** Requests sent (or tried) before giving up. */
    public int attempts() {
        return attempts;
    }
}
