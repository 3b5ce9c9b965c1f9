package io.eventhandler.core.replication;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The backup's failure detector, on a clock the test moves. */
class FailureDetectorTest {

    private static final long TIMEOUT = 1_000;

    private final AtomicLong clock = new AtomicLong(5_000_000);
    private final FailureDetector detector = new FailureDetector(clock::get, TIMEOUT);

    @Test
    void shouldRejectANonPositiveTimeout() {
        assertThrows(IllegalArgumentException.class, () -> new FailureDetector(clock::get, 0));
        assertThrows(IllegalArgumentException.class, () -> new FailureDetector(clock::get, -1));
    }

    @Test
    void aPrimaryNeverHeardFromIsNeverSuspected() {
        assertFalse(detector.hasHeard());
        assertFalse(detector.primaryFailed());
        clock.addAndGet(1_000 * TIMEOUT);
        assertFalse(detector.primaryFailed());
    }

    @Test
    void aPrimaryIsFailedOnlyAfterStrictlyMoreThanTheTimeoutOfSilence() {
        detector.heard();
        assertTrue(detector.hasHeard());
        assertEquals(5_000_000, detector.lastHeardNanos());
        assertFalse(detector.primaryFailed());
        clock.addAndGet(TIMEOUT);
        assertFalse(detector.primaryFailed(), "exactly the timeout is not yet a failure");
        clock.incrementAndGet();
        assertTrue(detector.primaryFailed());
    }

    @Test
    void hearingFromThePrimaryResetsTheSilence() {
        detector.heard();
        clock.addAndGet(TIMEOUT - 1);
        detector.heard();
        clock.addAndGet(TIMEOUT - 1);
        assertFalse(detector.primaryFailed(), "2·timeout − 2 since the first heartbeat, timeout − 1 since the last");
        clock.addAndGet(2);
        assertTrue(detector.primaryFailed());
        detector.heard();
        assertFalse(detector.primaryFailed(), "a failed primary heard again is no longer suspected");
    }

    @Test
    void forgettingStopsTheSuspicionUntilThePrimaryIsHeardAgain() {
        detector.heard();
        clock.addAndGet(TIMEOUT + 1);
        assertTrue(detector.primaryFailed());
        detector.forget();
        assertFalse(detector.hasHeard());
        assertFalse(detector.primaryFailed());
        clock.addAndGet(100 * TIMEOUT);
        assertFalse(detector.primaryFailed());
        detector.heard();
        assertFalse(detector.primaryFailed());
        clock.addAndGet(TIMEOUT + 1);
        assertTrue(detector.primaryFailed());
    }
}
