package io.eventhandler.server.kafka;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.LongAdder;

/**
 * Whether the Kafka cluster answered the bridge's last call: one ERROR line when it stops answering (at start too),
 * one INFO line when it answers again, nothing per retry in between.
 */
final class Reachability {

    private static final Logger LOG = LoggerFactory.getLogger(Reachability.class);

    private final String servers;
    private final int retryMillis;
    private final LongAdder failures = new LongAdder();
    private volatile Boolean reachable;
    private volatile String lastError = "";

    Reachability(final String servers, final int retryMillis) {
        this.servers = servers;
        this.retryMillis = retryMillis;
    }

    void failed(final String part, final Exception e) {
        failures.increment();
        lastError = part + ": " + e.getMessage();
        if (!Boolean.FALSE.equals(reachable)) {
            LOG.error("Kafka at {} cannot be reached ({}: {}); the {} retries every {} ms, and the Event Handler"
                    + " serves its local subscribers meanwhile", servers, e.getClass().getSimpleName(),
                    e.getMessage(), part, retryMillis);
        }
        reachable = false;
    }

    void answered() {
        if (Boolean.FALSE.equals(reachable)) {
            LOG.info("Kafka at {} answers again", servers);
        }
        reachable = true;
    }

    /** True or false once a call was made; null before. */
    Boolean reachable() {
        return reachable;
    }

    long failures() {
        return failures.sum();
    }

    String lastError() {
        return lastError;
    }
}
