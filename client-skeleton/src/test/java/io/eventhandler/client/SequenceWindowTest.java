package io.eventhandler.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SequenceWindowTest {

    private final SequenceWindow window = new SequenceWindow();

    @Test
    void inOrderEachNumberIsNewOnceAndARepeatIsSeen() {
        for (long s = 1; s <= 10_000; s++) {
            assertTrue(window.firstTime(s), "first time of " + s);
        }
        assertEquals(10_000, window.highest());
        assertFalse(window.firstTime(10_000));
        assertFalse(window.firstTime(9_998));
        assertFalse(window.firstTime(10_000 - SequenceWindow.SIZE + 1), "the oldest number in the window");
        assertTrue(window.firstTime(10_001));
    }

    @Test
    void outOfOrderWithinTheWindowIsToldApart() {
        assertTrue(window.firstTime(5));
        assertTrue(window.firstTime(3));
        assertTrue(window.firstTime(4));
        assertFalse(window.firstTime(3));
        assertFalse(window.firstTime(5));
        assertTrue(window.firstTime(1));
        assertTrue(window.firstTime(2));
        assertFalse(window.firstTime(1));
        assertEquals(5, window.highest());

        // a jump leaves the numbers it skipped unseen, even those whose slot an old number had used
        assertTrue(window.firstTime(5 + SequenceWindow.SIZE - 1));
        assertTrue(window.firstTime(SequenceWindow.SIZE + 3), "slot of 3, but not 3");
        assertTrue(window.firstTime(SequenceWindow.SIZE + 2), "slot of 2, but not 2");
        assertFalse(window.firstTime(SequenceWindow.SIZE + 2));
        assertFalse(window.firstTime(5), "still in the window, seen");
    }

    @Test
    void farBehindTheWindowCountsAsSeen() {
        assertTrue(window.firstTime(2));
        assertTrue(window.firstTime(2 + SequenceWindow.SIZE));
        assertFalse(window.firstTime(2), "exactly SIZE behind: out of the window");
        assertFalse(window.firstTime(1), "never seen, but too old to tell: an old copy");
        assertTrue(window.firstTime(3), "SIZE - 1 behind: still in the window, unseen");
        assertTrue(window.firstTime(1_000_000), "a jump far ahead clears the window");
        assertTrue(window.firstTime(1_000_000 - 1));
        assertFalse(window.firstTime(2 + SequenceWindow.SIZE));
    }

    @Test
    void aForgottenNumberIsNewAgain() {
        assertTrue(window.firstTime(7));
        window.forget(7);
        assertTrue(window.firstTime(7));
        assertFalse(window.firstTime(7));
        window.forget(99);
        assertEquals(7, window.highest(), "forgetting a number not seen changes nothing");
    }

    @Test
    void numbersStartAtOne() {
        assertThrows(IllegalArgumentException.class, () -> window.firstTime(0));
    }
}
