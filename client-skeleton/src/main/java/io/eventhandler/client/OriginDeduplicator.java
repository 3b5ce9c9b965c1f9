package io.eventhandler.client;

import io.eventhandler.api.EventDTO;
import io.eventhandler.api.EventHandlerApi;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Drops the copies a publisher's failover resend makes ("subscribers count only distinct messages"): an event with
 * {@code eh-origin} and {@code eh-seq} metaData is a duplicate when that publisher's number was already seen for the
 * event's topic (a {@link SequenceWindow} per origin and topic). Events without both keys, or with an {@code eh-seq}
 * that is not a positive number, always pass. The windows of the {@value #DEFAULT_MAX_ORIGINS} origin-topic pairs
 * used last are kept; an evicted pair starts afresh. Thread-safe.
 */
final class OriginDeduplicator {

    static final int DEFAULT_MAX_ORIGINS = 1024;
    private static final long UNSTAMPED = -1;

    private final Map<String, SequenceWindow> windows;

    OriginDeduplicator() {
        this(DEFAULT_MAX_ORIGINS);
    }

    OriginDeduplicator(final int maxOrigins) {
        this.windows = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(final Map.Entry<String, SequenceWindow> eldest) {
                return size() > maxOrigins;
            }
        };
    }

    /** Records {@code event} as seen; whether it had been seen before (then it is a duplicate to drop). */
    boolean isDuplicate(final EventDTO event) {
        final String key = key(event);
        if (key == null) {
            return false;
        }
        final long sequence = sequence(event);
        synchronized (windows) {
            return !windows.computeIfAbsent(key, k -> new SequenceWindow()).firstTime(sequence);
        }
    }

    /** Forgets {@code event}, so that its next copy passes (its listener failed and the sender will retry). */
    void forget(final EventDTO event) {
        final String key = key(event);
        if (key == null) {
            return;
        }
        synchronized (windows) {
            final SequenceWindow window = windows.get(key);
            if (window != null) {
                window.forget(sequence(event));
            }
        }
    }

    /** origin + topic, or null for an event without a usable stamp. */
    private static String key(final EventDTO event) {
        final Map<String, String> metaData = event.metaData();
        if (metaData == null || sequence(event) == UNSTAMPED) {
            return null;
        }
        final String origin = metaData.get(EventHandlerApi.ORIGIN_META);
        return origin == null ? null : origin + '\n' + PublisherRetention.topicOf(event.eventType());
    }

    private static long sequence(final EventDTO event) {
        final String text = event.metaData() == null ? null : event.metaData().get(EventHandlerApi.ORIGIN_SEQUENCE_META);
        if (text == null) {
            return UNSTAMPED;
        }
        try {
            final long value = Long.parseLong(text.trim());
            return value > 0 ? value : UNSTAMPED;
        } catch (final NumberFormatException e) {
            return UNSTAMPED;
        }
    }
}
