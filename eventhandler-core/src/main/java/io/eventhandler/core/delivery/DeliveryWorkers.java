package io.eventhandler.core.delivery;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The delivery worker threads: each loops on {@link EdfScheduler#runNext} until closed, and does nothing else. With
 * no threads, delivery runs only when someone steps the scheduler ({@link EdfScheduler#runOne}).
 */
final class DeliveryWorkers implements AutoCloseable {

    private final EdfScheduler scheduler;
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean running;

    /**
     * @param size       worker threads, ≥ 0
     * @param namePrefix thread names are {@code namePrefix-0}, {@code namePrefix-1}, ...
     */
    DeliveryWorkers(final EdfScheduler scheduler, final int size, final String namePrefix) {
        if (size < 0) {
            throw new IllegalArgumentException("delivery workers must be ≥ 0, was " + size);
        }
        this.scheduler = scheduler;
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

    private void run() {
        while (running) {
            try {
                scheduler.runNext();
            } catch (final InterruptedException e) {
                return;
            }
        }
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
