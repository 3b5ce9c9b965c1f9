package io.eventhandler.petri.predict;

import io.eventhandler.petri.net.StageDistribution;
import io.eventhandler.petri.net.TransportOffsets;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** A latency CDF on a uniform grid of {@code step} ms, starting at 0. */
public final class LatencyDistribution {

    private final double step;
    private final double[] cdf;

    public LatencyDistribution(final double step, final double[] cdf) {
        this.step = step;
        this.cdf = cdf.clone();
    }

    public double step() {
        return step;
    }

    public int size() {
        return cdf.length;
    }

    public double cdfAt(final int index) {
        return cdf[index];
    }

    /** Probability that the latency is at most the horizon: below 1 means the grid is too short for the tail. */
    public double coverage() {
        return cdf[cdf.length - 1];
    }

    /** The smallest grid instant whose CDF reaches {@code p}, interpolated; NaN if the grid ends first. */
    public double quantile(final double p) {
        for (int i = 0; i < cdf.length; i++) {
            if (cdf[i] >= p) {
                if (i == 0) {
                    return 0;
                }
                final double rise = cdf[i] - cdf[i - 1];
                return (i - 1 + (rise > 0 ? (p - cdf[i - 1]) / rise : 1)) * step;
            }
        }
        return Double.NaN;
    }

    /** The same CDF on a grid of {@code points}, its last value carried on (or cut, if shorter). */
    public LatencyDistribution extendedTo(final int points) {
        final double[] extended = new double[points];
        for (int i = 0; i < points; i++) {
            extended[i] = cdf[Math.min(i, cdf.length - 1)];
        }
        return new LatencyDistribution(step, extended);
    }

    /** The distribution of this latency plus an independent one drawn from {@code other}. */
    public LatencyDistribution plus(final StageDistribution other) {
        final double[] sum = new double[cdf.length];
        for (int i = 0; i < cdf.length; i++) {
            // F(t) = Σ_j P(this ∈ (t_{j-1}, t_j]) · G(t − t_j)
            double value = cdf[0] * other.cdf(i * step);
            for (int j = 1; j <= i; j++) {
                final double mass = cdf[j] - cdf[j - 1];
                if (mass > 0) {
                    value += mass * other.cdf((i - j + 0.5) * step);
                }
            }
            sum[i] = value;
        }
        return new LatencyDistribution(step, sum);
    }

    /**
     * This latency with each quantile moved by the offset at its level ({@link TransportOffsets}). A defective CDF
     * (its mass below 1, as for one regime of several) keeps its mass: its conditional quantiles are moved, and the
     * result scaled back.
     */
    public LatencyDistribution plusOffsets(final TransportOffsets offsets) {
        final double mass = coverage();
        final double[] counts = new double[cdf.length];
        if (mass > 0) {
            for (int i = 0; i < offsets.levels(); i++) {
                final double quantile = quantile(offsets.level(i) * mass);
                final double total = Math.max(0, (Double.isNaN(quantile) ? (cdf.length - 1) * step : quantile)
                        + offsets.offset(i));
                final int index = (int) Math.ceil(total / step - 1e-9);
                if (index < counts.length) {
                    counts[index] += mass / offsets.levels();
                }
            }
        }
        final double[] sum = new double[cdf.length];
        double running = 0;
        for (int i = 0; i < sum.length; i++) {
            running += counts[i];
            sum[i] = running;
        }
        return new LatencyDistribution(step, sum);
    }

    /** The sum of two defective CDFs on the same grid (the latency of two disjoint cases, each with its mass). */
    public LatencyDistribution add(final LatencyDistribution other) {
        if (other.step != step || other.cdf.length != cdf.length) {
            throw new IllegalArgumentException("different grids");
        }
        final double[] sum = new double[cdf.length];
        for (int i = 0; i < sum.length; i++) {
            sum[i] = cdf[i] + other.cdf[i];
        }
        return new LatencyDistribution(step, sum);
    }

    public void writeCsv(final Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("latency_ms,cdf\n");
            for (int i = 0; i < cdf.length; i++) {
                out.write(String.format(Locale.ROOT, "%.4f,%.6f%n", i * step, cdf[i]));
            }
        }
    }
}
