package io.eventhandler.server.sse;

import io.eventhandler.core.broker.Broker;
import io.eventhandler.core.delivery.SubscriberOutbox;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Wakes every subscriber periodically; an SSE stream that has been idle for the heartbeat interval writes a comment
 * line, which keeps proxies from closing it and reveals dead connections (the write fails).
 */
public final class SseHeartbeat implements AutoCloseable {

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        final Thread thread = new Thread(r, "eh-sse-heartbeat");
        thread.setDaemon(true);
        return thread;
    });

    public SseHeartbeat(final Broker broker, final long intervalMs) {
        final long period = Math.max(50, intervalMs / 2);
        timer.scheduleAtFixedRate(() -> {
            for (final SubscriberOutbox outbox : broker.outboxes()) {
                outbox.wake();
            }
        }, period, period, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
