package io.eventhandler.petri.capacity;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PoolQueueTest {

    @Test
    void oneThreadWithExponentialServiceIsTheMm1Queue() {
        // λ = 0.5/µs... per µs: 0.005, service 100 µs: ρ = 0.5, P(wait) = ρ, mean wait given waiting 1/(μ - λ)
        final PoolQueue queue = new PoolQueue(1, 0.005, 100, 1);
        assertEquals(0.5, queue.utilisation(), 1e-12);
        assertEquals(0.5, queue.waitProbability(), 1e-12);
        assertEquals(200, queue.conditionalWaitMicros(), 1e-9);
        assertEquals(1 - 0.5 * Math.exp(-1), queue.cdf(200), 1e-12);
    }

    @Test
    void erlangCOfTwoServersMatchesTheTextbookValue() {
        // M/M/2 with offered load 1 Erlang: C(2, 1) = 1/3
        final PoolQueue queue = new PoolQueue(2, 0.01, 100, 1);
        assertEquals(1.0 / 3, queue.waitProbability(), 1e-12);
    }

    @Test
    void moreVariableServiceWaitsLongerAndAFullPoolIsSaturated() {
        assertTrue(new PoolQueue(1, 0.005, 100, 4).conditionalWaitMicros()
                > new PoolQueue(1, 0.005, 100, 1).conditionalWaitMicros());
        final PoolQueue full = new PoolQueue(1, 0.01, 100, 1);
        assertTrue(full.saturated());
        assertEquals(1, full.waitProbability());
    }
}
