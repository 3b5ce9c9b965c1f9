package io.eventhandler.petri.calibrate;

import io.eventhandler.petri.capacity.StageShape;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The server's stage recorder file ({@code stage,ms} lines, written when it stops) reduced to what the pools'
 * queueing approximation needs: each stage's mean and squared coefficient of variation. Several files are pooled.
 */
final class StageFile {

    private StageFile() {
    }

    static StageShape shape(final Iterable<Path> files) throws IOException {
        final Moments accept = new Moments();
        final Moments write = new Moments();
        for (final Path file : files) {
            if (!Files.exists(file)) {
                continue;
            }
            try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                String line;
                while ((line = in.readLine()) != null) {
                    final int comma = line.indexOf(',');
                    if (comma < 0) {
                        continue;
                    }
                    final String stage = line.substring(0, comma);
                    if ("accept".equals(stage)) {
                        accept.add(Double.parseDouble(line.substring(comma + 1)) * 1000);
                    } else if ("write".equals(stage)) {
                        write.add(Double.parseDouble(line.substring(comma + 1)) * 1000);
                    }
                }
            }
        }
        if (accept.count == 0 || write.count == 0) {
            return StageShape.UNKNOWN;
        }
        return new StageShape(accept.mean(), accept.scv(), write.mean(), write.scv(), accept.count + write.count);
    }

    /** Running sums for a mean and a squared coefficient of variation. */
    private static final class Moments {
        long count;
        double sum;
        double squares;

        void add(final double value) {
            count++;
            sum += value;
            squares += value * value;
        }

        double mean() {
            return sum / count;
        }

        double scv() {
            final double mean = mean();
            return mean > 0 ? Math.max(0, squares / count - mean * mean) / (mean * mean) : 1;
        }
    }
}
