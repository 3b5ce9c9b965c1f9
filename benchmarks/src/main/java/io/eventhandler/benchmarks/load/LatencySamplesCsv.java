package io.eventhandler.benchmarks.load;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A run's end-to-end latencies as a CSV for the capacity model's fit: one value in ms per line. They come from the
 * run's histogram, so each is exact to its three significant digits (1 µs below 1 ms); the order is ascending, not
 * arrival order, which a distribution fit does not need.
 */
final class LatencySamplesCsv {

    private static final Logger LOG = LoggerFactory.getLogger(LatencySamplesCsv.class);

    private LatencySamplesCsv() {
    }

    /** {@code file} itself for a single run, {@code file-runN} (before the extension) when there are several. */
    static Path fileForRun(final Path file, final int run, final int runs) {
        if (runs == 1) {
            return file;
        }
        final String name = file.getFileName().toString();
        final int dot = name.lastIndexOf('.');
        final String numbered = dot < 0 ? name + "-run" + run : name.substring(0, dot) + "-run" + run + name.substring(dot);
        return file.resolveSibling(numbered);
    }

    static void write(final Histogram latencyMicros, final Path file) {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("latency_ms\n");
            for (final HistogramIterationValue value : latencyMicros.recordedValues()) {
                final String line = String.format(Locale.ROOT, "%.3f%n",
                        latencyMicros.medianEquivalentValue(value.getValueIteratedTo()) / 1000.0);
                for (long i = 0; i < value.getCountAtValueIteratedTo(); i++) {
                    out.write(line);
                }
            }
            LOG.info("{} end-to-end samples written to {}", latencyMicros.getTotalCount(), file.toAbsolutePath());
        } catch (final IOException e) {
            LOG.error("cannot write the end-to-end samples to {}: {}", file, e.toString());
        }
    }
}
