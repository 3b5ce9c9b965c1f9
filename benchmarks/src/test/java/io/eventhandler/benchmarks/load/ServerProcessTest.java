package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ServerProcessTest {

    @Test
    void shouldAddUserAndSystemTicksEvenWhenTheCommandNameHoldsSpacesAndParentheses() {
        final String stat = "4242 (my (odd) server) S 1 4242 4242 0 -1 4194560 2000 0 0 0 731 269 0 0 20 0 31 0 "
                + "1000 3000000000 50000";
        assertEquals(1000, ServerProcess.cpuTicks(stat));
    }

    @Test
    void shouldReadThePeakResidentSetInKib() {
        final String status = "Name:\tjava\nVmPeak:\t 4000000 kB\nVmHWM:\t  163840 kB\nVmRSS:\t  120000 kB\n";
        assertEquals(163_840, ServerProcess.peakRssKib(status));
        assertThrows(IllegalArgumentException.class, () -> ServerProcess.peakRssKib("Name:\tjava\n"));
    }

    @Test
    void shouldReadThisJvmsOwnProcess() {
        final ServerProcess self = new ServerProcess(ProcessHandle.current().pid());
        assertTrue(self.cpuMicros() > 0);
        assertTrue(self.peakRssKib() > 0);
    }

    @Test
    void shouldReadTheTimeOnACpuOfASchedstatLine() {
        assertEquals(335_729_523L, ServerProcess.schedstatNanos("335729523 106244192 1138\n"));
    }

    @Test
    void shouldSumThisJvmsThreadsToTheMicrosecondWhileATickWouldNotMove() {
        final ServerProcess self = new ServerProcess(ProcessHandle.current().pid());
        final CpuReading start = self.cpu();
        long spin = 0;
        for (int i = 0; i < 200_000; i++) { // well under one 10-ms tick of work
            spin += Long.numberOfTrailingZeros(i * 31L);
        }
        final CpuReading end = self.cpu();
        assertTrue(spin > 0);
        assertTrue(end.perThreadSince(start), "no thread of this JVM ended in between");
        assertTrue(end.microsSince(start) > 0, "the spin shows in the threads' nanoseconds");
    }

    @Test
    void shouldFallBackToTheTicksWhenAThreadEnded() {
        final CpuReading start = new CpuReading(10_000, java.util.Map.of(1L, 5_000_000L, 2L, 1_000_000L));
        final CpuReading end = new CpuReading(30_000, java.util.Map.of(1L, 9_000_000L, 3L, 2_000_000L));
        assertFalse(end.perThreadSince(start));
        assertEquals(20_000, end.microsSince(start), "thread 2 ended: its time is only in the ticks");
        final CpuReading later = new CpuReading(30_000, java.util.Map.of(1L, 9_000_000L, 2L, 1_500_000L,
                3L, 2_000_000L));
        assertTrue(later.perThreadSince(start));
        assertEquals(4_000 + 500 + 2_000, later.microsSince(start), "a new thread counts whole");
    }

    @Test
    void shouldAnswerMinusOneForAProcessThatIsGone() {
        final ServerProcess gone = new ServerProcess(Long.MAX_VALUE);
        assertEquals(-1, gone.cpuMicros());
        assertEquals(-1, gone.peakRssKib());
        assertNull(gone.cpu());
    }
}
