package io.eventhandler.core.replication;

import io.eventhandler.core.Events;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The backup's buffer: order per topic, capacity, pruning on discard, draining on promotion, counters. */
class BackupBufferTest {

    private static Replica replica(final String topic, final long sequence) {
        return new Replica(topic, sequence, Events.draft(topic, topic + "-" + sequence));
    }

    private static List<Long> sequences(final List<Replica> replicas) {
        return replicas.stream().map(Replica::sequence).toList();
    }

    @Test
    void shouldRejectACapacityBelowOne() {
        assertThrows(IllegalArgumentException.class, () -> new BackupBuffer(0));
        assertThrows(IllegalArgumentException.class, () -> new BackupBuffer(-3));
        new BackupBuffer(1);
    }

    @Test
    void shouldHoldCopiesInTheOrderTheyCame() {
        final BackupBuffer buffer = new BackupBuffer(10);
        buffer.hold(replica("T", 1));
        buffer.hold(replica("T", 2));
        buffer.hold(replica("T", 3));
        final List<Replica> drained = buffer.drain();
        assertEquals(List.of(1L, 2L, 3L), sequences(drained));
        assertEquals("T-2", drained.get(1).draft().payload(), "the copy itself is kept");
    }

    @Test
    void shouldKeepEachTopicSortedWhenCopiesArriveOutOfOrder() {
        final BackupBuffer buffer = new BackupBuffer(10);
        buffer.hold(replica("T", 5));
        buffer.hold(replica("T", 2));
        buffer.hold(replica("T", 9));
        buffer.hold(replica("T", 7));
        buffer.hold(replica("T", 1));
        assertEquals(List.of(1L, 2L, 5L, 7L, 9L), sequences(buffer.drain()));
    }

    @Test
    void shouldEvictTheOldestCopyOfAFullTopicOnlyAndCountIt() {
        final BackupBuffer buffer = new BackupBuffer(3);
        for (long seq = 1; seq <= 5; seq++) {
            buffer.hold(replica("A", seq));
        }
        buffer.hold(replica("B", 1)); // another topic has its own ring
        assertEquals(new BackupBufferStatistics(4, 6, 0, 2, 0, 2), buffer.statistics());
        assertFalse(buffer.discard("A", 1), "evicted, no longer held");
        assertEquals(List.of(3L, 4L, 5L, 1L), sequences(buffer.drain()));
    }

    @Test
    void aLateCopyOlderThanEveryHeldOneIsTheOldestOfAFullTopic() {
        final BackupBuffer buffer = new BackupBuffer(2);
        buffer.hold(replica("T", 5));
        buffer.hold(replica("T", 6));
        buffer.hold(replica("T", 3)); // replication jobs completed out of order
        assertEquals(1, buffer.statistics().evicted());
        assertEquals(2, buffer.statistics().held());
        assertEquals(List.of(5L, 6L), sequences(buffer.drain()), "the newest copies are kept");
    }

    @Test
    void aLateCopyInTheMiddleOfAFullTopicPushesOutTheOldest() {
        final BackupBuffer buffer = new BackupBuffer(3);
        buffer.hold(replica("T", 2));
        buffer.hold(replica("T", 4));
        buffer.hold(replica("T", 6));
        buffer.hold(replica("T", 5));
        assertEquals(List.of(4L, 5L, 6L), sequences(buffer.drain()));
    }

    @Test
    void shouldPruneADiscardedCopyAndCountIt() {
        final BackupBuffer buffer = new BackupBuffer(10);
        buffer.hold(replica("T", 1));
        buffer.hold(replica("T", 2));
        buffer.hold(replica("T", 3));
        assertTrue(buffer.discard("T", 2));
        assertFalse(buffer.discard("T", 2), "already pruned");
        assertFalse(buffer.discard("T", 42), "never held");
        assertFalse(buffer.discard("U", 1), "unknown topic");
        assertEquals(new BackupBufferStatistics(2, 3, 1, 0, 0, 1), buffer.statistics());
        assertEquals(List.of(1L, 3L), sequences(buffer.drain()));
    }

