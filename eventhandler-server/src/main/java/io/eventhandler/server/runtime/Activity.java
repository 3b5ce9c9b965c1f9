package io.eventhandler.server.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/** What the threads of one role did: rounds or tasks finished, and those that stalled. */
final class Activity {

    private static final Logger LOG = LoggerFactory.getLogger(Activity.class);

    private final String role;
    private final long stallNanos;
    private final List<RoleThread> threads = new CopyOnWriteArrayList<>();
    private final AtomicInteger created = new AtomicInteger();
    private final LongAdder rounds = new LongAdder();
    private final LongAdder stalls = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder deaths = new LongAdder();

    Activity(final String role, final long stallNanos) {
        this.role = role;
        this.stallNanos = stallNanos;
    }

    /** A new thread of this role, named {@code role} for the first of a single-thread role, else {@code role-N}. */
    RoleThread newThread(final Runnable task, final boolean numbered) {
        final int n = created.incrementAndGet();
        final RoleThread thread = new RoleThread(task, numbered ? role + "-" + n : role, this);
        threads.add(thread);
        return thread;
    }

    void finished(final long began, final long now) {
        rounds.increment();
        if (stallNanos > 0 && now - began > stallNanos) {
            stalls.increment();
        }
    }

    void failed() {
        failures.increment();
    }

    /**
     * A thread of this role ended on an error, or a task of it failed in a way that stops its work for good (an
     * error, or a periodic task that threw): the process is impaired, and health says so.
     */
    void died(final Thread thread, final Throwable failure) {
        deaths.increment();
        LOG.error("{} died: its work is not done any more; restart the process", thread.getName(), failure);
    }

    /**
     * A thread of this role ended on a throwable nobody caught: an {@link Error} is a death; an exception only ends
     * a pool's thread, which the pool replaces, so it is logged.
     */
    void uncaught(final Thread thread, final Throwable failure) {
        if (failure instanceof Error) {
            died(thread, failure);
        } else {
            LOG.warn("{}: a task failed", thread.getName(), failure);
        }
    }

    long deaths() {
        return deaths.sum();
    }

    String role() {
        return role;
    }

    void exited(final RoleThread thread) {
        threads.remove(thread);
    }

    RoleActivity snapshot(final long now) {
        boolean stalled = false;
        for (final RoleThread thread : threads) {
            stalled |= stallNanos > 0 && thread.busyNanos(now) > stallNanos;
        }
        return new RoleActivity(role, threads.size(), rounds.sum(), stalls.sum(), failures.sum(), stalled,
                deaths.sum());
    }
}
