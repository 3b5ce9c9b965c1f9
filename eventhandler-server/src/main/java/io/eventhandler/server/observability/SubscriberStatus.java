package io.eventhandler.server.observability;

import io.eventhandler.core.outbox.SubscriberOutbox;

import java.util.concurrent.TimeUnit;

/**
 * One attached subscriber's line on the status page.
 *
 * @param id        outbox id
 * @param kind      {@code SSE} or {@code webhook}
 * @param who       its description: stream or notify URI, system, address
 * @param topic     the topic
 * @param pending   items waiting in its queue
 * @param capacity  the most its queue holds
 * @param delivered events delivered
 * @param dropped   events lost because its queue was full
 * @param failed    events its sink gave up on (a webhook's failed POSTs)
 * @param oldestMs  age of the oldest event not delivered to it yet, ms (0 when none waits)
 * @param stalledMs for how long it has not been keeping up (a write not completing, or losing events), ms
 * @param stalled   whether that is {@value #STALLED_AFTER_MS} ms or more
 * @param circuit   a webhook's circuit ({@code CLOSED}, {@code OPEN}, {@code HALF_OPEN}); blank for SSE
 */
public record SubscriberStatus(long id, String kind, String who, String topic, int pending, int capacity,
                               long delivered, long dropped, long failed, long oldestMs, long stalledMs,
                               boolean stalled, String circuit) {

    /** Not keeping up for this long marks a subscriber stalled on the page (long before it is disconnected). */
    static final long STALLED_AFTER_MS = 1_000;
    private static final String SSE_PREFIX = "sse#";

    static SubscriberStatus of(final SubscriberOutbox outbox, final long nowNanos) {
        final long oldest = outbox.oldestUndeliveredAcceptedNanos();
        final long oldestMs = oldest == 0 ? 0 : TimeUnit.NANOSECONDS.toMillis(Math.max(0, nowNanos - oldest));
        final long stalledMs = TimeUnit.NANOSECONDS.toMillis(outbox.stalledNanos(nowNanos));
        return new SubscriberStatus(outbox.id(), outbox.description().startsWith(SSE_PREFIX) ? "SSE" : "webhook",
                outbox.description(), outbox.topic(), outbox.pending(), outbox.capacity(), outbox.delivered(),
                outbox.dropped(), outbox.failed(), oldestMs, stalledMs, stalledMs >= STALLED_AFTER_MS,
                outbox.sinkCondition());
    }
}
