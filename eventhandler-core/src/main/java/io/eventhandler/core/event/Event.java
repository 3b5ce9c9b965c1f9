package io.eventhandler.core.event;

import java.util.Map;

/**
 * An accepted event: immutable, sequenced within its topic, and shared by every consumer of it. It carries its
 * notification already encoded once (see {@link EventEncoder}), so fan-out never re-encodes.
 */
public final class Event implements OutboxItem {

    private final String topic;
    private final long sequence;
    private final EventDraft draft;
    private final byte[] encoded;
    private final long acceptedNanos;

    public Event(final String topic, final long sequence, final EventDraft draft, final byte[] encoded,
                 final long acceptedNanos) {
        this.topic = topic;
        this.sequence = sequence;
        this.draft = draft;
        this.encoded = encoded;
        this.acceptedNanos = acceptedNanos;
    }

    /** The normalised topic name. */
    public String topic() {
        return topic;
    }

    /** Per-topic sequence number, from 1. */
    public long sequence() {
        return sequence;
    }

    public String eventType() {
        return draft.eventType();
    }

    public SystemRef source() {
        return draft.source();
    }

    public Map<String, String> metaData() {
        return draft.metaData();
    }

    public String payload() {
        return draft.payload();
    }

    public String timeStamp() {
        return draft.timeStamp();
    }

    public long createdEpochMicros() {
        return draft.createdEpochMicros();
    }

    /** Monotonic time of acceptance ({@link System#nanoTime()} scale). */
    public long acceptedNanos() {
        return acceptedNanos;
    }

    /** The notification as subscribers receive it; shared, never modify. */
    public byte[] encoded() {
        return encoded;
    }

    @Override
    public String toString() {
        return "Event{topic=" + topic + ", sequence=" + sequence + ", source=" + draft.source() + "}";
    }
}
