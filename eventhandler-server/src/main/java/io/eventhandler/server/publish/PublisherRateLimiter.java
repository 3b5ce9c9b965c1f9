package io.eventhandler.server.publish;

import io.eventhandler.server.config.LimitsConfiguration;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-publisher token buckets for events per second and body bytes per second, each holding one second's worth: a
 * publisher may burst up to its rate, then gets its rate. A limit of 0 is off. Publishers are told apart by system
 * name (case-insensitive, as Arrowhead names are; in secure mode the name is the certificate's).
 */
public final class PublisherRateLimiter {

    /** Above this many tracked publishers, those idle long enough to be full again are forgotten. */
    private static final int TRACKED_BEFORE_PRUNING = 10_000;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final long eventsPerSecond;
    private final long bytesPerSecond;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    public PublisherRateLimiter(final long eventsPerSecond, final long bytesPerSecond) {
        this.eventsPerSecond = eventsPerSecond;
        this.bytesPerSecond = bytesPerSecond;
    }

    public boolean enabled() {
        return eventsPerSecond > 0 || bytesPerSecond > 0;
    }

    /** Whether the publisher may publish one event of this many bytes now; if so, it is counted. */
    public boolean admit(final String publisher, final int bytes, final long nowNanos) {
        if (!enabled()) {
            return true;
        }
        if (buckets.size() > TRACKED_BEFORE_PRUNING) {
            buckets.values().removeIf(bucket -> bucket.full(nowNanos));
        }
        return buckets.computeIfAbsent(publisher.toLowerCase(Locale.ROOT), name -> new Bucket(nowNanos))
                .take(bytes, nowNanos);
    }

    /**
     * Whether a batch may be published now: every event counted, or none. Each publisher's events in the batch are
     * taken from its bucket at once; if one publisher's bucket cannot hold its share, what earlier publishers took
     * is given back, so a refused batch costs nothing and its retry is not refused for tokens it never used.
     *
     * @param publishers each event's publisher, in batch order
     * @param sizes      each event's body bytes
     * @return -1 if admitted, else the index of the first event a publisher's limit refuses
     */
    public int admitAll(final List<String> publishers, final List<Integer> sizes, final long nowNanos) {
        if (!enabled()) {
            return -1;
        }
        final Map<String, List<Integer>> byPublisher = new LinkedHashMap<>();
        for (int i = 0; i < publishers.size(); i++) {
            byPublisher.computeIfAbsent(publishers.get(i).toLowerCase(Locale.ROOT), name -> new ArrayList<>()).add(i);
        }
        final List<Runnable> refunds = new ArrayList<>();
        for (final Map.Entry<String, List<Integer>> publisher : byPublisher.entrySet()) {
            final List<Integer> indexes = publisher.getValue();
            final int[] share = indexes.stream().mapToInt(sizes::get).toArray();
            final Bucket bucket = buckets.computeIfAbsent(publisher.getKey(), name -> new Bucket(nowNanos));
            final int refused = bucket.takeAll(share, nowNanos);
            if (refused >= 0) {
                refunds.forEach(Runnable::run);
                return indexes.get(refused);
            }
            final long bytes = Arrays.stream(share).asLongStream().sum();
            refunds.add(() -> bucket.give(share.length, bytes));
        }
        return -1;
    }

    /** The limits as the settings name them, for the refusal. */
    @Override
    public String toString() {
        return LimitsConfiguration.PUBLISH_RATE_LIMIT.key() + "=" + eventsPerSecond + " events/s, "
                + LimitsConfiguration.PUBLISH_BYTES_LIMIT.key() + "=" + bytesPerSecond + " bytes/s; 0 is none";
    }

    private final class Bucket {
        private double events = eventsPerSecond;
        private double bytes = bytesPerSecond;
        private long last;

        Bucket(final long nowNanos) {
            this.last = nowNanos;
        }

        synchronized boolean take(final int size, final long nowNanos) {
            refill(nowNanos);
            if ((eventsPerSecond > 0 && events < 1) || (bytesPerSecond > 0 && bytes < size)) {
                return false;
            }
            events -= 1;
            bytes -= size;
            return true;
        }

        /** All of these events, or none: -1, else the position of the first that does not fit. */
        synchronized int takeAll(final int[] sizes, final long nowNanos) {
            refill(nowNanos);
            double leftEvents = events;
            double leftBytes = bytes;
            for (int i = 0; i < sizes.length; i++) {
                if ((eventsPerSecond > 0 && leftEvents < 1) || (bytesPerSecond > 0 && leftBytes < sizes[i])) {
                    return i;
                }
                leftEvents -= 1;
                leftBytes -= sizes[i];
            }
            events = leftEvents;
            bytes = leftBytes;
            return -1;
        }

        synchronized void give(final int count, final long size) {
            events = Math.min(eventsPerSecond, events + count);
            bytes = Math.min(bytesPerSecond, bytes + size);
        }

        synchronized boolean full(final long nowNanos) {
            refill(nowNanos);
            return events >= eventsPerSecond && bytes >= bytesPerSecond;
        }

        private void refill(final long nowNanos) {
            final double seconds = (double) Math.max(0, nowNanos - last) / NANOS_PER_SECOND;
            last = nowNanos;
            events = Math.min(eventsPerSecond, events + seconds * eventsPerSecond);
            bytes = Math.min(bytesPerSecond, bytes + seconds * bytesPerSecond);
        }
    }
}
