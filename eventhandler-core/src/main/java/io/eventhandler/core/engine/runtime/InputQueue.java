package io.eventhandler.core.engine.runtime;

import java.util.ArrayDeque;

/**
 * A level's InputQ with replacement (CPEP §2.4.2): at most one queued event per supplier topic; a newer event
 * replaces the queued one and keeps its place, and a topic's index is enqueued only once. Not thread-safe: guarded
 * by the {@link Scheduler}'s lock.
 */
final class InputQueue {

    private final EngineEvent[] latest;
    private final ArrayDeque<Integer> order = new ArrayDeque<>();

    InputQueue(final int topics) {
        this.latest = new EngineEvent[topics];
    }

    /** Queues the event of topic {@code index}; returns whether it replaced one not yet taken. */
    boolean offer(final int index, final EngineEvent event) {
        final boolean replaced = latest[index] != null;
        latest[index] = event;
        if (!replaced) {
            order.add(index);
        }
        return replaced;
    }

    /** Dequeues the oldest queued topic: its index, or -1; then {@link #take} its newest event. */
    int poll() {
        final Integer index = order.poll();
        return index == null ? -1 : index;
    }

    /** The newest event of a topic just {@link #poll}ed. */
    EngineEvent take(final int index) {
        final EngineEvent event = latest[index];
        latest[index] = null;
        return event;
    }

    void clear() {
        order.clear();
        java.util.Arrays.fill(latest, null);
    }

    boolean isEmpty() {
        return order.isEmpty();
    }

    int size() {
        return order.size();
    }
}
