package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    void shouldAnswerMinusOneForAProcessThatIsGone() {
        final ServerProcess gone = new ServerProcess(Long.MAX_VALUE);
        assertEquals(-1, gone.cpuMicros());
        assertEquals(-1, gone.peakRssKib());
    }
}
