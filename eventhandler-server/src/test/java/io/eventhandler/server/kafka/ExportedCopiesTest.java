package io.eventhandler.server.kafka;

import io.eventhandler.core.delivery.Replicator;
import io.eventhandler.core.event.Event;
import io.eventhandler.core.event.EventDraft;
import io.eventhandler.core.event.SystemRef;
import io.eventhandler.core.qos.Destination;
import io.eventhandler.server.config.KafkaConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Discard requests of exported topics reach the backup only through what Kafka holds; the others pass at once. */
class ExportedCopiesTest {

    private final List<String> discarded = new ArrayList<>();
    private final Replicator backup = new Replicator() {
        @Override
        public void replicate(final Event event, final Runnable acknowledged, final Runnable failed) {
            acknowledged.run();
        }

        @Override
        public void discard(final Event event) {
            discarded.add(event.topic() + ":" + event.sequence());
        }
    };

    private static KafkaConfiguration exporting(final String topics, final boolean cloud) {
        return ServerConfiguration.fromMap(Map.of(KafkaConfiguration.BOOTSTRAP_SERVERS.key(), "127.0.0.1:9092",
                KafkaConfiguration.EXPORT_TOPICS.key(), topics,
                KafkaConfiguration.EXPORT_CLOUD.key(), Boolean.toString(cloud))).kafka();
    }

    private static Event event(final String topic, final long sequence) {
        return new Event(topic, sequence, new EventDraft(topic, SystemRef.of("test", "127.0.0.1", 1), Map.of(), "x",
                null, 0), new byte[0], 0);
    }

    @Test
    void aDiscardWaitsUntilKafkaHoldsItsEventInSequenceOrder() {
        final ExportedCopies copies = new ExportedCopies(exporting("KEPT*", false), backup, 100);
        assertTrue(copies.keeps("KEPT_A", Destination.EDGE));
        copies.discard(event("KEPT_A", 3));
        copies.discard(event("KEPT_A", 1));
        copies.discard(event("KEPT_A", 2));
        assertEquals(List.of(), discarded, "nothing in Kafka yet");
        assertEquals(3, copies.withheld());

        copies.heldThrough("KEPT_A", 2);
        assertEquals(List.of("KEPT_A:1", "KEPT_A:2"), discarded);
        copies.discard(event("KEPT_A", 2));
        assertEquals(List.of("KEPT_A:1", "KEPT_A:2", "KEPT_A:2"), discarded, "held already: at once");

        copies.heldThrough("KEPT_A", 1);
        copies.discard(event("KEPT_A", 2));
        assertEquals(3, discarded.size(), "a resume that went back holds the requests above it again");
        copies.heldThrough("KEPT_A", 3);
        assertEquals(List.of("KEPT_A:1", "KEPT_A:2", "KEPT_A:2", "KEPT_A:2", "KEPT_A:3"), discarded);
        assertEquals(0, copies.withheld());
    }

    @Test
    void topicsNotExportedPassAtOnceAndCloudTopicsAreKeptByTheirPlansDestination() {
        final ExportedCopies copies = new ExportedCopies(exporting("KEPT*", true), backup, 100);
        assertFalse(copies.keeps("LOCAL", Destination.EDGE));
        assertTrue(copies.keeps("TO_CLOUD", Destination.CLOUD));
        copies.discard(event("LOCAL", 1));
        copies.discard(event("UNPLANNED", 1));
        copies.discard(event("TO_CLOUD", 1));
        assertEquals(List.of("LOCAL:1", "UNPLANNED:1"), discarded);

        assertFalse(copies.keeps("TO_CLOUD", Destination.EDGE), "its plan changed destination");
        copies.discard(event("TO_CLOUD", 2));
        assertEquals(List.of("LOCAL:1", "UNPLANNED:1", "TO_CLOUD:2"), discarded);
    }

    @Test
    void beyondTheBoundTheOldestRequestIsDroppedAndCounted() {
        final ExportedCopies copies = new ExportedCopies(exporting("KEPT", false), backup, 2);
        copies.keeps("KEPT", Destination.EDGE);
        for (long sequence = 1; sequence <= 5; sequence++) {
            copies.discard(event("KEPT", sequence));
        }
        assertEquals(2, copies.withheld());
        assertEquals(3, copies.dropped());
        copies.heldThrough("KEPT", 5);
        assertEquals(List.of("KEPT:4", "KEPT:5"), discarded, "the dropped copies stay with the backup");
    }

    @Test
    void aDiscardNeverWaitsForTheThreadThatHoldsItsTopic() throws Exception {
        final ExportedCopies copies = new ExportedCopies(exporting("KEPT", false), backup, 100);
        copies.keeps("KEPT", Destination.EDGE);
        copies.heldThrough("KEPT", 1);
        final Lock lock = copies.lockOf("KEPT");
        lock.lock(); // as the export's thread, in the idle scheduling class, would while it lost its core
        try {
            final CompletableFuture<Void> delivery = CompletableFuture.runAsync(() -> {
                copies.discard(event("KEPT", 1));
                copies.discard(event("KEPT", 2));
            });
            delivery.get(30, TimeUnit.SECONDS); // a delivery thread that waited for the lock would never return here
            assertEquals(List.of("KEPT:1"), discarded, "held by Kafka already: at once, lock or no lock");
            assertEquals(1, copies.withheld());
        } finally {
            lock.unlock();
        }
        copies.heldThrough("KEPT", 2);
        assertEquals(List.of("KEPT:1", "KEPT:2"), discarded);
        assertEquals(0, copies.withheld());
    }

    @Test
    void requestsFromTwoDeliveryThreadsAndTheExportsReachTheBackupOnceWithoutALaterCall() throws Exception {
        final int events = 2_000;
        for (int round = 0; round < 50; round++) {
            final Queue<Long> sent = new ConcurrentLinkedQueue<>();
            final ExportedCopies copies = new ExportedCopies(exporting("KEPT", false), new Replicator() {
                @Override
                public void replicate(final Event event, final Runnable acknowledged, final Runnable failed) {
                    acknowledged.run();
                }

                @Override
                public void discard(final Event event) {
                    sent.add(event.sequence());
                }
            }, events);
            copies.keeps("KEPT", Destination.EDGE);
            final ExecutorService threads = Executors.newFixedThreadPool(3);
            try {
                final List<Future<?>> running = List.of(
                        threads.submit(() -> discardEvery(copies, 1, events)),
                        threads.submit(() -> discardEvery(copies, 2, events)),
                        threads.submit(() -> {
                            for (long through = 100; through <= events; through += 100) {
                                copies.heldThrough("KEPT", through);
                            }
                        }));
                for (final Future<?> each : running) {
                    each.get();
                }
            } finally {
                threads.shutdownNow();
            }
            // no call after the threads: a request left behind by a thread that found the lock taken would be missing
            final Set<Long> missing = LongStream.rangeClosed(1, events).boxed()
                    .collect(Collectors.toCollection(TreeSet::new));
            missing.removeAll(sent);
            assertEquals(Set.of(), missing, "round " + round + ": never sent");
            assertEquals(events, sent.size(), "round " + round + ": each sent once");
            assertEquals(0, copies.withheld());
            assertEquals(0, copies.dropped());
        }
    }

    private static void discardEvery(final ExportedCopies copies, final long first, final long last) {
        for (long sequence = first; sequence <= last; sequence += 2) {
            copies.discard(event("KEPT", sequence));
        }
    }
}
