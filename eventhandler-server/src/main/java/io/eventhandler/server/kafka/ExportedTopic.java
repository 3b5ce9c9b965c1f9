package io.eventhandler.server.kafka;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.event.OutboxItem;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.DeliveryCallback;
import io.eventhandler.core.outbox.EventSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * One exported topic: its position in Kafka and its counters. Each attachment to the broker gets a sink of its own
 * ({@link #attachment}), so that a batch of an outbox already replaced is never sent after the new one's.
 */
final class ExportedTopic {

    private static final Logger LOG = LoggerFactory.getLogger(ExportedTopic.class);

    private final String topic;
    private final String kafkaTopic;
    private final Consumer<ExportBatch> sender;
    private final AtomicInteger generation = new AtomicInteger();
    /** The last sequence number Kafka acknowledged (or held at the resume); -1 before the first resume. */
    private volatile long exported = -1;
    private volatile long lastOffset = -1;
    private volatile boolean attached;
    /** Set when the outbox overflowed or a send failed: detach, read the position back from Kafka, replay. */
    private volatile boolean needsResume = true;
    private volatile boolean inFlight;
    private final LongAdder records = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder missed = new LongAdder();
    private final LongAdder replays = new LongAdder();

    ExportedTopic(final String topic, final String kafkaTopic, final Consumer<ExportBatch> sender) {
        this.topic = topic;
        this.kafkaTopic = kafkaTopic;
        this.sender = sender;
    }

    String topic() {
        return topic;
    }

    String kafkaTopic() {
        return kafkaTopic;
    }

    /** A sink for a new attachment at {@code resumedAfter}; every earlier attachment's batches are refused. */
    EventSink attachment(final long resumedAfter) {
        final int mine = generation.incrementAndGet();
        exported = resumedAfter;
        needsResume = false;
        attached = true;
        return new Attachment(mine);
    }

    /** Detached (the instance stopped serving, or a resume is due). */
    void detached() {
        generation.incrementAndGet();
        attached = false;
    }

    boolean resumeDue() {
        return !inFlight && (needsResume || !attached);
    }

    /** Kafka acknowledged the batch's events through {@code sequence} at {@code offset}. */
    void acknowledged(final long sequence, final long offset, final int count) {
        exported = Math.max(exported, sequence);
        lastOffset = offset;
        records.add(count);
    }

    /** A send failed: what Kafka holds is read back before the export goes on. */
    void failed(final int count) {
        errors.add(count);
        needsResume = true;
    }

    void batchDone() {
        inFlight = false;
    }

    ExportStatus status(final long lastSequence) {
        final long position = exported;
        return new ExportStatus(topic, kafkaTopic, attached && !needsResume, position,
                position < 0 ? -1 : Math.max(0, lastSequence - position), lastOffset, records.sum(), errors.sum(),
                missed.sum(), replays.sum());
    }

    /** The sink of one attachment. */
    private final class Attachment implements EventSink {

        private final int mine;

        Attachment(final int generation) {
            this.mine = generation;
        }

        @Override
        public void deliver(final List<OutboxItem> batch, final DeliveryCallback callback) {
            final List<Event> events = new ArrayList<>(batch.size());
            for (final OutboxItem item : batch) {
                if (item instanceof Event event) {
                    events.add(event);
                } else {
                    gap((Gap) item);
                }
            }
            if (events.isEmpty()) {
                callback.completed(0, 0);
            } else if (mine != generation.get() || needsResume) {
                // replayed from the history after the resume
                callback.completed(0, events.size());
            } else {
                inFlight = true;
                sender.accept(new ExportBatch(ExportedTopic.this, events, callback));
            }
        }

        private void gap(final Gap gap) {
            switch (gap.reason()) {
                case OVERFLOW -> {
                    // Kafka was slower than the topic: the events are still in the history, replayed after a resume
                    replays.add(gap.missed());
                    needsResume = true;
                }
                case HISTORY -> {
                    missed.add(gap.missed());
                    LOG.warn("Kafka export of {}: events {} to {} had left the history before they were exported;"
                            + " they are not in Kafka topic {} (raise eh.history.size or eh.history.max.age.s)",
                            topic, gap.firstMissingId(), gap.lastMissingId(), kafkaTopic);
                }
                case RESET -> LOG.info("Kafka export of {}: the numbering restarted at {}", topic,
                        gap.firstMissingId());
            }
        }

        @Override
        public String condition() {
            return needsResume ? "RESUMING" : "EXPORTING";
        }

        @Override
        public void close(final CloseReason reason) {
            // nothing held: the producer belongs to the bridge
        }
    }
}
