package io.eventhandler.server.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RunnableScheduledFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Every thread the server makes, by role: long-running {@link Loop}s, timers and fixed pools. Each role names its
 * threads ({@code eh-replication}, {@code eh-delivery-1}, ...), and counts its rounds or tasks and its stalls: those
 * that ran longer than the role's stall bound. A loop, timer or pool is stopped by its owner; {@link #close()} stops
 * whatever is still running.
 */
public final class Runner implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Runner.class);
    /** A loop whose round failed waits this long before the next, so that a persistent failure does not spin. */
    private static final long FAILURE_PAUSE_MS = 100;

    private final Map<String, Activity> roles = new ConcurrentHashMap<>();
    private final List<AutoCloseable> running = new CopyOnWriteArrayList<>();

    /**
     * Starts a loop on its own thread named {@code role}.
     *
     * @param stallAfter a round that takes longer than this (its wait for work included) counts as a stall
     */
    public RunningLoop loop(final String role, final Duration stallAfter, final Loop loop) {
        final Activity activity = activity(role, stallAfter);
        final RunningLoop handle = new RunningLoop(role, loop);
        final RoleThread thread = activity.newThread(() -> run(handle, loop, activity), false);
        handle.started(thread);
        running.add(handle);
        thread.start();
        return handle;
    }

    private void run(final RunningLoop handle, final Loop loop, final Activity activity) {
        final RoleThread self = (RoleThread) Thread.currentThread();
        try {
            while (handle.running()) {
                self.begin();
                try {
                    loop.round();
                } catch (final InterruptedException e) {
                    break;
                } catch (final RuntimeException e) {
                    activity.failed();
                    LOG.error("{}: a round failed; the loop goes on", handle.role(), e);
                    pause();
                } finally {
                    self.end();
                }
            }
        } finally {
            try {
                loop.finish();
            } catch (final RuntimeException e) {
                LOG.error("{}: finishing failed", handle.role(), e);
            }
            activity.exited(self);
            running.remove(handle);
        }
    }

    private static void pause() {
        try {
            TimeUnit.MILLISECONDS.sleep(FAILURE_PAUSE_MS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A single-thread scheduler named {@code role} (retries, heartbeats, periodic checks). Shut it down when done.
     *
     * @param stallAfter a task that runs longer than this counts as a stall
     */
    public ScheduledExecutorService timer(final String role, final Duration stallAfter) {
        final Activity activity = activity(role, stallAfter);
        final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1,
                task -> activity.newThread(task, false)) {
            @Override
            protected void beforeExecute(final Thread thread, final Runnable task) {
                ((RoleThread) thread).begin();
            }

            @Override
            protected void afterExecute(final Runnable task, final Throwable failure) {
                ((RoleThread) Thread.currentThread()).end();
                watch(activity, task, failure, true);
            }
        };
        timer.setRemoveOnCancelPolicy(true);
        running.add(timer::shutdownNow);
        return timer;
    }

    /**
     * A fixed pool of {@code threads} threads named {@code role-N} ({@code role} when it is one), started as work
     * arrives, with an unbounded queue.
     * Shut it down when done.
     *
     * @param stallAfter a task that runs longer than this counts as a stall
     */
    public ExecutorService pool(final String role, final int threads, final Duration stallAfter) {
        final Activity activity = activity(role, stallAfter);
        final ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), task -> activity.newThread(task, threads > 1)) {
            @Override
            protected void beforeExecute(final Thread thread, final Runnable task) {
                ((RoleThread) thread).begin();
            }

            @Override
            protected void afterExecute(final Runnable task, final Throwable failure) {
                ((RoleThread) Thread.currentThread()).end();
                watch(activity, task, failure, false);
            }
        };
        running.add(pool::shutdownNow);
        return pool;
    }

    /**
     * Threads named {@code role-N} for a library that runs its own (an HTTP client's I/O reactor): named and
     * counted, their work is not.
     */
    public ThreadFactory threads(final String role) {
        final Activity activity = activity(role, Duration.ZERO);
        return task -> activity.newThread(task, true);
    }

    /**
     * After a task of a timer or pool: an {@link Error} is a death (a task run by {@code execute} kills its thread,
     * which the thread's handler counts; one run as a future only leaves it in the future, counted here); so is any
     * failure of a periodic task, which the scheduler then never runs again.
     */
    private static void watch(final Activity activity, final Runnable task, final Throwable failure,
                              final boolean timer) {
        if (failure != null || !(task instanceof Future<?> future) || !future.isDone() || future.isCancelled()) {
            return;
        }
        try {
            future.get();
        } catch (final ExecutionException e) {
            final boolean periodic = timer && task instanceof RunnableScheduledFuture<?> scheduled
                    && scheduled.isPeriodic();
            if (periodic || e.getCause() instanceof Error) {
                activity.died(Thread.currentThread(), e.getCause());
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Deaths per role (threads that ended on an error, periodic tasks that stopped), only roles with any. */
    public Map<String, Long> deaths() {
        final Map<String, Long> deaths = new TreeMap<>();
        roles.values().forEach(activity -> {
            if (activity.deaths() > 0) {
                deaths.put(activity.role(), activity.deaths());
            }
        });
        return deaths;
    }

    private Activity activity(final String role, final Duration stallAfter) {
        return roles.computeIfAbsent(role, r -> new Activity(r, stallAfter.toNanos()));
    }

    /** Every role that made a thread, in name order. */
    public List<RoleActivity> activity() {
        final long now = System.nanoTime();
        final List<RoleActivity> all = new ArrayList<>();
        roles.values().forEach(activity -> all.add(activity.snapshot(now)));
        all.sort((a, b) -> a.role().compareTo(b.role()));
        return all;
    }

    /** Stops every loop, timer and pool still running (their owners normally stopped them already). */
    @Override
    public void close() {
        for (final AutoCloseable stoppable : List.copyOf(running)) {
            try {
                stoppable.close();
            } catch (final Exception e) {
                LOG.warn("stopping a thread of the runner failed: {}", e.toString());
            }
        }
        running.clear();
    }
}
