package io.eventhandler.core.engine.runtime;

import io.eventhandler.core.engine.graph.Edge;

import java.util.ArrayDeque;
import java.util.List;
import java.util.PriorityQueue;

/**
 * For benchmarks only (CPEP Table 2.2), so it lives in the core's test jar, not in its API: the engine's own queue
 * classes, outside a running engine, so that JMH can time their operations one by one. Not thread-safe, like the queues themselves (the {@link Scheduler}'s lock guards
 * them in the engine; {@link #schedulerOfferTake} includes that lock). Everything a real enqueue allocates is
 * allocated here too: a {@link Delivery} per PendingQ entry, a move tuple per MovingQ entry.
 */
public final class QueueBenchmarkHook {

    private final InputQueue input;
    private final ArrayDeque<Delivery> pending = new ArrayDeque<>();
    private final PriorityQueue<Scheduler.Move> moving = new PriorityQueue<>(Scheduler.MOVE_ORDER);
    private final EngineEvent[] events;
    private final Scheduler scheduler;
    private long moveSequence;

    /** @param topics supplier topics of the InputQ (indices 0..topics-1) */
    public QueueBenchmarkHook(final int topics) {
        this.input = new InputQueue(topics);
        this.events = new EngineEvent[topics];
        for (int i = 0; i < topics; i++) {
            events[i] = new EngineEvent("topic:T" + i, "0", i, Long.MAX_VALUE, false);
        }
        // One level, one topic read by one operator: the shortest path through the scheduler. Counters only count
        // moves, and a single level has none, so none are needed.
        this.scheduler = new Scheduler(List.of(0), List.of(List.of(new Edge(0, 0))), new int[] {0}, new int[] {0}, null,
                false);
    }

    /** InputQ enqueue of topic {@code topic}'s event; true if it replaced a queued one. */
    public boolean inputEnqueue(final int topic) {
        return input.offer(topic, events[topic]);
    }

    /** InputQ dequeue: the oldest queued topic's newest event, or null. */
    public EngineEvent inputDequeue() {
        final int topic = input.poll();
        return topic < 0 ? null : input.take(topic);
    }

    /** PendingQ enqueue of a new delivery to operator {@code node}. */
    public void pendingEnqueue(final int node) {
        pending.add(new Delivery(node, 0, events[0]));
    }

    /** PendingQ dequeue: the oldest delivery (as an opaque object), or null. */
    public Object pendingDequeue() {
        return pending.poll();
    }

    /** MovingQ enqueue of a new move to level {@code toLevel}. */
    public void movingEnqueue(final int toLevel) {
        moving.add(new Scheduler.Move(new Delivery(0, 0, events[0]), toLevel, moveSequence++));
    }

    /** MovingQ dequeue: the move to the highest level, oldest first (as an opaque object), or null. */
    public Object movingDequeue() {
        return moving.poll();
    }

    /** One supplier event through the scheduler: InputQ, fan-out to the PendingQ, take; under its lock. */
    public Object schedulerOfferTake() throws InterruptedException {
        scheduler.offerSupplier(0, events[0]);
        return scheduler.take(0, false);
    }

    /** Empties the InputQ, PendingQ and MovingQ. */
    public void clear() {
        input.clear();
        pending.clear();
        moving.clear();
    }
}
