package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RatePacerTest {

    @Test
    void shouldScheduleEventsAtFixedIntervalsFromTheStart() {
        final AtomicLong clock = new AtomicLong(1_000);
        final RatePacer pacer = new RatePacer(250, clock::get);
        pacer.start();
        assertEquals(1_000, pacer.intendedNanos(0));
        assertEquals(1_250, pacer.intendedNanos(1));
        assertEquals(3_500, pacer.intendedNanos(10));
    }

    @Test
    void shouldReturnTheIntendedInstantWithoutWaitingWhenLate() {
        final AtomicLong clock = new AtomicLong(0);
        final RatePacer pacer = new RatePacer(1_000, clock::get);
        pacer.start();
        clock.set(50_000);
        assertEquals(3_000, pacer.awaitSlot(3));
        assertEquals(50_000, clock.get());
    }

    @Test
    void shouldWaitUntilTheSlotIsDue() {
        final AtomicLong clock = new AtomicLong(0);
        final RatePacer pacer = new RatePacer(1_000, () -> clock.getAndAdd(100));
        pacer.start();
        assertEquals(2_000, pacer.awaitSlot(2));
        assertEquals(true, clock.get() >= 2_000);
    }

    @Test
    void shouldSendAtOnceWhenBackToBack() {
        final AtomicLong clock = new AtomicLong(7);
        final RatePacer pacer = new RatePacer(0, clock::get);
        pacer.start();
        clock.set(99);
        assertEquals(99, pacer.awaitSlot(1_000_000));
    }
}
