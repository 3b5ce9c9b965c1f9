package io.eventhandler.server.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Whether the server takes new work (publishes, subscriptions, other changes), and the requests being served now.
 * The first part to stop: from {@link #stopAccepting} on, the front end refuses new work with 503 and readiness says
 * so; its {@link #drain} returns once every request that was let in before has been served, so that nothing is
 * accepted after the delivery behind it starts draining.
 */
public final class Intake implements Component {

    private static final Logger LOG = LoggerFactory.getLogger(Intake.class);

    private final AtomicInteger serving = new AtomicInteger();
    private volatile boolean open = true;

    /** Whether new work is taken; a request must still {@link #enter}. */
    public boolean open() {
        return open;
    }

    /**
     * Let a request in, or not once stopping began; a request let in must {@link #exit} when it was served.
     *
     * @return whether it may be served
     */
    public boolean enter() {
        serving.incrementAndGet();
        if (!open) {
            serving.decrementAndGet();
            return false;
        }
        return true;
    }

    /** A request that was let in has been served. */
    public void exit() {
        serving.decrementAndGet();
    }

    @Override
    public void stopAccepting() {
        open = false;
        LOG.info("stopping: new publishes, subscriptions and changes are refused with 503");
    }

    /** Wait until the requests let in before have been served, or the deadline passed. */
    @Override
    public void drain(final Deadline deadline) {
        while (serving.get() > 0 && !deadline.passed()) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        if (serving.get() > 0) {
            LOG.warn("stopping: {} request(s) still being served when the grace period ended", serving.get());
        }
    }

    @Override
    public void close() {
        // nothing held
    }
}
