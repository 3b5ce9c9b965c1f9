package io.eventhandler.server.subscription;

import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.http.AsyncResponses;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * At start, ask the Authorization system again about every stored subscriber, as the stock Event Handler does
 * ({@code event_handler_max_retry_connect_auth} attempts, {@code event_handler_retry_connect_auth_interval_sec}
 * apart): rules may have changed while it was down, and Authorization systems before 4.6.2 never send updates. Unlike
 * the stock one, giving up does not stop the Event Handler: the stored state stays in force and the failure is logged.
 */
public final class StartupAuthorizationCheck {

    private static final Logger LOG = LoggerFactory.getLogger(StartupAuthorizationCheck.class);

    private final Subscriptions subscriptions;
    private final int attempts;
    private final long intervalSeconds;
    private final CompletableFuture<Integer> done = new CompletableFuture<>();

    public StartupAuthorizationCheck(final Subscriptions subscriptions, final ArrowheadConfiguration arrowhead) {
        this.subscriptions = subscriptions;
        this.attempts = arrowhead.authorizationMaxRetries();
        this.intervalSeconds = arrowhead.authorizationRetrySeconds();
    }

    /** Begin in the background; {@link #done()} completes with the number of subscribers checked. */
    public StartupAuthorizationCheck start() {
        attempt(1);
        return this;
    }

    public CompletableFuture<Integer> done() {
        return done;
    }

    private void attempt(final int attempt) {
        subscriptions.recheckAll().whenComplete((checked, failure) -> {
            if (failure == null) {
                LOG.info("authorization re-checked for {} stored subscriber(s)", checked);
                done.complete(checked);
            } else if (attempt < attempts) {
                LOG.warn("re-checking stored subscriptions with the Authorization system failed (attempt {} of {}),"
                        + " retrying in {} s: {}", attempt, attempts, intervalSeconds,
                        AsyncResponses.unwrap(failure).getMessage());
                CompletableFuture.delayedExecutor(intervalSeconds, TimeUnit.SECONDS)
                        .execute(() -> attempt(attempt + 1));
            } else {
                LOG.error("gave up re-checking stored subscriptions with the Authorization system after {} attempts;"
                        + " they keep the authorization they were stored with: {}", attempts,
                        AsyncResponses.unwrap(failure).getMessage());
                done.completeExceptionally(AsyncResponses.unwrap(failure));
            }
        });
    }
}
