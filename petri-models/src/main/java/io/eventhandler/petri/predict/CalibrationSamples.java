package io.eventhandler.petri.predict;

import io.eventhandler.petri.net.TransportOffsets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads calibration files: the server's per-stage export ({@code stage,ms} lines) and the load generator's
 * end-to-end samples (one value in ms per line, first column, header skipped).
 */
final class CalibrationSamples {

    private final Map<String, double[]> stages;

    private CalibrationSamples(final Map<String, double[]> stages) {
        this.stages = stages;
    }

    /**
     * One or more stage exports pooled (comma-separated paths): several servers' samples of one configuration, so
     * that the calibration is not one server's draw.
     */
    static CalibrationSamples read(final String paths) throws IOException {
        final Map<String, List<Double>> values = new HashMap<>();
        for (final String path : paths.split(",")) {
            for (final String line : Files.readAllLines(Path.of(path.trim()), StandardCharsets.UTF_8)) {
                final String[] parts = line.split(",");
                if (parts.length < 2 || !isNumber(parts[1])) {
                    continue;
                }
                values.computeIfAbsent(parts[0].trim(), k -> new ArrayList<>()).add(Double.parseDouble(parts[1]));
            }
        }
        final Map<String, double[]> stages = new HashMap<>();
        values.forEach((stage, list) -> stages.put(stage, list.stream().mapToDouble(Double::doubleValue).toArray()));
        return new CalibrationSamples(stages);
    }

    static double[] readColumn(final Path file) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                .map(line -> line.split(",")[0].trim())
                .filter(CalibrationSamples::isNumber)
                .mapToDouble(Double::parseDouble)
                .toArray();
    }

    double[] stage(final String name) {
        final double[] samples = stages.get(name);
        if (samples == null || samples.length < 2) {
            throw new IllegalArgumentException("no samples of stage '" + name + "' (have " + stages.keySet() + ")");
        }
        // a stage measured as 0 (clock granularity) would break the Gamma likelihood
        final double floor = 1e-4;
        final double[] positive = samples.clone();
        for (int i = 0; i < positive.length; i++) {
            positive[i] = Math.max(floor, positive[i]);
        }
        return positive;
    }

    /**
     * The transport stage's samples: end-to-end less the medians of the server's stages, floored at 1 µs. Their
     * typical time is what every event spends in them; their tails (scheduling delays on a shared CPU) are left in,
     * because the end-to-end tail holds them already and re-adding them in the net would count them twice, while
     * subtracting the means would push a twentieth of the samples below zero.
     */
    static double[] residual(final double[] endToEnd, final double[] accept, final double[] write) {
        final double server = median(accept) + median(write);
        return Arrays.stream(endToEnd).map(x -> Math.max(0.001, x - server)).toArray();
    }

    /**
     * The end-to-end samples' quantiles less those of the server part the net predicts for the calibration run, at
     * {@code levels} evenly spaced levels (see {@link TransportOffsets}).
     */
    static TransportOffsets transportOffsets(final double[] endToEnd, final LatencyDistribution server,
                                             final int levels) {
        final double[] sorted = endToEnd.clone();
        Arrays.sort(sorted);
        final double mass = server.coverage();
        final double[] offsets = new double[levels];
        for (int i = 0; i < levels; i++) {
            final double p = (i + 0.5) / levels;
            final double measured = sorted[(int) Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
            final double serverQuantile = server.quantile(Math.min(p, mass));
            offsets[i] = measured - (Double.isNaN(serverQuantile) ? 0 : serverQuantile);
        }
        return new TransportOffsets(offsets);
    }

    /** Several end-to-end sample files pooled (comma-separated paths). */
    static double[] readColumns(final String paths) throws IOException {
        final List<double[]> files = new ArrayList<>();
        for (final String path : paths.split(",")) {
            files.add(readColumn(Path.of(path.trim())));
        }
        return files.stream().flatMapToDouble(Arrays::stream).toArray();
    }

    private static double median(final double[] samples) {
        final double[] sorted = samples.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static boolean isNumber(final String text) {
        try {
            Double.parseDouble(text.trim());
            return true;
        } catch (final NumberFormatException e) {
            return false;
        }
    }
}
