package io.eventhandler.core.delivery.edf;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * A fixed pool of threads draining one {@link JobQueue} into a {@link JobHandler}. A replication job whose message
 * was dispatched meanwhile is aborted here (Table 3.3 Replicate step 1), not handed to the handler.
 *
 * @param <M> the message type
 */
public final class DeliveryWorkers<M> implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DeliveryWorkers.class);

    private final JobQueue<M> queue;
    private final JobHandler<M> handler;
    private final List<Thread> threads = new ArrayList<>();
    private final LongAdder dispatches = new LongAdder();
    private final LongAdder replications = new LongAdder();
    private final LongAdder aborted = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private volatile boolean running;

    /**
     * @param size       worker threads (the paper used three per core)
     * @param namePrefix thread names are {@code namePrefix-0}, {@code namePrefix-1}, ...
     */
    public DeliveryWorkers(final JobQueue<M> queue, final JobHandler<M> handler, final int size,
                           final String namePrefix) {
        if (size < 1) {
            throw new IllegalArgumentException("delivery workers must be ≥ 1, was " + size);
        }
        this.queue = queue;
        this.handler = handler;
        for (int i = 0; i < size; i++) {
            final Thread thread = new Thread(this::run, namePrefix + "-" + i);
            thread.setDaemon(true);
            threads.add(thread);
        }
    }

    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        threads.forEach(Thread::start);
    }

    private void run() {
        while (running) {
            final DeliveryJob<M> job;
            try {
                job = queue.take();
            } catch (final InterruptedException e) {
                break;
            }
            execute(job);
        }
    }

    /** Runs one job on the calling thread; also usable without the pool (tests, a caller-driven loop). */
    public void execute(final DeliveryJob<M> job) {
        final PendingMessage<M> message = job.message();
        try {
            if (job.kind() == JobKind.DISPATCH) {
                handler.dispatch(message);
                dispatches.increment();
            } else if (message.flags().tryStartReplication()) {
                handler.replicate(message);
                replications.increment();
            } else {
                aborted.increment();
            }
        } catch (final RuntimeException e) {
            failures.increment();
            LOG.warn("{} failed", job, e);
        }
    }

    /** Stops the workers: a job being executed finishes, queued jobs stay queued. */
    @Override
    public void close() {
        running = false;
        threads.forEach(Thread::interrupt);
        for (final Thread thread : threads) {
            try {
                thread.join(TimeUnit.SECONDS.toMillis(5));
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    public WorkerStatistics statistics() {
        return new WorkerStatistics(threads.size(), dispatches.sum(), replications.sum(), aborted.sum(),
                failures.sum());
    }
}
