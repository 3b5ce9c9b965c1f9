package io.eventhandler.petri.cli;

import io.eventhandler.petri.capacity.CapacityAnswer;
import io.eventhandler.petri.capacity.ConfigurationAnswer;
import io.eventhandler.petri.capacity.RatePoint;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Every configuration's predicted curve as CSV, for a spreadsheet or another plotting tool. */
final class CurveCsv {

    private CurveCsv() {
    }

    static void write(final CapacityAnswer answer, final Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("workers,delivery,rate_per_s,fraction_of_saturation,p50_ms,p50_low_ms,p50_high_ms,p99_ms,"
                    + "p99_low_ms,p99_high_ms,knee,recommended\n");
            for (final ConfigurationAnswer configuration : answer.configurations()) {
                for (final RatePoint point : configuration.curve()) {
                    out.write(String.format(Locale.ROOT, "%d,%d,%.1f,%.3f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%b,%b%n",
                            configuration.pools().workers(), configuration.pools().delivery(), point.rate(),
                            point.fraction(), point.p50().value(), point.p50().low(), point.p50().high(),
                            point.p99().value(), point.p99().low(), point.p99().high(),
                            point == configuration.knee(), configuration == answer.recommended()));
                }
            }
        }
    }
}
