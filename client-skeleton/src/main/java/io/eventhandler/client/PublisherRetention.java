package io.eventhandler.client;

import io.eventhandler.api.EventHandlerApi;
import io.eventhandler.api.EventPublishRequestDTO;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a publisher keeps for a failover (FRAME's publisher retention): a random origin id, a counter per topic that
 * numbers its events from 1, and per topic the last N events the Event Handler accepted, N as the Event Handler
 * last named it ({@code Eh-Retention}) or the configured default. Each event it stamps carries
 * {@code eh-origin} and {@code eh-seq} in its metaData, so that subscribers can drop the copies a resend makes.
 * Thread-safe.
 */
final class PublisherRetention {

    /**
     * An event as stamped for sending.
     *
     * @param topic   its topic (normalised as the Event Handler does)
     * @param counter its number among the topic's events of this publisher
     * @param request what is sent
     */
    record Stamped(String topic, long counter, EventPublishRequestDTO request) {
    }

    private final String origin = UUID.randomUUID().toString();
    private final int defaultRetention;
    private final Map<String, TopicRing> topics = new ConcurrentHashMap<>();

    /** @param defaultRetention N of a topic until the Event Handler names one */
    PublisherRetention(final int defaultRetention) {
        if (defaultRetention < 0) {
            throw new IllegalArgumentException("retention must not be negative: " + defaultRetention);
        }
        this.defaultRetention = defaultRetention;
    }

    /** This publisher's {@code eh-origin}. */
    String origin() {
        return origin;
    }

    /**
     * The topic key of an event type: trimmed and upper-cased, as the Event Handler's {@code TopicName} does, so
     * that {@code Temperature} and {@code temperature} share one counter as they share one topic there.
     */
    static String topicOf(final String eventType) {
        return eventType == null ? "" : eventType.trim().toUpperCase(Locale.ROOT);
    }

    /** {@code request} numbered in its topic and with {@code eh-origin}/{@code eh-seq} (kept if already set). */
    Stamped stamp(final EventPublishRequestDTO request) {
        final String topic = topicOf(request.eventType());
        final long counter = ring(topic).next();
        final Map<String, String> metaData = new LinkedHashMap<>();
        if (request.metaData() != null) {
            metaData.putAll(request.metaData());
        }
        metaData.putIfAbsent(EventHandlerApi.ORIGIN_META, origin);
        metaData.putIfAbsent(EventHandlerApi.ORIGIN_SEQUENCE_META, Long.toString(counter));
        return new Stamped(topic, counter, new EventPublishRequestDTO(request.eventType(), request.source(),
                Collections.unmodifiableMap(metaData), request.payload(), request.timeStamp()));
    }

    /**
     * The Event Handler accepted {@code event}: keep it among its topic's last N.
     *
     * @param retention N as the Event Handler answered, or negative when it named none (N stays as it was)
     */
    void accepted(final Stamped event, final int retention) {
        ring(event.topic()).retain(event, retention);
    }

    /** Forgets a retained event (the Event Handler refused it on a resend, so resending it again is useless). */
    void forget(final Stamped event) {
        ring(event.topic()).remove(event.counter());
    }

    /** Every retained event, topic by topic, each topic's oldest first. */
    List<Stamped> retained() {
        final List<Stamped> all = new ArrayList<>();
        for (final TopicRing ring : topics.values()) {
            ring.addTo(all);
        }
        return all;
    }

    private TopicRing ring(final String topic) {
        return topics.computeIfAbsent(topic, t -> new TopicRing(defaultRetention));
    }

    /** One topic: its counter and its last N accepted events by counter. */
    private static final class TopicRing {
        private final TreeMap<Long, Stamped> events = new TreeMap<>();
        private long counter;
        private int capacity;

        TopicRing(final int capacity) {
            this.capacity = capacity;
        }

        synchronized long next() {
            return ++counter;
        }

        synchronized void retain(final Stamped event, final int retention) {
            if (retention >= 0) {
                capacity = retention;
            }
            events.put(event.counter(), event);
            while (events.size() > capacity) {
                events.pollFirstEntry();
            }
        }

        synchronized void remove(final long eventCounter) {
            events.remove(eventCounter);
        }

        synchronized void addTo(final List<Stamped> all) {
            all.addAll(events.values());
        }
    }
}
