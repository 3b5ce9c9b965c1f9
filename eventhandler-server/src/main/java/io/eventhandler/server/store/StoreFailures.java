package io.eventhandler.server.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs the subscription store's failures by episode: one ERROR (with the cause) when operations start failing, one
 * INFO when a change is stored again, saying how many failed in between. On a full disk every change fails until an
 * operator frees space, and a line with a stack trace per request would fill the log (on that same disk) at the
 * rate of the clients' retries.
 *
 * <p>Thread-safe.
 */
final class StoreFailures {

    private static final Logger LOG = LoggerFactory.getLogger(StoreFailures.class);

    private final String where;
    private boolean failing;
    private long failedSince;

    StoreFailures(final String where) {
        this.where = where;
    }

    /** An operation failed with {@code cause}. */
    synchronized void failed(final String operation, final Exception cause) {
        failedSince++;
        if (failing) {
            LOG.debug("subscription store operation {} failed again", operation, cause);
            return;
        }
        failing = true;
        LOG.error("subscription store {}: operation {} failed ({}); changes are answered 500 and not made until it "
                + "works again (logged once, then when a change is stored)", where, operation, rootMessage(cause),
                cause);
    }

    /** A change was stored (a read that works says nothing of writes: a full disk still lets the store read). */
    synchronized void stored() {
        if (failing) {
            LOG.info("subscription store {} stores changes again, after {} failed operation(s)", where, failedSince);
            failing = false;
            failedSince = 0;
        }
    }

    private static String rootMessage(final Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }
}
