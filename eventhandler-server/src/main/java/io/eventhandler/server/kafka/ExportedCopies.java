package io.eventhandler.server.kafka;

import io.eventhandler.core.delivery.Replicator;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.qos.Destination;
import io.eventhandler.server.config.KafkaConfiguration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The backup's copies of the exported topics, on the primary of a pair: every event of such a topic is copied to the
 * backup, and the backup is asked to drop its copy only when the event reached its subscribers <em>and</em> Kafka holds
 * it. So an event the primary acknowledged and had not exported when it failed is exported by the backup after its
 * take-over, however the export stood: not yet attached to a topic created a moment before, detached for a resume,
 * or failing its sends.
 *
 * <p>It sits between the delivery and the link to the backup, as the delivery's {@link Replicator}: its discard
 * requests for the exported topics wait here, per topic in sequence order, until the export reports that Kafka holds
 * the topic through their number ({@link #heldThrough}). Which topics are exported the delivery plans tell it as they
 * decide to keep their copies ({@link #keeps}), so the answer is the plans' own. At most as many requests wait per
 * topic as the backup keeps copies of it; beyond, the oldest is dropped and counted: the backup keeps that copy until
 * its buffer pushes it out.
 */
public final class ExportedCopies implements Replicator {

    private final ExportSelection selection;
    private final Replicator backup;
    private final int maxWithheld;
    /** The topics whose plans keep every copy: those exported. */
    private final Set<String> kept = ConcurrentHashMap.newKeySet();
    private final Map<String, Withheld> withheld = new ConcurrentHashMap<>();
    private final LongAdder dropped = new LongAdder();

    /**
     * @param configuration the bridge's; which topics are exported
     * @param backup        the link to the backup
     * @param maxWithheld   discard requests that wait per topic at most (the backup's buffer per topic)
     */
    ExportedCopies(final KafkaConfiguration configuration, final Replicator backup, final int maxWithheld) {
        // the destination is the one the plans pass in; the lookup is never asked
        this.selection = new ExportSelection(configuration.exportTopics(), configuration.exportCloud(),
                topic -> Destination.EDGE);
        this.backup = backup;
        this.maxWithheld = maxWithheld;
    }

    /** Those of an instance of a pair that exports; null when nothing is exported (nothing to keep). */
    public static ExportedCopies of(final KafkaConfiguration configuration, final Replicator backup,
                                    final int maxWithheld) {
        return configuration.exporting() ? new ExportedCopies(configuration, backup, maxWithheld) : null;
    }

    /**
     * Whether every copy of this topic (normalised name, destination of its plan) is kept for the export: asked by the
     * delivery plans, and remembered, as they decide.
     */
    public boolean keeps(final String topic, final Destination destination) {
        final boolean keeps = selection.exports(topic, destination);
        if (keeps) {
            kept.add(topic);
        } else if (!kept.isEmpty()) {
            kept.remove(topic);
        }
        return keeps;
    }

    @Override
    public void replicate(final Event event, final Runnable acknowledged, final Runnable failed) {
        backup.replicate(event, acknowledged, failed);
    }

    /** Goes to the backup at once unless the event's topic is exported and Kafka does not hold the event yet. */
    @Override
    public void discard(final Event event) {
        if (!kept.contains(event.topic())) {
            backup.discard(event);
            return;
        }
        final Event now = withheld.computeIfAbsent(event.topic(), t -> new Withheld()).discard(event);
        if (now != null) {
            backup.discard(now);
        }
    }

    /**
     * Kafka holds the topic's events through {@code sequence} (a lower number than before after a resume that went
     * back): the discard requests waiting for them go to the backup.
     */
    void heldThrough(final String topic, final long sequence) {
        final Withheld waiting = withheld.computeIfAbsent(topic, t -> new Withheld());
        for (final Event event : waiting.through(sequence)) {
            backup.discard(event);
        }
    }

    /** Discard requests waiting for Kafka now, over the topics. */
    long withheld() {
        long sum = 0;
        for (final Withheld w : withheld.values()) {
            sum += w.size();
        }
        return sum;
    }

    /** Discard requests dropped because too many waited: their copies stay with the backup. */
    long dropped() {
        return dropped.sum();
    }

    /** One topic's waiting discard requests, by sequence number. */
    private final class Withheld {

        private final TreeMap<Long, Event> bySequence = new TreeMap<>();
        /** Kafka holds the topic through this number (0: nothing known yet). */
        private long through;

        /** The event to discard at once, or null when its request waits. */
        synchronized Event discard(final Event event) {
            if (event.sequence() <= through) {
                return event;
            }
            bySequence.put(event.sequence(), event);
            if (bySequence.size() > maxWithheld) {
                bySequence.pollFirstEntry();
                dropped.increment();
            }
            return null;
        }

        synchronized List<Event> through(final long sequence) {
            through = sequence;
            if (bySequence.isEmpty() || bySequence.firstKey() > sequence) {
                return List.of();
            }
            final Map<Long, Event> due = bySequence.headMap(sequence, true);
            final List<Event> events = new ArrayList<>(due.values());
            due.clear();
            return events;
        }

        synchronized int size() {
            return bySequence.size();
        }
    }
}
