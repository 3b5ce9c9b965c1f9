package io.eventhandler.core.replication;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The backup's buffer (FRAME §3.5: a ring per topic): the replicas the primary sent, minus those it asked to discard
 * because the original reached every subscriber. A full topic buffer drops its oldest copy, counted as evicted. On
 * promotion what is left is taken for dispatch, in sequence order per topic. Thread-safe.
 */
public final class BackupBuffer {

    private final int capacityPerTopic;
    private final Map<String, ArrayDeque<Replica>> topics = new HashMap<>();
    private long held;
    private long received;
    private long pruned;
    private long evicted;

    /** @param capacityPerTopic copies kept per topic (the paper's experiments used 10), ≥ 1 */
    public BackupBuffer(final int capacityPerTopic) {
        if (capacityPerTopic < 1) {
            throw new IllegalArgumentException("capacity per topic must be ≥ 1, was " + capacityPerTopic);
        }
        this.capacityPerTopic = capacityPerTopic;
    }

    /** Keep a copy, in sequence order within its topic (replication jobs may complete out of order). */
    public synchronized void hold(final Replica replica) {
        final ArrayDeque<Replica> copies = topics.computeIfAbsent(replica.topic(), t -> new ArrayDeque<>());
        received++;
        if (copies.isEmpty() || copies.peekLast().sequence() < replica.sequence()) {
            copies.addLast(replica);
        } else {
            final List<Replica> ordered = new ArrayList<>(copies);
            ordered.add(replica);
            ordered.sort(Comparator.comparingLong(Replica::sequence));
            copies.clear();
            copies.addAll(ordered);
        }
        held++;
        if (copies.size() > capacityPerTopic) { // the oldest is the lowest number, which may be the late newcomer
            copies.pollFirst();
            evicted++;
            held--;
        }
    }

    /**
     * The primary dispatched the original: this copy must not be dispatched again on recovery.
     *
     * @return whether the copy was held
     */
    public synchronized boolean discard(final String topic, final long sequence) {
        final ArrayDeque<Replica> copies = topics.get(topic);
        if (copies == null) {
            return false;
        }
        for (final Iterator<Replica> it = copies.iterator(); it.hasNext(); ) {
            if (it.next().sequence() == sequence) {
                it.remove();
                pruned++;
                held--;
                if (copies.isEmpty()) {
                    topics.remove(topic);
                }
                return true;
            }
        }
        return false;
    }

    /** Take every copy for dispatch after a promotion: per topic in sequence order, topics in name order. */
    public synchronized List<Replica> drain() {
        final List<Replica> all = new ArrayList<>((int) held);
        topics.keySet().stream().sorted().forEach(topic -> all.addAll(topics.get(topic)));
        clear();
        return all;
    }

    /** Forget every copy: a new primary resynchronizes this backup from scratch. */
    public synchronized void clear() {
        topics.clear();
        held = 0;
    }

    public synchronized BackupBufferStatistics statistics() {
        return new BackupBufferStatistics(held, received, pruned, evicted, topics.size());
    }
}