    @Test
    void aTopicWhoseLastCopyIsPrunedIsNoLongerCounted() {
        final BackupBuffer buffer = new BackupBuffer(10);
        buffer.hold(replica("T", 1));
        buffer.hold(replica("U", 1));
        assertTrue(buffer.discard("T", 1));
        assertEquals(1, buffer.statistics().topics());
        assertFalse(buffer.discard("T", 1));
        buffer.hold(replica("T", 2));
        assertEquals(List.of(2L, 1L), sequences(buffer.drain()));
    }

    @Test
    void shouldDrainTopicsInNameOrderEachInSequenceOrderAndEmptyTheBuffer() {
        final BackupBuffer buffer = new BackupBuffer(10);
        buffer.hold(replica("MONITORING", 2));
        buffer.hold(replica("LOGGING", 7));
        buffer.hold(replica("ALARMS", 3));
        buffer.hold(replica("MONITORING", 1));
        buffer.hold(replica("LOGGING", 4));
        final List<Replica> drained = buffer.drain();
        assertEquals(List.of("ALARMS", "LOGGING", "LOGGING", "MONITORING", "MONITORING"),
                drained.stream().map(Replica::topic).toList());
        assertEquals(List.of(3L, 4L, 7L, 1L, 2L), sequences(drained));
        final BackupBufferStatistics after = buffer.statistics();
        assertEquals(0, after.held());
        assertEquals(0, after.topics());
        assertEquals(5, after.received(), "the counters survive a drain");
        assertEquals(List.of(), buffer.drain());
        assertFalse(buffer.discard("LOGGING", 4));
    }

    @Test
    void shouldForgetEveryCopyOnClearButKeepTheCounters() {
        final BackupBuffer buffer = new BackupBuffer(2);
        buffer.hold(replica("T", 1));
        buffer.hold(replica("T", 2));
        buffer.hold(replica("T", 3));
        buffer.hold(replica("U", 1));
        assertTrue(buffer.discard("U", 1));
        buffer.hold(replica("U", 2));
        buffer.clear();
        assertEquals(new BackupBufferStatistics(0, 5, 1, 1, 0, 0), buffer.statistics());
        assertEquals(List.of(), buffer.drain());
        buffer.hold(replica("T", 9));
        assertEquals(List.of(9L), sequences(buffer.drain()));
    }

    @Test
    void concurrentHoldsAndDiscardsKeepTheCountersConsistent() throws Exception {
        final int threads = 4;
        final int perThread = 5_000;
        final int capacity = 64;
        final String[] topics = {"A", "B", "C"};
        final BackupBuffer buffer = new BackupBuffer(capacity);
        final LongAdder discarded = new LongAdder();
        final CountDownLatch go = new CountDownLatch(1);
        final ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            final List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                final int thread = t;
                done.add(pool.submit(() -> {
                    go.await();
                    for (int i = 0; i < perThread; i++) {
                        final String topic = topics[i % topics.length];
                        final long sequence = (long) i * threads + thread + 1; // unique per topic
                        buffer.hold(replica(topic, sequence));
                        if (i % 3 != 0 && buffer.discard(topic, sequence)) {
                            discarded.increment();
                        }
                    }
                    return null;
                }));
            }
            go.countDown();
            for (final Future<?> future : done) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        final BackupBufferStatistics stats = buffer.statistics();
        assertEquals((long) threads * perThread, stats.received());
        assertEquals(discarded.sum(), stats.pruned());
        assertTrue(stats.pruned() > 0);
        assertEquals(stats.received() - stats.pruned() - stats.evicted(), stats.held());
        assertTrue(stats.held() <= (long) capacity * topics.length);

