package io.eventhandler.petri.capacity;

/**
 * A latency distribution on a uniform grid of {@code stepMs}, from 0: built from quantiles, delayed by a pool's
 * wait, read back as quantiles. What the pools' part of the prediction is computed on.
 */
final class LatencyCdf {

    private final double stepMs;
    private final double[] cdf;

    private LatencyCdf(final double stepMs, final double[] cdf) {
        this.stepMs = stepMs;
        this.cdf = cdf;
    }

    /**
     * The distribution whose quantiles at {@link QuantileLevels} are {@code quantiles}: linear between them, from 0
     * at (half the first quantile) to the last level, and the last 0.1 % spread up to twice the p99.9's excess
     * over the p99.
     */
    static LatencyCdf ofQuantiles(final double[] quantiles, final double stepMs, final int points) {
        final double[] xs = new double[quantiles.length + 2];
        final double[] ps = new double[quantiles.length + 2];
        xs[0] = quantiles[0] / 2;
        for (int i = 0; i < quantiles.length; i++) {
            xs[i + 1] = Math.max(xs[i], quantiles[i]);
            ps[i + 1] = QuantileLevels.level(i);
        }
        final int last = quantiles.length;
        xs[last + 1] = xs[last] + 2 * Math.max(stepMs, xs[last] - quantiles[QuantileLevels.indexOf(0.99)]);
        ps[last + 1] = 1;
        final double[] cdf = new double[points];
        int segment = 0;
        for (int i = 0; i < points; i++) {
            final double t = i * stepMs;
            while (segment < xs.length - 1 && xs[segment + 1] < t) {
                segment++;
            }
            if (t <= xs[0]) {
                cdf[i] = 0;
            } else if (segment >= xs.length - 1) {
                cdf[i] = 1;
            } else {
                final double width = xs[segment + 1] - xs[segment];
                cdf[i] = width <= 0 ? ps[segment + 1]
                        : ps[segment] + (ps[segment + 1] - ps[segment]) * (t - xs[segment]) / width;
            }
        }
        return new LatencyCdf(stepMs, cdf);
    }

    /**
     * This latency plus an independent wait that is 0 with probability 1 − p and else exponential with mean m:
     * F(t) = (1 − p)·F(t) + p·(F ∗ Exp)(t), the exponential part by its exact recursion on the grid.
     */
    LatencyCdf plusWait(final PoolQueue queue) {
        final double p = queue.waitProbability();
        if (p <= 0) {
            return this;
        }
        final double meanMs = queue.conditionalWaitMicros() / 1000;
        final double decay = Math.exp(-stepMs / meanMs);
        final double[] out = new double[cdf.length];
        double smoothed = 0;
        for (int i = 0; i < cdf.length; i++) {
            // (F ∗ Exp)(t) = decay·(F ∗ Exp)(t − Δ) + (1 − decay)·F(t): exact for F constant over the step
            smoothed = decay * smoothed + (1 - decay) * cdf[i];
            out[i] = (1 - p) * cdf[i] + p * smoothed;
        }
        return new LatencyCdf(stepMs, out);
    }

    /** The quantile at {@code level}, interpolated on the grid; the grid's end if the CDF never reaches it. */
    double quantile(final double level) {
        for (int i = 0; i < cdf.length; i++) {
            if (cdf[i] >= level) {
                if (i == 0) {
                    return 0;
                }
                final double rise = cdf[i] - cdf[i - 1];
                return (i - 1 + (rise > 0 ? (level - cdf[i - 1]) / rise : 1)) * stepMs;
            }
        }
        return (cdf.length - 1) * stepMs;
    }

    double[] quantiles() {
        final double[] out = new double[QuantileLevels.count()];
        for (int i = 0; i < out.length; i++) {
            out[i] = quantile(QuantileLevels.level(i));
        }
        return out;
    }
}
