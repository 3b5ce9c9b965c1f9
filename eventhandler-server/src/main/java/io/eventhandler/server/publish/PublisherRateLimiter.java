package io.eventhandler.server.publish;

import io.eventhandler.server.config.ServerConfiguration;

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

    /** The limits as the settings name them, for the refusal. */
    @Override
    public String toString() {
        return ServerConfiguration.PUBLISH_RATE_LIMIT + "=" + eventsPerSecond + " events/s, "
                + ServerConfiguration.PUBLISH_BYTES_LIMIT + "=" + bytesPerSecond + " bytes/s; 0 is none";
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
