package io.eventhandler.server.frontend;

import io.eventhandler.core.idle.AdaptiveSpin;
import org.glassfish.grizzly.nio.DefaultSelectorHandler;
import org.glassfish.grizzly.nio.SelectorHandlerTask;
import org.glassfish.grizzly.nio.SelectorRunner;

import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * A selector thread that found no ready socket polls its sockets for a while ({@link AdaptiveSpin}) before it
 * sleeps in the kernel, so that a client sending its next request right after the answer finds it awake: no
 * wake-up for the client to pay on its write, none for this thread to pay on its read.
 *
 * <p>A poll that found nothing returns no keys once before the thread sleeps: the runner then clears its "wake-up
 * sent" flag, which the polls may have left set while they consumed the wake-up itself (a non-blocking select
 * consumes it); a task queued after that wakes the sleeping selector as it always does. Pending tasks (a new
 * connection, a write interest registered by another thread) end a poll at once. Looking at Grizzly's pending queue
 * clears its "tasks pending" flag, so {@link #preSelect} runs whatever the queue holds, flag or not.
 *
 * <p>The same polls tell whether a selector keeps up with its clients: one that has found work ready at every look
 * for {@value #BEHIND_AFTER_MICROS} µs has clients waiting for it ({@link #waitedRecently}), and a publish it serves
 * then leaves a large fan-out to the delivery workers instead of writing it before the next request.
 */
final class SpinningSelectorHandler extends DefaultSelectorHandler {

    /**
     * A selector that found work ready at every look for this long is behind its clients. Shorter is too eager: one
     * publisher paced at 5,000/s to ten subscribers keeps a selector that writes the events itself busy for stretches
     * of a few ms while it keeps up (2 ms handed a third of the events to workers and doubled their p99); 30 ms let a
     * selector sharing its core with another process fall to 4,300/s (lab notebook, against Centrifugo).
     */
    static final long BEHIND_AFTER_MICROS = 10_000;

    private final long spinMicros;
    /** How often a selector thread went to sleep in the kernel after a poll that found nothing. */
    private final LongAdder sleeps = new LongAdder();
    /** Each selector thread's spin, whether its last poll found nothing (it sleeps next), when it last waited. */
    private final ThreadLocal<Idle> idle = new ThreadLocal<>();

    SpinningSelectorHandler(final long spinMicros) {
        this.spinMicros = spinMicros;
    }

    @Override
    public boolean preSelect(final SelectorRunner runner) throws IOException {
        if (!super.preSelect(runner)) {
            return false;
        }
        final Queue<SelectorHandlerTask> pending = runner.getPendingTasks();
        for (SelectorHandlerTask task = pending.poll(); task != null; task = pending.poll()) {
            if (!task.run(runner)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Set<SelectionKey> select(final SelectorRunner runner) throws IOException {
        if (spinMicros == 0) {
            return super.select(runner);
        }
        Idle thread = idle.get();
        if (thread == null) {
            thread = new Idle(new AdaptiveSpin(spinMicros), runner);
            idle.set(thread);
        }
        if (!runner.getPostponedTasks().isEmpty()) {
            return super.select(runner);
        }
        if (thread.sleepNext) {
            thread.sleepNext = false;
            sleeps.increment();
            final Set<SelectionKey> keys = super.select(runner);
            thread.spin.woke();
            thread.lastWaitedNanos = System.nanoTime();
            return keys;
        }
        if (!thread.spin.await(thread.ready)) {
            thread.sleepNext = true;
        }
        if (!thread.spin.foundAtFirstLook()) {
            thread.lastWaitedNanos = System.nanoTime();
        }
        return runner.getSelector().selectedKeys();
    }

    /**
     * Whether the selector thread calling this ran out of work (polled past its first look, or slept) within the
     * last {@value #BEHIND_AFTER_MICROS} µs. A thread that has found work ready at every look for longer is behind
     * its clients: they are waiting for it. True on a thread that does not poll (it cannot tell).
     */
    boolean waitedRecently() {
        final Idle thread = idle.get();
        return thread == null || System.nanoTime() - thread.lastWaitedNanos < BEHIND_AFTER_MICROS * 1_000L;
    }

    /** How often a selector thread went to sleep in the kernel after a poll that found nothing (tests). */
    long sleeps() {
        return sleeps.sum();
    }

    /** One selector thread's idle state (a runner keeps its thread; its selector may be replaced). */
    private static final class Idle {
        private final AdaptiveSpin spin;
        private final AdaptiveSpin.Poll<IOException> ready;
        private boolean sleepNext;
        /** When the thread last found no work at its first look ({@link #waitedRecently}). */
        private long lastWaitedNanos = System.nanoTime();

        private Idle(final AdaptiveSpin spin, final SelectorRunner runner) {
            this.spin = spin;
            this.ready = () -> runner.getSelector().selectNow() > 0 || !runner.getPendingTasks().isEmpty();
        }
    }
}
