package io.eventhandler.benchmarks.load;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LatencySamplesCsvTest {

    @TempDir
    Path dir;

    @Test
    void writesEverySampleInMillisecondsToItsThreeSignificantDigits() throws IOException {
        final Histogram histogram = LatencyHistograms.create();
        histogram.recordValue(250);
        histogram.recordValue(250);
        histogram.recordValue(1_234);
        final Path file = dir.resolve("e2e.csv");
        LatencySamplesCsv.write(histogram, file);
        final List<String> lines = Files.readAllLines(file);
        assertEquals(List.of("latency_ms", "0.250", "0.250", "1.234"), lines);
    }

    @Test
    void numbersTheFilePerRunOnlyWhenThereAreSeveral() {
        assertEquals(Path.of("out/e2e.csv"), LatencySamplesCsv.fileForRun(Path.of("out/e2e.csv"), 1, 1));
        assertEquals(Path.of("out/e2e-run2.csv"), LatencySamplesCsv.fileForRun(Path.of("out/e2e.csv"), 2, 3));
        assertEquals(Path.of("e2e-run1"), LatencySamplesCsv.fileForRun(Path.of("e2e"), 1, 2));
    }
}
