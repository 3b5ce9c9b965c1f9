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
 * because the original reached every subscriber's sink. The primary asks only once every subscriber has the event
 * (a webhook receiver answered it, an SSE stream wrote it), so a subscriber with a backlog keeps its events' copies
 * here. A full topic buffer drops its oldest copy, counted as evicted; an evicted copy whose discard never came is
 * given up at a take-over, announced and counted ({@link GivenUp}). It keeps the publisher stamp of each copy it
 * holds, so the new primary recognises a publisher's resend of an event it dispatches under the original number
 * (a resend of a discarded event is not recognised: an SSE stream's write is not proof of receipt, and the resend
 * is what a subscriber who missed it gets). On promotion what is left is taken for dispatch, in sequence order per
 * topic. Thread-safe.
 */
public final class BackupBuffer {

    private final int capacityPerTopic;
    private final Map<String, TopicCopies> topics = new HashMap<>();
    private long held;
    private long received;
    private long pruned;
    private long evicted;
    private long givenUp;

    /** @param capacityPerTopic copies kept per topic (the paper's experiments used 10), ≥ 1 */
    public BackupBuffer(final int capacityPerTopic) {
        if (capacityPerTopic < 1) {
            throw new IllegalArgumentException("capacity per topic must be ≥ 1, was " + capacityPerTopic);
        }
        this.capacityPerTopic = capacityPerTopic;
    }

    /** Keep a copy, in sequence order within its topic (replication jobs may complete out of order). */
    public void hold(final Replica replica) {
        hold(replica, null);
    }

    /** Keep a copy and remember its publisher's stamp ({@code null} for an event without one). */
    public synchronized void hold(final Replica replica, final ResendStamp stamp) {
        final TopicCopies topic = topics.computeIfAbsent(replica.topic(), t -> new TopicCopies());
        received++;
        if (stamp != null) {
            topic.stamps.put(replica.sequence(), stamp);
        }
        final ArrayDeque<Replica> copies = topic.copies;
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
            final long pushedOut = copies.pollFirst().sequence();
            topic.evicted.add(pushedOut);
            topic.stamps.remove(pushedOut);
            evicted++;
            held--;
        }
    }

    /**
     * The original reached every subscriber: this copy must not be dispatched again on recovery.
     *
     * @return whether the copy was held
     */
    public synchronized boolean discard(final String topicName, final long sequence) {
        final TopicCopies topic = topics.get(topicName);
        if (topic == null) {
            return false;
        }
        topic.evicted.remove(sequence); // delivered after all: not given up
        for (final Iterator<Replica> it = topic.copies.iterator(); it.hasNext(); ) {
            if (it.next().sequence() == sequence) {
                it.remove();
                topic.stamps.remove(sequence);
                pruned++;
                held--;
                return true;
            }
        }
        return false;
    }

    /** Take every copy for dispatch after a promotion: per topic in sequence order, topics in name order. */
    public List<Replica> drain() {
        return takeOver().copies();
    }

    /** Everything a take-over needs: the copies, the runs given up, the stamps; the buffer is empty after. */
    public synchronized Recovery takeOver() {
        final List<Replica> all = new ArrayList<>((int) held);
        final List<GivenUp> runs = new ArrayList<>();
        final Map<String, Map<ResendStamp, Long>> stamps = new HashMap<>();
        topics.keySet().stream().sorted().forEach(name -> {
            final TopicCopies topic = topics.get(name);
            all.addAll(topic.copies);
            runs.addAll(topic.evicted.givenUp(name));
            if (!topic.stamps.isEmpty()) {
                final Map<ResendStamp, Long> held = new HashMap<>();
                topic.stamps.forEach((sequence, stamp) -> held.put(stamp, sequence));
                stamps.put(name, held);
            }
        });
        runs.forEach(run -> givenUp += run.count());
        final Recovery recovery = new Recovery(all, runs, new RecoveredStamps(stamps));
        clear();
        return recovery;
    }

    /** Forget every copy: a new primary resynchronizes this backup from scratch. */
    public synchronized void clear() {
        topics.clear();
        held = 0;
    }

    public synchronized BackupBufferStatistics statistics() {
        final int withCopies = (int) topics.values().stream().filter(t -> !t.copies.isEmpty()).count();
        return new BackupBufferStatistics(held, received, pruned, evicted, givenUp, withCopies);
    }

    /** One topic's copies with their publisher stamps, and the numbers evicted and not discarded since. */
    private static final class TopicCopies {
        final ArrayDeque<Replica> copies = new ArrayDeque<>();
        final EvictedRuns evicted = new EvictedRuns();
        /** The publisher stamp of each copy held, by number. */
        final Map<Long, ResendStamp> stamps = new HashMap<>();
    }
}
