package io.eventhandler.server.kafka;

import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.Gap;
import io.eventhandler.core.event.OutboxItem;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.DeliveryCallback;
import io.eventhandler.core.outbox.EventSink;
import io.eventhandler.core.replication.ResendStamp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * One exported topic: its position in Kafka and its counters. It is attached to the broker as soon as the topic is
 * seen, before Kafka has said what it holds: its first batch waits in the sink until the position is read back, so
 * no event misses the export (nor the backup's copy of it) while Kafka is slow. Each attachment gets a sink of its
 * own ({@link #attachment}), so that a batch of an outbox already replaced is never sent after the new one's.
 */
final class ExportedTopic {

    private static final Logger LOG = LoggerFactory.getLogger(ExportedTopic.class);

    private final String topic;
    private final String kafkaTopic;
    private final Consumer<ExportBatch> sender;
    private final LongConsumer heldByKafka;
    private final AtomicInteger generation = new AtomicInteger();
    /** The last sequence number Kafka acknowledged (or held at the resume); -1 before the first resume. */
    private volatile long exported = -1;
    private volatile long lastOffset = -1;
    private volatile boolean attached;
    /** Set when the outbox overflowed or a send failed: detach, read the position back from Kafka, replay. */
    private volatile boolean needsResume = true;
    private volatile boolean inFlight;
    /** Whether the position in Kafka is known; until then the attachment's first batch waits here. */
    private volatile boolean positioned;
    private final AtomicReference<ExportBatch> waiting = new AtomicReference<>();
    /** Below the first event whose send failed since the last resume: the resume goes back at least to it. */
    private volatile long floor = Long.MAX_VALUE;
    private final LongAdder records = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder missed = new LongAdder();
    private final LongAdder replays = new LongAdder();
    private final LongAdder resends = new LongAdder();
    /** The publishers' stamps of the last records Kafka held at the last resume ({@link KafkaTail}). */
    private volatile Set<ResendStamp> heldStamps = Set.of();

    /**
     * @param sender     queues a batch for the export thread
     * @param heldByKafka told each time the position changes: Kafka holds the topic through that number
     */
    ExportedTopic(final String topic, final String kafkaTopic, final Consumer<ExportBatch> sender,
                  final LongConsumer heldByKafka) {
        this.topic = topic;
        this.kafkaTopic = kafkaTopic;
        this.sender = sender;
        this.heldByKafka = heldByKafka;
    }

    String topic() {
        return topic;
    }

    String kafkaTopic() {
        return kafkaTopic;
    }

    /**
     * A sink for a new attachment replaying after {@code resumedAfter}; every earlier attachment's batches are
     * refused.
     *
     * @param positioned whether {@code resumedAfter} is what Kafka holds (else the first batch waits for
     *                   {@link #positioned})
     */
    EventSink attachment(final long resumedAfter, final boolean positioned) {
        final int mine = generation.incrementAndGet();
        releaseWaiting();
        exported = resumedAfter;
        heldByKafka.accept(resumedAfter);
        floor = Long.MAX_VALUE;
        needsResume = false;
        this.positioned = positioned;
        attached = true;
        return new Attachment(mine);
    }

    /** Kafka holds the topic through {@code sequence}: the batch that waited for it, if any, may go. */
    ExportBatch positioned(final long sequence) {
        exported = sequence;
        heldByKafka.accept(sequence);
        positioned = true;
        return waiting.getAndSet(null);
    }

    /** Detached (the instance stopped serving, or a resume is due). */
    void detached() {
        generation.incrementAndGet();
        releaseWaiting();
        attached = false;
    }

    /** A waiting batch of an attachment that ends: its events are replayed from the history by the next. */
    private void releaseWaiting() {
        final ExportBatch batch = waiting.getAndSet(null);
        if (batch != null) {
            batch.abandon();
        }
    }

    boolean attached() {
        return attached;
    }

    /** Whether the loop should read the position back now: never while a batch is with the producer. */
    boolean resumeDue() {
        return !inFlight && (needsResume || !attached || !positioned);
    }

    /** Whether the next resume must attach anew (not only learn where Kafka stands). */
    boolean reattachDue() {
        return needsResume || !attached;
    }

    long exported() {
        return exported;
    }

    /** The stamps of the records Kafka holds at the end of the topic, read back at a resume. */
    void held(final Set<ResendStamp> stamps) {
        heldStamps = stamps;
    }

    Set<ResendStamp> heldStamps() {
        return heldStamps;
    }

    /** A publisher's resend of an event Kafka held was not exported again. */
    void resendSkipped() {
        resends.increment();
    }

    /**
     * Kafka holds the batch's events through {@code sequence}, the last acknowledged at {@code offset} (-1: none was
     * sent), {@code count} of them sent and acknowledged.
     */
    void acknowledged(final long sequence, final long offset, final int count) {
        exported = Math.max(exported, sequence);
        heldByKafka.accept(exported);
        if (offset >= 0) {
            lastOffset = offset;
        }
        records.add(count);
    }

    /**
     * Sends failed, the first of them for event {@code firstSequence}: what Kafka holds is read back before the export
     * goes on, and it goes on no later than that event (a later one of the same batch may have landed: sent again, it
     * is a copy with the same epoch and sequence).
     */
    void failed(final int count, final long firstSequence) {
        errors.add(count);
        floor = Math.min(floor, firstSequence - 1);
        needsResume = true;
    }

    /** Where the export must go back to at the latest, after failed sends (else {@link Long#MAX_VALUE}). */
    long floor() {
        return floor;
    }

    void sending() {
        inFlight = true;
    }

    void batchDone() {
        inFlight = false;
    }

    ExportStatus status(final long lastSequence) {
        final long position = exported;
        return new ExportStatus(topic, kafkaTopic, attached && positioned && !needsResume, position,
                position < 0 ? -1 : Math.max(0, lastSequence - position), lastOffset, records.sum(), errors.sum(),
                missed.sum(), replays.sum(), resends.sum());
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
            } else if (!positioned) {
                waiting.set(new ExportBatch(ExportedTopic.this, events, callback));
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
            return needsResume || !positioned ? "RESUMING" : "EXPORTING";
        }

        /** Only queues the batch for the export thread: the next one is handed over where Kafka's answer lands. */
        @Override
        public boolean handsOver() {
            return true;
        }

        @Override
        public void close(final CloseReason reason) {
            // nothing held: the producer belongs to the bridge
        }
    }
}