        final List<Replica> drained = buffer.drain();
        assertEquals(stats.held(), drained.size());
        final Map<String, List<Long>> byTopic = new HashMap<>();
        drained.forEach(r -> byTopic.computeIfAbsent(r.topic(), t -> new ArrayList<>()).add(r.sequence()));
        assertEquals(stats.topics(), byTopic.size());
        byTopic.forEach((topic, sequences) -> {
            assertTrue(sequences.size() <= capacity, topic);
            for (int i = 1; i < sequences.size(); i++) {
                assertTrue(sequences.get(i - 1) < sequences.get(i), topic + " in sequence order: " + sequences);
            }
        });
    }

    @Test
    void shouldGiveUpAtATakeOverOnlyTheEvictedCopiesThatWereNeverDiscarded() {
        final BackupBuffer buffer = new BackupBuffer(2);
        for (long n = 1; n <= 6; n++) {
            buffer.hold(replica("T", n)); // 1..4 evicted, 5 and 6 held
        }
        assertFalse(buffer.discard("T", 2), "evicted already");
        final Recovery recovery = buffer.takeOver();
        assertEquals(List.of(5L, 6L), sequences(recovery.copies()));
        assertEquals(List.of(new GivenUp("T", 1, 1, 1), new GivenUp("T", 3, 4, 2)), recovery.givenUp(),
                "2 was delivered after all: its discard came after the eviction");
        assertEquals(3, buffer.statistics().givenUp());
        assertEquals(List.of(), buffer.takeOver().givenUp(), "given up once");
    }

    @Test
    void shouldTrackABacklogFarBeyondItsCapacityAsRunsAndForgetWhatWasDiscardedLater() {
        final BackupBuffer buffer = new BackupBuffer(2);
        for (long n = 1; n <= 1_000; n++) {
            buffer.hold(replica("T", n)); // 1..998 evicted
        }
        for (long n = 1; n <= 900; n++) {
            buffer.discard("T", n); // delivered after all
        }
        buffer.discard("T", 950);
        assertEquals(List.of(new GivenUp("T", 901, 949, 49), new GivenUp("T", 951, 998, 48)),
                buffer.takeOver().givenUp());
    }

    @Test
    void shouldNotRecogniseAResendOfAGivenUpEvent() {
        final BackupBuffer buffer = new BackupBuffer(1);
        buffer.hold(replica("T", 1), new ResendStamp("p", 1));
        buffer.hold(replica("T", 2), new ResendStamp("p", 2)); // 1 evicted, never discarded
        final Recovery recovery = buffer.takeOver();
        assertEquals(List.of(new GivenUp("T", 1, 1, 1)), recovery.givenUp());
        assertEquals(-1, recovery.stamps().sequenceOf("T", new ResendStamp("p", 1)), "its resend is welcome");
        assertEquals(2, recovery.stamps().sequenceOf("T", new ResendStamp("p", 2)));
    }

    @Test
    void shouldKnowThePublisherStampsOfTheCopiesItHoldsOnly() {
        final BackupBuffer buffer = new BackupBuffer(4);
        buffer.hold(replica("T", 11), new ResendStamp("p1", 1));
        buffer.hold(replica("T", 12), new ResendStamp("p1", 2));
        buffer.hold(replica("T", 13));
        assertTrue(buffer.discard("T", 11));
        buffer.hold(replica("U", 12), new ResendStamp("p1", 2));
        final RecoveredStamps stamps = buffer.takeOver().stamps();
        assertEquals(-1, stamps.sequenceOf("T", new ResendStamp("p1", 1)),
                "a discarded copy's resend is a new event: a written SSE frame is no proof of receipt");
        assertEquals(12, stamps.sequenceOf("T", new ResendStamp("p1", 2)));
        assertEquals(-1, stamps.sequenceOf("T", new ResendStamp("p1", 3)));
        assertEquals(12, stamps.sequenceOf("U", new ResendStamp("p1", 2)), "stamps are per topic");
        assertEquals(2, stamps.size());
        assertEquals(-1, stamps.without("T", 12).sequenceOf("T", new ResendStamp("p1", 2)), "not dispatched after all");
        assertEquals(12, stamps.without("T", 12).sequenceOf("U", new ResendStamp("p1", 2)));
    }
}
