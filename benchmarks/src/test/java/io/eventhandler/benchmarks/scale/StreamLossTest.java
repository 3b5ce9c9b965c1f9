package io.eventhandler.benchmarks.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class StreamLossTest {

    @Test
    void countsWhatEachStreamMissedAgainstItsOwnTopic() {
        // stream 0 and 1 on a topic with 10 accepted events, stream 2 on one with 4
        final StreamBook.Counts before = new StreamBook.Counts(new long[] {5, 0, 0}, new long[3], new long[3], 0);
        final StreamBook.Counts after = new StreamBook.Counts(new long[] {15, 7, 4}, new long[] {0, 2, 0},
                new long[] {0, 1, 0}, 1);
        final StreamLoss loss = StreamLoss.of(after.since(before, 0, 3), i -> i < 2 ? 10 : 4);
        assertEquals(3, loss.streams());
        assertEquals(24, loss.expected());
        assertEquals(21, loss.received());
        assertEquals(3, loss.lost());
        assertEquals(1, loss.streamsWithLoss());
        assertEquals(2, loss.duplicates());
        assertEquals(2, loss.troubles());
        assertEquals(0.7, loss.minReceivedFraction(), 1e-9);
        assertEquals(1.0, loss.medianReceivedFraction(), 1e-9);
    }

    @Test
    void accountsOnlyTheStreamsOfThePhase() {
        final StreamBook.Counts before = new StreamBook.Counts(new long[4], new long[4], new long[4], 0);
        final StreamBook.Counts after = new StreamBook.Counts(new long[] {9, 9, 3, 3}, new long[4], new long[4], 0);
        final StreamLoss loss = StreamLoss.of(after.since(before, 2, 4), i -> 3);
        assertEquals(2, loss.streams());
        assertEquals(0, loss.lost());
    }
}
