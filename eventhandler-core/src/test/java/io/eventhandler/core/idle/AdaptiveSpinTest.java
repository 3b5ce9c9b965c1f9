package io.eventhandler.core.idle;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The idle poll's budget, on a clock each look at it advances by 1 µs. */
class AdaptiveSpinTest {

    /** A clock that moves 1 µs per reading, and can jump (time spent asleep). */
    private static final class SteppedClock {
        private long now;

        long read() {
            now += 1_000;
            return now;
        }

        void sleep(final long micros) {
            now += micros * 1_000;
        }
    }

    private final SteppedClock clock = new SteppedClock();

    @Test
    void pollsUntilWorkComesAndSaysSo() {
        final AdaptiveSpin spin = new AdaptiveSpin(50, clock::read);
        final AtomicInteger looks = new AtomicInteger();
        assertTrue(spin.await(() -> looks.incrementAndGet() == 5));
        assertEquals(5, looks.get());
        assertEquals(50_000, spin.budgetNanos(), "work found while polling leaves the budget at its maximum");
    }

    @Test
    void saysWhetherWorkWasThereAtTheFirstLook() {
        final AdaptiveSpin spin = new AdaptiveSpin(50, clock::read);
        assertTrue(spin.await(() -> true));
        assertTrue(spin.foundAtFirstLook(), "work waiting already");
        final AtomicInteger looks = new AtomicInteger();
        assertTrue(spin.await(() -> looks.incrementAndGet() == 2));
        assertFalse(spin.foundAtFirstLook(), "work that came while polling");
        assertTrue(spin.await(() -> true));
        assertFalse(spin.await(() -> false));
        assertFalse(spin.foundAtFirstLook(), "no work: the thread sleeps next");
    }

    @Test
    void givesUpWhenTheBudgetIsSpent() {
        final AdaptiveSpin spin = new AdaptiveSpin(50, clock::read);
        final AtomicInteger looks = new AtomicInteger();
        assertFalse(spin.await(() -> {
            looks.incrementAndGet();
            return false;
        }));
        assertTrue(looks.get() >= 40 && looks.get() <= 50, "about one look per µs of a 50-µs budget: " + looks);
    }

    @Test
    void longIdleGapsHalveTheBudgetDownToASixteenth() {
        final AdaptiveSpin spin = new AdaptiveSpin(64, clock::read);
        final long[] expected = {32_000, 16_000, 8_000, 4_000, 4_000, 4_000};
        for (final long budget : expected) {
            assertFalse(spin.await(() -> false));
            clock.sleep(1_000); // the work came 1 ms later: no poll of at most 64 µs would have caught it
            spin.woke();
            assertEquals(budget, spin.budgetNanos());
        }
    }

    @Test
    void workSoonAfterSleepingRestoresTheMaximum() {
        final AdaptiveSpin spin = new AdaptiveSpin(64, clock::read);
        for (int i = 0; i < 4; i++) {
            assertFalse(spin.await(() -> false));
            clock.sleep(1_000);
            spin.woke();
        }
        assertEquals(4_000, spin.budgetNanos());
        assertFalse(spin.await(() -> false));
        clock.sleep(20); // came 20 µs into the sleep: well within a full poll
        spin.woke();
        assertEquals(64_000, spin.budgetNanos());
    }

    @Test
    void zeroNeverPolls() {
        final AdaptiveSpin spin = new AdaptiveSpin(0, clock::read);
        assertFalse(spin.await(() -> {
            throw new AssertionError("a spin of 0 µs must not look for work");
        }));
        spin.woke();
        assertEquals(0, spin.budgetNanos());
    }

    @Test
    void aNegativeTimeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new AdaptiveSpin(-1));
    }
}
