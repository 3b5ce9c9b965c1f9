package io.eventhandler.client;

import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which Event Handler instance a client uses now, and the move to the next one when it refuses (HTTP 503) or cannot
 * be reached. Shared by every caller of one client, so that one caller's discovery that the primary is gone moves
 * them all. Thread-safe.
 */
final class Failover {

    private static final Logger LOG = LoggerFactory.getLogger(Failover.class);
    private static final int SERVICE_UNAVAILABLE = 503;

    /**
     * The instance in use and how many moves led to it: a caller that saw it fail moves on only if nobody else
     * has already (instances are counted round robin, so the same instance comes back with a new generation).
     */
    record Target(long generation, EventHandlerEndpoints endpoints) {
    }

    private final EventHandlerInstances instances;
    private final FailoverPolicy policy;
    private final AtomicLong generation = new AtomicLong();

    Failover(final EventHandlerInstances instances, final FailoverPolicy policy) {
        this.instances = instances;
        this.policy = policy;
    }

    EventHandlerInstances instances() {
        return instances;
    }

    FailoverPolicy policy() {
        return policy;
    }

    /** The instance to send to now. */
    Target current() {
        final long g = generation.get();
        return new Target(g, instances.get(g));
    }

    /**
     * Whether {@code failure} means "try the other instance": the instance refused (503, as one that is not the
     * serving primary answers) or gave no answer at all. Never with a single instance, which keeps the plain
     * client's behaviour: the failure goes to the caller at once.
     */
    boolean canFailOver(final RuntimeException failure) {
        return instances.hasBackup() && isUnavailable(failure);
    }

    static boolean isUnavailable(final RuntimeException failure) {
        return failure instanceof UncheckedIOException
                || failure instanceof EventHandlerException e && e.statusCode() == SERVICE_UNAVAILABLE;
    }

    /**
     * {@code target} failed: the next instance becomes current, unless another caller has moved on already.
     *
     * @param firstOfCall whether this is the call's first failure: later ones (every instance refusing while a
     *                    backup promotes itself) are logged at debug only
     */
    void failed(final Target target, final RuntimeException cause, final boolean firstOfCall) {
        final long next = target.generation() + 1;
        if (generation.compareAndSet(target.generation(), next)) {
            if (firstOfCall) {
                LOG.warn("Event Handler {} unavailable ({}); switching to {}", target.endpoints().baseUri(),
                        cause.getMessage(), instances.get(next).baseUri());
            } else {
                LOG.debug("Event Handler {} unavailable ({}); switching to {}", target.endpoints().baseUri(),
                        cause.getMessage(), instances.get(next).baseUri());
            }
        }
    }

    /** The attempts of one call, started now. */
    FailoverAttempts attempts(final String operation) {
        return new FailoverAttempts(operation, instances, policy, System.nanoTime());
    }

    /**
     * Sends {@code request} to the current instance and, while instances refuse or cannot be reached, to the next
     * ones, within the policy's budget.
     *
     * @throws EventHandlerUnavailableException when no instance took it within the budget
     */
    <T> T call(final String operation, final Function<EventHandlerEndpoints, T> request) {
        FailoverAttempts attempts = null;
        final long start = System.nanoTime();
        while (true) {
            final Target target = current();
            try {
                return request.apply(target.endpoints());
            } catch (final RuntimeException e) {
                if (!canFailOver(e)) {
                    throw e;
                }
                failed(target, e, attempts == null);
                if (attempts == null) {
                    attempts = new FailoverAttempts(operation, instances, policy, start);
                }
                attempts.failed(e);
            }
        }
    }
}
