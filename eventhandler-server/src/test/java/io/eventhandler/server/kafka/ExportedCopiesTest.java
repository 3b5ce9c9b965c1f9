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
}
