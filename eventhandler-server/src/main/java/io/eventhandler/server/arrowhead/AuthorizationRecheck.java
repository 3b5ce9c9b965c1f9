package io.eventhandler.server.arrowhead;

import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.subscription.Subscriptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Keeps the stored subscriptions' authorization converging to the Authorization system's rules. The Authorization
 * sends each rule change once ({@code SUBSCRIBER_AUTH_UPDATE}, no retry): a notice lost while the Event Handler was
 * down or could not be reached would otherwise leave a revoked publisher delivering until the next restart. So every
 * stored subscriber is asked about again
 * <ul>
 *   <li>at start, as the stock Event Handler does;</li>
 *   <li>while that fails (the core is unreachable), every {@code event_handler_retry_connect_auth_interval_sec}
 *       (at most the re-check interval): the first pass that gets through once the core is back applies what
 *       changed meanwhile;</li>
 *   <li>at once when the Service Registry answers again after an outage ({@link #coreAnswersAgain()});</li>
 *   <li>every {@code eh.authorization.recheck.interval.ms}, for notices lost while everything seemed up.</li>
 * </ul>
 * Unlike the stock Event Handler, failing does not stop the Event Handler: the stored state stays in force meanwhile,
 * and the failure is logged (a warning, an error after {@code event_handler_max_retry_connect_auth} attempts, then
 * quiet until the core answers). Passes run one at a time on the timer thread {@code eh-auth-recheck}.
 */
public final class AuthorizationRecheck implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AuthorizationRecheck.class);
    /** A step only starts calls and reads answers. */
    private static final Duration STEP_STALL_BOUND = Duration.ofSeconds(1);
    private static final Duration SHORTEST_RETRY = Duration.ofMillis(100);

    private final Subscriptions subscriptions;
    private final Duration interval;
    private final Duration retry;
    private final int attemptsBeforeError;
    private final ScheduledExecutorService timer;
    private final Executor onTimer;

    // Touched on the timer thread only.
    private boolean running;
    private boolean again;
    private int failures;
    private long passes;
    private ScheduledFuture<?> next;

    /** @param runner makes the timer thread {@code eh-auth-recheck} */
    public AuthorizationRecheck(final Subscriptions subscriptions, final ArrowheadConfiguration arrowhead,
                                final Runner runner) {
        this.subscriptions = subscriptions;
        this.interval = Duration.ofMillis(arrowhead.authorizationRecheckIntervalMs());
        final Duration configuredRetry = Duration.ofSeconds(arrowhead.authorizationRetrySeconds());
        this.retry = max(SHORTEST_RETRY, configuredRetry.compareTo(interval) < 0 ? configuredRetry : interval);
        this.attemptsBeforeError = arrowhead.authorizationMaxRetries();
        this.timer = runner.timer("eh-auth-recheck", STEP_STALL_BOUND);
        this.onTimer = task -> {
            try {
                timer.execute(task);
            } catch (final RejectedExecutionException e) {
                LOG.debug("authorization re-check step dropped: closed");
            }
        };
    }

    /** The first pass now, in the background. */
    public void start() {
        onTimer.execute(this::pass);
    }

    /** The core answers again after an outage: re-check now rather than at the next scheduled pass. */
    public void coreAnswersAgain() {
        onTimer.execute(this::pass);
    }

    /** One pass at a time: asked for during one, another follows at once; a pass replaces the scheduled one. */
    private void pass() {
        if (running) {
            again = true;
            return;
        }
        if (next != null) {
            next.cancel(false);
            next = null;
        }
        running = true;
        subscriptions.recheckAll().whenCompleteAsync((checked, failure) -> {
            running = false;
            passes++;
            if (failure == null) {
                succeeded(checked);
            } else {
                failed(failure);
            }
            schedule(again ? Duration.ZERO : failure == null ? interval : retry);
            again = false;
        }, onTimer);
    }

    private void succeeded(final int checked) {
        if (failures > 0) {
            LOG.info("authorization re-checked for {} stored subscriber(s) after {} failed attempt(s)", checked,
                    failures);
        } else if (passes == 1) {
            LOG.info("authorization re-checked for {} stored subscriber(s)", checked);
        } else {
            LOG.debug("authorization re-checked for {} stored subscriber(s)", checked);
        }
        failures = 0;
    }

    private void failed(final Throwable failure) {
        failures++;
        final String why = Failures.describe(failure);
        if (failures < attemptsBeforeError) {
            LOG.warn("re-checking stored subscriptions with the Authorization system failed (attempt {}), retrying in"
                    + " {} ms: {}", failures, retry.toMillis(), why);
        } else if (failures == attemptsBeforeError) {
            LOG.error("re-checking stored subscriptions with the Authorization system failed {} times; they keep the"
                    + " authorization they have until it answers (retrying every {} ms, further failures at DEBUG):"
                    + " {}", failures, retry.toMillis(), why);
        } else {
            LOG.debug("authorization re-check failed (attempt {}): {}", failures, why);
        }
    }

    private void schedule(final Duration delay) {
        try {
            next = timer.schedule(() -> {
                next = null;
                pass();
            }, delay.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final RejectedExecutionException e) {
            LOG.debug("authorization re-check not scheduled: closed");
        }
    }

    private static Duration max(final Duration a, final Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** Stops re-checking; a pass in flight finishes without scheduling another. */
    @Override
    public void close() {
        timer.shutdownNow();
    }
}
