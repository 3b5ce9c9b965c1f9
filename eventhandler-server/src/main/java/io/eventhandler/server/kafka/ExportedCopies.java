package io.eventhandler.server.kafka;

import io.eventhandler.core.delivery.Replicator;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.qos.Destination;
import io.eventhandler.server.config.KafkaConfiguration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

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
 * topic as the backup keeps copies of it (besides those arriving while another thread settles the topic); beyond, the
 * oldest is dropped and counted: the backup keeps that copy until its buffer pushes it out.
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
        withheld.computeIfAbsent(event.topic(), t -> new Withheld()).discard(event);
    }

    /**
     * Kafka holds the topic's events through {@code sequence} (a lower number than before after a resume that went
     * back): the discard requests waiting for them go to the backup.
     */
    void heldThrough(final String topic, final long sequence) {
        withheld.computeIfAbsent(topic, t -> new Withheld()).through(sequence);
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

    /** The lock of one topic's waiting requests, for a test to hold as the export's thread would. */
    Lock lockOf(final String topic) {
        return withheld.computeIfAbsent(topic, t -> new Withheld()).lock;
    }

    /**
     * One topic's waiting discard requests, by sequence number. The export's thread runs in the idle scheduling class
     * and may lose its core inside any critical section; a delivery thread that waited for its lock would wait until
     * the cores are otherwise idle. So a delivery thread never waits: it leaves its request in {@link #arriving} and
     * settles only if the lock is free, and whoever holds the lock settles what arrived meanwhile before it leaves.
     */
    private final class Withheld {

        private final Queue<Event> arriving = new ConcurrentLinkedQueue<>();
        private final ReentrantLock lock = new ReentrantLock();
        /** Guarded by {@link #lock}. */
        private final TreeMap<Long, Event> bySequence = new TreeMap<>();
        /** Kafka holds the topic through this number (0: nothing known yet). */
        private volatile long through;
        /** The lowest number waiting in {@link #bySequence} (none: {@code Long.MAX_VALUE}), read without the lock. */
        private volatile long lowestWaiting = Long.MAX_VALUE;
        /** How many wait in {@link #bySequence}, read without the lock. */
        private volatile int waiting;

        void discard(final Event event) {
            if (event.sequence() <= through) {
                backup.discard(event);
                return;
            }
            arriving.add(event);
            settle();
        }

        void through(final long sequence) {
            through = sequence;
            settle();
        }

        int size() {
            return waiting + arriving.size();
        }

        /**
         * Moves the arrivals in and sends what Kafka holds, as long as there is such work and the lock is free: a
         * thread that finds it taken leaves the work to the holder, which looks again after unlocking.
         */
        private void settle() {
            while ((!arriving.isEmpty() || lowestWaiting <= through) && lock.tryLock()) {
                final List<Event> due;
                try {
                    due = settleHolding();
                } finally {
                    lock.unlock();
                }
                due.forEach(backup::discard);
            }
        }

        private List<Event> settleHolding() {
            final long held = through;
            List<Event> due = List.of();
            for (Event event = arriving.poll(); event != null; event = arriving.poll()) {
                if (event.sequence() <= held) {
                    due = add(due, event);
                    continue;
                }
                bySequence.put(event.sequence(), event);
                if (bySequence.size() > maxWithheld) {
                    bySequence.pollFirstEntry();
                    dropped.increment();
                }
            }
            if (!bySequence.isEmpty() && bySequence.firstKey() <= held) {
                final Map<Long, Event> heldNow = bySequence.headMap(held, true);
                for (final Event event : heldNow.values()) {
                    due = add(due, event);
                }
                heldNow.clear();
            }
            lowestWaiting = bySequence.isEmpty() ? Long.MAX_VALUE : bySequence.firstKey();
            waiting = bySequence.size();
            return due;
        }
    }

    /** {@code list} with {@code event} added, a new list for the first one (most settlements send nothing). */
    private static List<Event> add(final List<Event> list, final Event event) {
        final List<Event> growing = list.isEmpty() ? new ArrayList<>() : list;
        growing.add(event);
        return growing;
    }
}
