package io.eventhandler.server.replication;

import io.eventhandler.core.delivery.Replicator;
import io.eventhandler.core.event.Event;
import io.eventhandler.server.config.ReplicationConfiguration;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The delivery's {@link Replicator}: replication jobs and discard requests queue here, bounded and never blocking,
 * for the {@link ReplicationLink} to send. It exists before the broker (the delivery needs it), the link only once
 * everything it mirrors does. Standalone, a replica is acknowledged at once (nowhere to keep a copy); paired, only
 * the serving primary replicates, and what cannot be queued or sent is counted and failed.
 */
public final class ReplicaQueue implements Replicator {

    record Replicate(Event event, Runnable acknowledged, Runnable failed) {
    }

    record Discard(String topic, long sequence) {
    }

    private final PairRoles roles;
    private final BlockingQueue<Object> queue;
    private final LongAdder replicasFailed = new LongAdder();
    private final LongAdder discardsLost = new LongAdder();

    public ReplicaQueue(final ReplicationConfiguration configuration, final PairRoles roles) {
        this.roles = roles;
        this.queue = new ArrayBlockingQueue<>(configuration.queueCapacity());
    }

    @Override
    public void replicate(final Event event, final Runnable acknowledged, final Runnable failed) {
        if (!roles.paired()) {
            acknowledged.run();
        } else if (!roles.servingPrimary()) {
            failed.run();
        } else if (!queue.offer(new Replicate(event, acknowledged, failed))) {
            replicasFailed.increment();
            failed.run();
        }
    }

    /**
     * Queue a discard request; one that finds the queue full is lost (the copy is re-dispatched on recovery, and
     * subscribers drop it as a duplicate).
     */
    @Override
    public void discard(final Event event) {
        if (roles.paired() && roles.serving() && !queue.offer(new Discard(event.topic(), event.sequence()))) {
            discardsLost.increment();
        }
    }

    /** Up to {@code max} records into {@code batch}, waiting at most {@code timeoutMs} for the first. */
    void take(final List<Object> batch, final int max, final long timeoutMs) throws InterruptedException {
        final Object first = queue.poll(timeoutMs, TimeUnit.MILLISECONDS);
        if (first != null) {
            batch.add(first);
            queue.drainTo(batch, max - 1);
        }
    }

    /** The records did not reach the backup: their replicas fail, their discard requests are lost. */
    void fail(final List<Object> records) {
        for (final Object record : records) {
            if (record instanceof Replicate r) {
                replicasFailed.increment();
                r.failed().run();
            } else {
                discardsLost.increment();
            }
        }
    }

    /** Fail everything queued (the link is not primary any more, or stops). */
    void failQueued() {
        final List<Object> left = new ArrayList<>();
        queue.drainTo(left);
        fail(left);
    }

    int size() {
        return queue.size();
    }

    long replicasFailed() {
        return replicasFailed.sum();
    }

    long discardsLost() {
        return discardsLost.sum();
    }
}
