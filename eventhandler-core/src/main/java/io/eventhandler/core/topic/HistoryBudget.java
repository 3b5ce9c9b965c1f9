package io.eventhandler.core.topic;

import io.eventhandler.core.event.Event;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The heap every topic's in-memory history may hold together, shared by the topics of one broker. Each topic adds
 * what it takes and gives back (one atomic add per publish); while the total is over the budget, a topic that
 * appends trims its own oldest events to its share ({@link #share}: the budget over the topics holding history), and
 * a periodic sweep trims every topic to it ({@code Broker.trimHistories}), so the total stays within the budget plus
 * what arrives between two sweeps.
 */
public final class HistoryBudget {

    /**
     * Heap a held event costs besides twice its notification (the encoded JSON, and the decoded event's text: payload,
     * metadata, source, time stamp): its objects, string headers and ring slot. Measured with {@code jmap -histo:live}
     * on the server, 10,000–20,000 events of one topic: 697 bytes per event of a 186-byte notification without
     * metadata, 887 with 2 metadata entries (206 bytes), 1,334 with 8 (262 bytes); this and
     * {@link #HEAP_PER_METADATA_ENTRY} count 708, 908 and 1,500.
     */
    public static final long EVENT_OVERHEAD_BYTES = 336;
    /** Heap a metadata entry costs besides its text (two string headers and a map slot), with a margin. */
    public static final long HEAP_PER_METADATA_ENTRY = 80;

    private final long maxBytes;
    private final AtomicLong held = new AtomicLong();
    private final AtomicInteger holders = new AtomicInteger();
    private final LongAdder trimmed = new LongAdder();

    /** @param maxBytes heap bytes the histories may hold together (0 = no bound; still counted) */
    public HistoryBudget(final long maxBytes) {
        if (maxBytes < 0) {
            throw new IllegalArgumentException("history memory budget must not be negative: " + maxBytes);
        }
        this.maxBytes = maxBytes;
    }

    /** Heap one held event is counted for: twice its notification, and its objects' overhead. */
    static long cost(final Event event) {
        final int entries = event.metaData() == null ? 0 : event.metaData().size();
        return 2L * event.encoded().length + EVENT_OVERHEAD_BYTES + HEAP_PER_METADATA_ENTRY * entries;
    }

    /** What {@code holders} topics may each hold once the total is over the budget (the budget if none holds). */
    static long share(final long maxBytes, final int holders) {
        return maxBytes / Math.max(1, holders);
    }

    /** The current share of each topic holding history. */
    public long share() {
        return share(maxBytes, holders.get());
    }

    /** Add {@code delta} bytes to the total; whether the total is now over the budget. */
    boolean add(final long delta) {
        final long total = delta == 0 ? held.get() : held.addAndGet(delta);
        return maxBytes > 0 && total > maxBytes;
    }

    void holding(final boolean started) {
        holders.addAndGet(started ? 1 : -1);
    }

    void trimmed(final int events) {
        trimmed.add(events);
    }

    /** Whether the histories hold more than the budget now. */
    public boolean exceeded() {
        return maxBytes > 0 && held.get() > maxBytes;
    }

    /** The budget in bytes (0 = none). */
    public long maxBytes() {
        return maxBytes;
    }

    /** Heap bytes the histories are counted as holding. */
    public long heldBytes() {
        return held.get();
    }

    /** Topics holding at least one event in their history. */
    public int holders() {
        return holders.get();
    }

    /** Events dropped from a history to keep within the budget. */
    public long trimmedEvents() {
        return trimmed.sum();
    }
}
