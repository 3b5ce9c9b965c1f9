package io.eventhandler.server.kafka;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs the export's calls that take a topic's lock (attaching its subscriber, which copies the history's events into
 * the outbox, and detaching it) on a thread of the normal scheduling class, while the export loop waits. The loop's
 * own thread is in the lowest class: preempted there while holding the lock, it held the topic's publishes for up to
 * 4.5 ms (lab/notebook/kafka-export.md). Without that class the loop makes the calls itself.
 */
final class TopicLockCalls implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TopicLockCalls.class);

    /** Null: the calls run on the caller. */
    private final ExecutorService thread;

    private TopicLockCalls(final ExecutorService thread) {
        this.thread = thread;
    }

    static TopicLockCalls onCaller() {
        return new TopicLockCalls(null);
    }

    /**
     * Starts the thread now: a thread inherits its creator's scheduling class, so it must not be started by the
     * export loop once that runs in the lowest one.
     */
    static TopicLockCalls onOwnThread() {
        final ThreadPoolExecutor thread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), task -> {
                    final Thread t = new Thread(task, "eh-kafka-attach");
                    t.setDaemon(true);
                    return t;
                });
        thread.prestartCoreThread();
        return new TopicLockCalls(thread);
    }

    /** Runs the call and returns once it ran; what it throws is thrown here. */
    void run(final Runnable call) {
        if (thread == null) {
            call.run();
            return;
        }
        final Future<?> done = thread.submit(call);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    done.get();
                    return;
                } catch (final InterruptedException e) {
                    // the call is under way and changes the broker: wait for it, then keep the interrupt
                    interrupted = true;
                } catch (final ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException runtime) {
                        throw runtime;
                    }
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    throw new IllegalStateException(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void close() {
        if (thread != null) {
            thread.shutdown();
            LOG.debug("Kafka export: its topic-lock thread stopped");
        }
    }
}
