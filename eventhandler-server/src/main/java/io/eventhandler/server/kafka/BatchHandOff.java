package io.eventhandler.server.kafka;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Hands the exported topics' batches from the threads that deliver them (delivery threads, the Kafka client's
 * thread completing the previous batch) to the export thread, without waking it per batch: a delivering thread only
 * links the batch into a lock-free queue. The export thread, after a round that found batches, lingers a moment and
 * takes what came meanwhile; only when a linger found nothing does it say it is idle, and then the next batch wakes
 * it. A steady stream therefore costs the delivering threads no wake-up at all, and the export thread one per
 * linger, however many events pass.
 */
final class BatchHandOff {

    /** How long the export thread waits for more after a round with batches: the export's added latency at most. */
    private final long lingerNanos;

    private final ConcurrentLinkedQueue<ExportBatch> batches = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean idle = new AtomicBoolean();
    private volatile Thread taker;
    /** Export thread only: whether its last wait returned a batch (so it lingers rather than goes idle). */
    private boolean busy;

    BatchHandOff(final long lingerMillis) {
        this.lingerNanos = TimeUnit.MILLISECONDS.toNanos(lingerMillis);
    }

    /** Any thread: the batch is the export thread's; wakes it only if it said it was idle. */
    void add(final ExportBatch batch) {
        batches.add(batch);
        if (idle.get() && idle.compareAndSet(true, false)) {
            LockSupport.unpark(taker);
        }
    }

    /** Export thread: a batch handed over and not taken yet, without waiting; null if none. */
    ExportBatch poll() {
        return batches.poll();
    }

    /**
     * Export thread: the next batch, waiting for it a linger after a round that had batches, else up to
     * {@code idleNanos} (the next {@link #add} wakes it); null if none came.
     */
    ExportBatch await(final long idleNanos) {
        ExportBatch batch = batches.poll();
        if (batch == null && busy && lingerNanos > 0) {
            LockSupport.parkNanos(this, lingerNanos);
            batch = batches.poll();
        }
        if (batch == null) {
            taker = Thread.currentThread();
            idle.set(true);
            // a batch added before the flag was seen set would not wake this thread: look once more
            batch = batches.poll();
            if (batch == null) {
                LockSupport.parkNanos(this, idleNanos);
                batch = batches.poll();
            }
            idle.set(false);
        }
        busy = batch != null;
        return batch;
    }
}
