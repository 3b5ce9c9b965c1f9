package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.eventhandler.benchmarks.load.DeliveryTracker.Arrival;
import org.junit.jupiter.api.Test;

class DeliveryTrackerTest {

    @Test
    void shouldCountNothingLostForACompleteInOrderSequence() {
        final DeliveryTracker tracker = new DeliveryTracker(1);
        for (int i = 0; i < 100; i++) {
            assertEquals(Arrival.IN_ORDER, tracker.record(0, i));
        }
        assertEquals(100, tracker.unique());
        assertEquals(0, tracker.lost(0, 100, new long[0]));
        assertEquals(0, tracker.duplicates());
        assertEquals(0, tracker.outOfOrder());
    }

    @Test
    void shouldCountMissingIndicesAsLost() {
        final DeliveryTracker tracker = new DeliveryTracker(1);
        for (final long i : new long[] {0, 1, 2, 5, 6, 9}) {
            tracker.record(0, i);
        }
        assertEquals(4, tracker.lost(0, 10, new long[0]));
        assertEquals(0, tracker.outOfOrder());
    }

    @Test
    void shouldCountRepeatedIndicesAsDuplicatesOnly() {
        final DeliveryTracker tracker = new DeliveryTracker(1);
        assertEquals(Arrival.IN_ORDER, tracker.record(0, 0));
        assertEquals(Arrival.IN_ORDER, tracker.record(0, 1));
        assertEquals(Arrival.DUPLICATE, tracker.record(0, 1));
        assertEquals(Arrival.DUPLICATE, tracker.record(0, 0));
        assertEquals(Arrival.IN_ORDER, tracker.record(0, 2));
        assertEquals(5, tracker.received());
        assertEquals(3, tracker.unique());
        assertEquals(2, tracker.duplicates());
        assertEquals(0, tracker.outOfOrder());
        assertEquals(0, tracker.lost(0, 3, new long[0]));
    }

    @Test
    void shouldCountLateArrivalsAsOutOfOrder() {
        final DeliveryTracker tracker = new DeliveryTracker(1);
        tracker.record(0, 0);
        tracker.record(0, 2);
        assertEquals(Arrival.OUT_OF_ORDER, tracker.record(0, 1));
        tracker.record(0, 5);
        assertEquals(Arrival.OUT_OF_ORDER, tracker.record(0, 3));
        assertEquals(Arrival.OUT_OF_ORDER, tracker.record(0, 4));
        assertEquals(3, tracker.outOfOrder());
        assertEquals(0, tracker.lost(0, 6, new long[0]));
    }

    @Test
    void shouldTrackPublishersIndependently() {
        final DeliveryTracker tracker = new DeliveryTracker(2);
        tracker.record(0, 5);
        assertEquals(Arrival.IN_ORDER, tracker.record(1, 0));
        assertEquals(Arrival.IN_ORDER, tracker.record(1, 1));
        assertEquals(1, tracker.unique(0));
        assertEquals(2, tracker.unique(1));
        assertEquals(5, tracker.lost(0, 6, new long[0]));
        assertEquals(0, tracker.lost(1, 2, new long[0]));
    }

    @Test
    void shouldNotExpectEventsWhosePublishFailed() {
        final DeliveryTracker tracker = new DeliveryTracker(1);
        tracker.record(0, 0);
        tracker.record(0, 2);
        tracker.record(0, 3);
        assertEquals(0, tracker.lost(0, 4, new long[] {1}));
        assertEquals(1, tracker.lost(0, 4, new long[0]));
    }

    @Test
    void shouldNotCountAFailedPublishThatArrivedAnyway() {
        final DeliveryTracker tracker = new DeliveryTracker(1);
        tracker.record(0, 0);
        tracker.record(0, 1);
        assertEquals(1, tracker.lost(0, 3, new long[] {1}));
    }

    @Test
    void shouldClassifyUnknownPublishersAndIndices() {
        final DeliveryTracker tracker = new DeliveryTracker(1);
        assertEquals(Arrival.UNKNOWN, tracker.record(3, 0));
        assertEquals(Arrival.UNKNOWN, tracker.record(-1, 0));
        assertEquals(Arrival.UNKNOWN, tracker.record(0, -1));
        assertEquals(3, tracker.unknown());
        assertEquals(0, tracker.unique());
    }
}
