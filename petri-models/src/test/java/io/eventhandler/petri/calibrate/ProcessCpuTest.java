package io.eventhandler.petri.calibrate;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ProcessCpuTest {

    private static ProcessCpu.ThreadCpu publisher(final long runNanos) {
        return new ProcessCpu.ThreadCpu(ThreadRole.PUBLISHER, new CpuTimes(runNanos, 0, 1));
    }

    @Test
    void aThreadThatEndedAndOneThatStartedAreTakenApartNotNetted() {
        // run 1's publisher (tid 10) ended after 900 ns; run 2's (tid 11) has run 500 ns since it started
        final ProcessCpu start = new ProcessCpu(Map.of(10L, publisher(900), 12L, publisher(100)));
        final ProcessCpu end = new ProcessCpu(Map.of(11L, publisher(500), 12L, publisher(400)));
        final ProcessCpu delta = end.since(start);
        assertEquals(500 + 300, delta.role(ThreadRole.PUBLISHER).runNanos());
        assertEquals(800, delta.total().runNanos());
        assertEquals(0, delta.role(ThreadRole.WORKER).runNanos());
    }

    @Test
    void thisJvmsThreadsAreReadByRole() throws java.io.IOException {
        final ProcessCpu now = ProcessCpu.read(ProcessHandle.current().pid());
        assertEquals(now.total().runNanos(), now.byRole().values().stream().mapToLong(CpuTimes::runNanos).sum());
        org.junit.jupiter.api.Assertions.assertTrue(now.total().runNanos() > 0);
    }
}
