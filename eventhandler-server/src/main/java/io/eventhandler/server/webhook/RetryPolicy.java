package io.eventhandler.server.webhook;

/**
 * Bounded retries with exponential back-off.
 *
 * @param maxRetries     retries after the first attempt
 * @param firstBackoffMs delay before the first retry, doubled for each further one
 */
record RetryPolicy(int maxRetries, long firstBackoffMs) {

    /** Whether attempt number {@code attempt} (1 = the first, 2 = the first retry) may be made. */
    boolean mayRetry(final int attempt) {
        return attempt - 1 <= maxRetries;
    }

    /** Delay before attempt number {@code attempt} (2 = first retry). */
    long backoffMs(final int attempt) {
        return firstBackoffMs << Math.min(20, attempt - 2);
    }
}
