package io.eventhandler.core.delivery.accounting;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Longest run of consecutive losses: in order, with gaps, reordered, filtered streams. */
class LossRunTrackerTest {

    /** 'D' delivered, 'X' dropped, for sequences first, first + 1, ... */
    private static LossRunTracker inOrder(final LossRunTracker t, final long first, final String outcomes) {
        for (int i = 0; i < outcomes.length(); i++) {
            if (outcomes.charAt(i) == 'D') {
                t.delivered(first + i);
            } else {
                t.dropped(first + i);
            }
        }
        return t;
    }

    @Test
    void shouldFindTheLongestRunOfDropsBetweenDeliveries() {
        final LossRunTracker t = inOrder(new LossRunTracker(true, 8), 1, "DXXDXXXDXD");
        assertEquals(3, t.longestRun());
        assertEquals(0, t.currentRun());
        assertEquals(6, t.losses());
        assertEquals(2, inOrder(new LossRunTracker(true, 8), 41, "XXDX").longestRun(),
                "a stream may start anywhere, even with a loss");
    }

    @Test
    void shouldCountSequenceGapsAsLossesOnceTheWindowGivesUp() {
        final LossRunTracker t = new LossRunTracker(true, 2);
        t.delivered(1);
        t.delivered(2);
        t.delivered(6);
        t.delivered(7);
        assertEquals(0, t.longestRun(), "3..5 may still come");
        assertEquals(2, t.waiting());
        t.delivered(8);
        assertEquals(3, t.longestRun(), "window exceeded: 3, 4, 5 are lost");
        assertEquals(0, t.waiting());
        t.delivered(4);
        assertEquals(1, t.late());
        assertEquals(3, t.longestRun());
    }

    @Test
    void shouldSettleGapsOnFlush() {
        final LossRunTracker t = new LossRunTracker(true, 64);
        t.delivered(10);
        t.dropped(11);
        t.delivered(15);
        t.flush();
        assertEquals(4, t.longestRun(), "11 dropped and 12..14 never seen");
    }

    @Test
    void shouldNotCountReorderedDeliveriesAsLosses() {
        final LossRunTracker t = new LossRunTracker(true, 8);
        for (final long s : new long[] {1, 3, 2, 5, 4, 6}) {
            t.delivered(s);
        }
        t.flush();
        assertEquals(0, t.longestRun());
        assertEquals(0, t.losses());
        assertEquals(0, t.late());
    }

    @Test
    void shouldJoinReorderedDropsIntoOneRun() {
        final LossRunTracker t = new LossRunTracker(true, 8);
        t.delivered(1);
        t.dropped(3);
        t.delivered(5);
        t.dropped(2);
        assertEquals(2, t.longestRun(), "2 and 3 settled; 4 still missing");
        t.dropped(4);
        assertEquals(3, t.longestRun());
    }

    @Test
    void shouldIgnoreGapsOfAFilteredStream() {
        final LossRunTracker t = new LossRunTracker(false, 8);
        t.delivered(1);
        t.delivered(5);
        t.dropped(9);
        t.dropped(12);
        t.delivered(30);
        t.dropped(31);
        assertEquals(2, t.longestRun());
        assertEquals(3, t.losses());
        assertEquals(0, t.waiting());
    }
}
