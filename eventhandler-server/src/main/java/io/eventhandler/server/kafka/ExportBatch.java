package io.eventhandler.server.kafka;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.outbox.DeliveryCallback;
import org.apache.kafka.clients.producer.RecordMetadata;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One outbox batch of a topic on its way to Kafka: its callback completes once Kafka acknowledged (or refused) every
 * record, so the topic's next batch waits, and a replicated event is discarded by the backup only once Kafka has it.
 */
final class ExportBatch {

    private final ExportedTopic topic;
    private final List<Event> events;
    private final DeliveryCallback callback;
    private final AtomicInteger remaining;
    private int acknowledged;
    private int failed;
    /** Resends of events Kafka held: completed without a send, not counted as records. */
    private int resends;
    private long lastSequence = -1;
    private long lastOffset = -1;
    private long firstFailed = Long.MAX_VALUE;

    ExportBatch(final ExportedTopic topic, final List<Event> events, final DeliveryCallback callback) {
        this.topic = topic;
        this.events = events;
        this.callback = callback;
        this.remaining = new AtomicInteger(events.size());
    }

    ExportedTopic topic() {
        return topic;
    }

    List<Event> events() {
        return events;
    }

    /** An event Kafka already holds (at or below the position read back): not sent again. */
    void alreadyHeld(final Event event) {
        synchronized (this) {
            acknowledged++;
        }
        if (remaining.decrementAndGet() == 0) {
            finish();
        }
    }

    /**
     * A publisher's resend of an event Kafka holds under its first number (its stamps are in Kafka): not sent, and
     * counted; the position goes past it as if Kafka had acknowledged it.
     */
    void resendHeld(final Event event) {
        topic.resendSkipped();
        synchronized (this) {
            acknowledged++;
            resends++;
            lastSequence = Math.max(lastSequence, event.sequence());
        }
        if (remaining.decrementAndGet() == 0) {
            finish();
        }
    }

    /** Not sent: the attachment ended before the position was known; the next one replays these events. */
    void abandon() {
        callback.completed(0, events.size());
    }

    /** Kafka's answer for one record (on the producer's thread), or the send's own failure. */
    void answered(final Event event, final RecordMetadata metadata, final Exception failure) {
        synchronized (this) {
            if (failure == null) {
                acknowledged++;
                lastSequence = Math.max(lastSequence, event.sequence());
                lastOffset = Math.max(lastOffset, metadata.offset());
            } else {
                failed++;
                firstFailed = Math.min(firstFailed, event.sequence());
            }
        }
        if (remaining.decrementAndGet() == 0) {
            finish();
        }
    }

    private void finish() {
        final int ok;
        final int bad;
        synchronized (this) {
            ok = acknowledged;
            bad = failed;
            if (lastSequence >= 0) {
                // Kafka holds the batch only up to its first failed record (a later one may have landed as well)
                topic.acknowledged(bad > 0 ? Math.min(lastSequence, firstFailed - 1) : lastSequence, lastOffset,
                        ok - resends);
            }
            if (bad > 0) {
                topic.failed(bad, firstFailed);
            }
        }
        topic.batchDone();
        callback.completed(ok, bad);
    }
}
