package io.eventhandler.server.delivery;

import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.outbox.SubscriberOutbox;
import io.eventhandler.server.runtime.Component;
import io.eventhandler.server.runtime.Deadline;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The orderly stop's delivery phase: once nothing new is accepted, waits until every accepted event has been fanned
 * out and every subscriber's queue has been delivered (webhooks acknowledged, SSE writes completed), or the grace
 * period ended; then logs, per topic and subscriber, what it could not deliver.
 */
public final class DeliveryDrain implements Component {

    private static final Logger LOG = LoggerFactory.getLogger(DeliveryDrain.class);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final Broker broker;
    private final String afterRestart;

    /**
     * @param webhooksResume whether webhook subscriptions resume from their delivered position after a restart
     *                       (durable history), which the log says of what is left
     */
    public DeliveryDrain(final Broker broker, final boolean webhooksResume) {
        this.broker = broker;
        this.afterRestart = webhooksResume ? "; a webhook subscriber gets the durable ones after a restart" : "";
    }

    @Override
    public void drain(final Deadline deadline) {
        while (!idle()) {
            if (deadline.passed()) {
                reportUndelivered();
                return;
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
        LOG.info("stopping: every accepted event was delivered to the subscribers attached");
    }

    /** Nothing waits for dispatch, then (checked after: a dispatch queues before it ends) no outbox has work. */
    private boolean idle() {
        if (!broker.undispatched().isEmpty()) {
            return false;
        }
        for (final SubscriberOutbox outbox : broker.outboxes()) {
            if (!outbox.idle()) {
                return false;
            }
        }
        return true;
    }

    private void reportUndelivered() {
        long total = 0;
        int subscribers = 0;
        for (final Map.Entry<String, Integer> topic : broker.undispatched().entrySet()) {
            LOG.warn("stopping: {} accepted event(s) of topic {} were not dispatched within the grace period{}",
                    topic.getValue(), topic.getKey(), afterRestart);
            total += topic.getValue();
        }
        for (final SubscriberOutbox outbox : broker.outboxes()) {
            final int undelivered = outbox.undelivered();
            if (undelivered > 0) {
                LOG.warn("stopping: {} event(s) of topic {} not delivered to {} within the grace period (oldest {}){}",
                        undelivered, outbox.topic(), outbox.description(), outbox.oldestUndeliveredSequence(),
                        afterRestart);
                total += undelivered;
                subscribers++;
            }
        }
        LOG.warn("stopping: the grace period ended with {} event deliveries outstanding ({} subscriber(s) "
                + "behind); they are counted as dropped when the streams close", total, subscribers);
    }

    @Override
    public void close() {
        // nothing held
    }
}
