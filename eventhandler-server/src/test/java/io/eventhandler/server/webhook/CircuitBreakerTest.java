package io.eventhandler.server.webhook;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CircuitBreakerTest {

    private final AtomicLong now = new AtomicLong(1_000);
    private final CircuitBreaker breaker = new CircuitBreaker(3, 100, now::get);

    @Test
    void opensAfterTheThresholdThenTriesOneAndClosesOnSuccess() {
        assertFalse(breaker.failed());
        breaker.succeeded(); // a success resets the run
        assertFalse(breaker.failed());
        assertFalse(breaker.failed());
        assertTrue(breaker.allows());
        assertTrue(breaker.failed(), "the third failure in a row opens it");
        assertFalse(breaker.allows());
        now.addAndGet(99);
        assertFalse(breaker.allows());
        now.addAndGet(1);
        assertTrue(breaker.allows(), "half-open: one is tried");
        assertTrue(breaker.failed(), "a failure while half-open opens it again at once");
        assertFalse(breaker.allows());
        now.addAndGet(100);
        assertTrue(breaker.allows());
        breaker.succeeded();
        assertTrue(breaker.allows());
        assertFalse(breaker.failed(), "closed: the count starts again");
        assertEquals(2, breaker.timesOpened());
    }

    @Test
    void aThresholdOfZeroNeverOpens() {
        final CircuitBreaker never = new CircuitBreaker(0, 100, now::get);
        for (int i = 0; i < 50; i++) {
            assertFalse(never.failed());
        }
        assertTrue(never.allows());
    }
}
