package io.eventhandler.core.engine.runtime;

/**
 * The recent events of one type, in a fixed ring. The oldest slot is reclaimed lazily, only when a new event arrives
 * and every slot is taken. Readers keep references to the immutable events they took, so reclaiming a slot only drops
 * the store's reference and never invalidates a reader (Java's answer to the per-slot reader lock of the paper).
 */
final class EventRing {

    private final EngineEvent[] slots;
    private int next;
    private int size;

    EventRing(final int capacity) {
        this.slots = new EngineEvent[capacity];
    }

    /** Stores the event; returns whether the oldest event's slot had to be reclaimed for it. */
    synchronized boolean put(final EngineEvent event) {
        final boolean reclaimed = size == slots.length;
        slots[next] = event;
        next = (next + 1) % slots.length;
        if (!reclaimed) {
            size++;
        }
        return reclaimed;
    }

    /** The newest event, or null. */
    synchronized EngineEvent latest() {
        return size == 0 ? null : slots[(next - 1 + slots.length) % slots.length];
    }

    int capacity() {
        return slots.length;
    }
}
