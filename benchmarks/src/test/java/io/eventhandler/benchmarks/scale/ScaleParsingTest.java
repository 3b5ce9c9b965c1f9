package io.eventhandler.benchmarks.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The small parsers of the scale experiment: payloads, {@code /proc} status, {@code jcmd GC.heap_info}. */
class ScaleParsingTest {

    @Test
    void payloadCarriesNumberAndCreationInstant() {
        final String p = ScalePayload.of(123, 1_700_000_000_123_456L);
        assertEquals(123, ScalePayload.number(p));
        assertEquals(1_700_000_000_123_456L, ScalePayload.createdMicros(p));
        assertEquals(-1, ScalePayload.number("p=1;n=2"));
        assertEquals(-1, ScalePayload.createdMicros("12."));
    }

    @Test
    void readsProcStatusFields() {
        final String status = "Name:\tjava\nVmRSS:\t  123456 kB\nThreads:\t31\n";
        assertEquals(123456, ServerProcess.statusField(status, "VmRSS"));
        assertEquals(31, ServerProcess.statusField(status, "Threads"));
        assertEquals(-1, ServerProcess.statusField(status, "VmSwap"));
    }

    @Test
    void sumsTheGenerationsOfSerialAndTheHeapOfG1() {
        final String serial = "12345:\n def new generation   total 19648K, used 4321K [0x0, 0x1, 0x2)\n"
                + "  eden space 17472K,  24% used [0x0, 0x1, 0x2)\n"
                + " tenured generation   total 43712K, used 10000K [0x0, 0x1, 0x2)\n"
                + " Metaspace       used 30000K, committed 30500K, reserved 1081344K\n";
        assertEquals(14321, ServerProcess.heapUsedKiB(serial));
        final String g1 = "1:\n garbage-first heap   total 262144K, used 51200K [0x0, 0x1)\n"
                + "  region size 1024K, 3 young (3072K), 0 survivors (0K)\n Metaspace       used 1K\n";
        assertEquals(51200, ServerProcess.heapUsedKiB(g1));
    }
}
