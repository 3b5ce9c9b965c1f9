package io.eventhandler.petri.calibrate;

import io.eventhandler.petri.capacity.QuantileLevels;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** The load generator's {@code --samples-csv} file (a header, then one latency in ms per line) as quantiles. */
final class LatencySamples {

    private LatencySamples() {
    }

    /** The file's quantiles at {@link QuantileLevels}, or null when the file is missing or empty. */
    static double[] quantiles(final Path file) throws IOException {
        if (!Files.exists(file)) {
            return null;
        }
        double[] values = new double[1 << 16];
        int count = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                final String text = line.trim();
                if (text.isEmpty() || !Character.isDigit(text.charAt(0))) {
                    continue;
                }
                if (count == values.length) {
                    values = Arrays.copyOf(values, count * 2);
                }
                values[count++] = Double.parseDouble(text);
            }
        }
        if (count == 0) {
            return null;
        }
        final double[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        return QuantileLevels.of(sorted);
    }
}
