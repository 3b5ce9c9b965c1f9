package io.eventhandler.benchmarks.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTableTest {

    @Test
    void namesBenchmarksByClassAndMethod() {
        assertEquals("PublishPathBenchmark.publish",
                ResultTable.shortName("io.eventhandler.benchmarks.jmh.PublishPathBenchmark.publish"));
    }

    @Test
    void roundsScoresToAFewSignificantDigits() {
        assertEquals("1186", ResultTable.number(1186.4));
        assertEquals("124.5", ResultTable.number(124.46));
        assertEquals("2.35", ResultTable.number(2.345678));
        assertEquals("0.012", ResultTable.number(0.01234));
        assertEquals("n/a", ResultTable.number(Double.NaN));
    }

    @Test
    void readsTheMachinesMemory() {
        assertEquals("3.7 GiB", MachineMemory.describe(List.of("MemTotal:        3884328 kB", "MemFree: 1 kB")));
        assertEquals("unknown", MachineMemory.describe(List.of("MemFree: 1 kB")));
    }

    @Test
    void refusesAnUnknownGroupAndBenchmarksNamedOutsideAGroup() {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final PrintStream errors = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(2, BenchmarkSuite.run(new String[] {"nosuch"}, System.out, errors));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown group 'nosuch'"));
        assertEquals(2, BenchmarkSuite.run(new String[] {"sse", "OperatorBenchmark"}, System.out, errors));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("org.openjdk.jmh.Main OperatorBenchmark"));
        assertEquals(2, BenchmarkSuite.run(new String[0], System.out, errors));
    }
}
