package io.eventhandler.core.replication;

import java.util.HashMap;
import java.util.Map;

/**
 * The publisher stamps of the copies a backup held at its take-over, with the numbers the failed primary gave them.
 * A publisher's resend of such an event is a copy of one the new primary dispatches under its number: it is
 * acknowledged, not numbered again. Immutable.
 */
public final class RecoveredStamps {

    public static final RecoveredStamps NONE = new RecoveredStamps(Map.of());

    private final Map<String, Map<ResendStamp, Long>> byTopic;

    RecoveredStamps(final Map<String, Map<ResendStamp, Long>> byTopic) {
        final Map<String, Map<ResendStamp, Long>> copy = new HashMap<>();
        byTopic.forEach((topic, stamps) -> copy.put(topic, Map.copyOf(stamps)));
        this.byTopic = Map.copyOf(copy);
    }

    public boolean isEmpty() {
        return byTopic.isEmpty();
    }

    /** @return the number the failed primary gave the stamped event of {@code topic}, or -1 if it is not known */
    public long sequenceOf(final String topic, final ResendStamp stamp) {
        final Map<ResendStamp, Long> stamps = byTopic.get(topic);
        final Long sequence = stamps == null ? null : stamps.get(stamp);
        return sequence == null ? -1 : sequence;
    }

    /** These stamps but that of the copy numbered {@code sequence} of {@code topic} (it could not be dispatched). */
    public RecoveredStamps without(final String topic, final long sequence) {
        final Map<ResendStamp, Long> stamps = byTopic.get(topic);
        if (stamps == null || !stamps.containsValue(sequence)) {
            return this;
        }
        final Map<String, Map<ResendStamp, Long>> fewer = new HashMap<>(byTopic);
        final Map<ResendStamp, Long> kept = new HashMap<>(stamps);
        kept.values().remove(sequence);
        fewer.put(topic, kept);
        return new RecoveredStamps(fewer);
    }

    /** Stamps known, over every topic. */
    public int size() {
        return byTopic.values().stream().mapToInt(Map::size).sum();
    }
}
