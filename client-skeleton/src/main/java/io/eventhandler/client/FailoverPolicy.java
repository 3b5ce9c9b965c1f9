package io.eventhandler.client;

import java.time.Duration;

/**
 * How long a call keeps trying the Event Handler instances in turn before it gives up. While a backup promotes
 * itself (tens of milliseconds) both instances may refuse; after every instance refused once, the next attempts
 * wait a back-off that doubles from {@code initialBackoff} up to {@code maxBackoff}. An attempt under way is not cut
 * short when the budget ends: the client's connect and response timeouts bound it, so keep them short on a network
 * where a dead host does not refuse connections at once.
 *
 * @param initialBackoff first wait after every instance refused (default 2 ms)
 * @param maxBackoff     longest wait between two attempts (default 10 ms: a take-over lasts tens of ms, and x counts until the publisher is through)
 * @param budget         how long one call may take over all attempts before it fails (default 5 s)
 */
public record FailoverPolicy(Duration initialBackoff, Duration maxBackoff, Duration budget) {

    /** 2 ms doubling to 10 ms, for up to 5 s. */
    public static final FailoverPolicy DEFAULT =
            new FailoverPolicy(Duration.ofMillis(2), Duration.ofMillis(10), Duration.ofSeconds(5));

    public FailoverPolicy {
        HttpClientFactory.requireNonNegative(initialBackoff, "initialBackoff");
        HttpClientFactory.requireNonNegative(maxBackoff, "maxBackoff");
        HttpClientFactory.requireNonNegative(budget, "budget");
        if (maxBackoff.compareTo(initialBackoff) < 0) {
            throw new IllegalArgumentException("maxBackoff " + maxBackoff + " is below initialBackoff " + initialBackoff);
        }
    }

    /** The same back-off with another budget. */
    public FailoverPolicy withBudget(final Duration newBudget) {
        return new FailoverPolicy(initialBackoff, maxBackoff, newBudget);
    }

    /** The same budget with another back-off. */
    public FailoverPolicy withBackoff(final Duration initial, final Duration max) {
        return new FailoverPolicy(initial, max, budget);
    }
}
