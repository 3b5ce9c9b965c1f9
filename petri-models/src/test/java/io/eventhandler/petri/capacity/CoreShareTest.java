package io.eventhandler.petri.capacity;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CoreShareTest {

    private final CoreShare twoCores = new CoreShare(2, new Pools(2, 2), 0.1);

    @Test
    void aPoolRunsNoMoreThreadsAtOnceThanTheCores() {
        assertEquals(1, twoCores.running(1));
        assertEquals(2, twoCores.running(2));
        assertEquals(2, twoCores.running(4));
    }

    @Test
    void threadsBeyondTheCoresAreCountedPoolByPool() {
        assertEquals(0, twoCores.threadsBeyondCores(new Pools(1, 1)));
        assertEquals(0, twoCores.threadsBeyondCores(new Pools(2, 2)));
        assertEquals(2, twoCores.threadsBeyondCores(new Pools(4, 1)));
        assertEquals(4, twoCores.threadsBeyondCores(new Pools(4, 4)));
    }

    @Test
    void eachThreadBeyondTheCoresMakesEveryEventDearerThanCalibrated() {
        assertEquals(1, twoCores.loadFactor(new Pools(2, 2)), 1e-12);
        assertEquals(1, twoCores.loadFactor(new Pools(1, 1)), 1e-12);
        assertEquals(1.2, twoCores.loadFactor(new Pools(4, 1)), 1e-12);
        assertEquals(1.4, twoCores.loadFactor(new Pools(4, 4)), 1e-12);
    }

    @Test
    void aCalibrationWithThreadsBeyondTheCoresIsTheReference() {
        final CoreShare calibratedAt4x4 = new CoreShare(2, new Pools(4, 4), 0.1);
        assertEquals(1, calibratedAt4x4.loadFactor(new Pools(4, 4)), 1e-12);
        assertEquals(1 / 1.4, calibratedAt4x4.loadFactor(new Pools(2, 2)), 1e-12);
    }

    @Test
    void withoutACostThreadsBeyondTheCoresCostNothing() {
        assertEquals(1, new CoreShare(2, new Pools(2, 2), 0).loadFactor(new Pools(4, 4)), 1e-12);
    }

    @Test
    void refusesANegativeCostAndAMachineWithoutCores() {
        assertThrows(IllegalArgumentException.class, () -> new CoreShare(2, new Pools(2, 2), -0.1));
        assertThrows(IllegalArgumentException.class, () -> new CoreShare(0, new Pools(2, 2), 0));
    }
}
