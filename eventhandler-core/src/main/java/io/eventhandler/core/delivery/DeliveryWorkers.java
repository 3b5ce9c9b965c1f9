package io.eventhandler.core.delivery;

import io.eventhandler.core.idle.AdaptiveSpin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The delivery worker threads: each loops on {@link EdfScheduler#runNext} until closed, and does nothing else. With
 * no threads, delivery runs only when someone steps the scheduler ({@link EdfScheduler#runOne}).
 */
final class DeliveryWorkers implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DeliveryWorkers.class);
    private final EdfScheduler scheduler;
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean running;
    private final AtomicInteger dead = new AtomicInteger();
    private final long spinMicros;

    /**
     * @param size       worker threads, ≥ 0
     * @param namePrefix thread names are {@code namePrefix-0}, {@code namePrefix-1}, ...
     * @param spinMicros how long an idle worker polls the queue before it sleeps, at most ({@link AdaptiveSpin})
     */
    DeliveryWorkers(final EdfScheduler scheduler, final int size, final String namePrefix, final long spinMicros) {
        if (size < 0) {
            throw new IllegalArgumentException("delivery workers must be ≥ 0, was " + size);
        }
        this.scheduler = scheduler;
        this.spinMicros = spinMicros;
        for (int i = 0; i < size; i++) {
            final Thread thread = new Thread(this::run, namePrefix + "-" + i);
            thread.setDaemon(true);
            threads.add(thread);
        }
    }

    synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        threads.forEach(Thread::start);
    }

    /**
     * A job that throws an exception is counted by the scheduler and the worker goes on; an {@link Error} (out of
     * memory, stack overflow) ends the worker: it is counted as dead, so that health turns red and a supervisor
     * restarts the process, instead of delivery stopping silently.
     */
    private void run() {
        final AdaptiveSpin idle = new AdaptiveSpin(spinMicros);
        scheduler.workerStarted();
        try {
            while (running) {
                scheduler.runNext(idle);
            }
        } catch (final InterruptedException e) {
            return;
        } catch (final Throwable t) {
            dead.incrementAndGet();
            LOG.error("Delivery worker {} died: nothing is delivered by it any more; restart the process",
                    Thread.currentThread().getName(), t);
            throw t;
        } finally {
            scheduler.workerEnded();
        }
    }

    /** Workers that ended on an unexpected error. */
    int dead() {
        return dead.get();
    }

    int size() {
        return threads.size();
    }

    /** Stops the workers: a job being run finishes, queued jobs stay queued. */
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
}
