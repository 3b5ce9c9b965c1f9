package io.eventhandler.petri.net;

import org.oristool.math.OmegaBigDecimal;
import org.oristool.models.stpn.trees.StochasticTransitionFeature;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * The firing-time distribution of one timed transition, in milliseconds (rates per millisecond, as in the thesis).
 * Only the kinds the thesis used, plus a truncated expolynomial for samples an Erlang fits badly.
 */
public sealed interface StageDistribution {

    /** The Sirio feature that gives a transition this firing time. */
    StochasticTransitionFeature feature();

    /** Mean firing time, in ms. */
    double mean();

    /** P(firing time ≤ t), for fits and sanity checks. */
    double cdf(double t);

    /** A short human-readable form, e.g. {@code Erlang(k=13, λ=2.088)}. */
    String describe();

    /** Erlang with {@code k} phases of rate {@code rate} each: mean k/rate. */
    record Erlang(int k, double rate) implements StageDistribution {
        public Erlang {
            if (k < 1 || !(rate > 0)) {
                throw new IllegalArgumentException("Erlang needs k >= 1 and rate > 0, got k=" + k + ", rate=" + rate);
            }
        }

        @Override
        public StochasticTransitionFeature feature() {
            return StochasticTransitionFeature.newErlangInstance(k, new BigDecimal(Double.toString(rate)));
        }

        @Override
        public double mean() {
            return k / rate;
        }

        @Override
        public double cdf(final double t) {
            if (t <= 0) {
                return 0;
            }
            // 1 - sum_{n<k} e^{-λt} (λt)^n / n!, summed in a stable order
            final double x = rate * t;
            double term = Math.exp(-x);
            double tail = 0;
            for (int n = 0; n < k; n++) {
                tail += term;
                term *= x / (n + 1);
            }
            return Math.max(0, 1 - tail);
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "Erlang(k=%d, λ=%s)", k, rate);
        }
    }

    /** Exponential of rate {@code rate} per ms. */
    record Exponential(double rate) implements StageDistribution {
        public Exponential {
            if (!(rate > 0)) {
                throw new IllegalArgumentException("Exponential needs rate > 0, got " + rate);
            }
        }

        @Override
        public StochasticTransitionFeature feature() {
            return StochasticTransitionFeature.newExponentialInstance(new BigDecimal(Double.toString(rate)));
        }

        @Override
        public double mean() {
            return 1 / rate;
        }

        @Override
        public double cdf(final double t) {
            return t <= 0 ? 0 : 1 - Math.exp(-rate * t);
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "Exp(λ=%s)", rate);
        }
    }

    /** Uniform on [eft, lft] ms. */
    record Uniform(double eft, double lft) implements StageDistribution {
        public Uniform {
            if (eft < 0 || !(lft > eft)) {
                throw new IllegalArgumentException("Uniform needs 0 <= eft < lft, got [" + eft + ", " + lft + "]");
            }
        }

        @Override
        public StochasticTransitionFeature feature() {
            return StochasticTransitionFeature.newUniformInstance(new BigDecimal(Double.toString(eft)),
                    new BigDecimal(Double.toString(lft)));
        }

        @Override
        public double mean() {
            return (eft + lft) / 2;
        }

        @Override
        public double cdf(final double t) {
            return Math.min(1, Math.max(0, (t - eft) / (lft - eft)));
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "U[%s, %s]", eft, lft);
        }
    }

    /**
     * A shifted Erlang truncated to [shift, upper]: density c·(x−shift)^(k−1)·e^(−rate·(x−shift)). It is the
     * expolynomial (general) option for samples with a hard minimum that a plain Erlang fits badly.
     */
    record ShiftedErlang(double shift, int k, double rate, double upper) implements StageDistribution {
        public ShiftedErlang {
            if (shift < 0 || k < 1 || !(rate > 0) || !(upper > shift)) {
                throw new IllegalArgumentException("bad shifted Erlang " + shift + ", " + k + ", " + rate + ", " + upper);
            }
        }

        private Erlang body() {
            return new Erlang(k, rate);
        }

        private double mass() {
            return body().cdf(upper - shift);
        }

        @Override
        public StochasticTransitionFeature feature() {
            final String density = Expolynomials.shiftedErlang(shift, k, rate, 1 / mass());
            return StochasticTransitionFeature.newExpolynomial(density,
                    new OmegaBigDecimal(new BigDecimal(Double.toString(shift))),
                    new OmegaBigDecimal(new BigDecimal(Double.toString(upper))));
        }

        @Override
        public double mean() {
            // mean of the truncated body by the tail integral, plus the shift
            final int steps = 2000;
            final double width = (upper - shift) / steps;
            double survival = 0;
            for (int i = 0; i < steps; i++) {
                survival += 1 - cdf(shift + (i + 0.5) * width);
            }
            return shift + survival * width;
        }

        @Override
        public double cdf(final double t) {
            if (t <= shift) {
                return 0;
            }
            return t >= upper ? 1 : body().cdf(t - shift) / mass();
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "%s + Erlang(k=%d, λ=%s) truncated at %s", shift, k, rate, upper);
        }
    }

    /**
     * A shifted Erlang body with an exponential tail from the same shift, mixed: density
     * (1−w)·Erlang(k, rate)(x−shift) + w·μ·e^(−μ(x−shift)). Latencies on a shared CPU have a hump and a long tail of
     * scheduling delays that no single Erlang or exponential follows. As a feature it is an expolynomial (for the
     * exact analyses); the generalised net builds it as a choice between two transitions instead (ServiceNets).
     */
    record ErlangWithTail(double shift, int k, double rate, double tailWeight, double tailRate)
            implements StageDistribution {
        public ErlangWithTail {
            if (shift < 0 || k < 1 || !(rate > 0) || !(tailWeight >= 0 && tailWeight < 1) || !(tailRate > 0)) {
                throw new IllegalArgumentException("bad Erlang with tail " + shift + ", " + k + ", " + rate + ", "
                        + tailWeight + ", " + tailRate);
            }
        }

        @Override
        public StochasticTransitionFeature feature() {
            final String density = Expolynomials.shiftedErlang(shift, k, rate, 1 - tailWeight) + " + "
                    + Expolynomials.shiftedErlang(shift, 1, tailRate, tailWeight);
            return StochasticTransitionFeature.newExpolynomial(density,
                    new OmegaBigDecimal(new BigDecimal(Double.toString(shift))), OmegaBigDecimal.POSITIVE_INFINITY);
        }

        @Override
        public double mean() {
            return shift + (1 - tailWeight) * k / rate + tailWeight / tailRate;
        }

        @Override
        public double cdf(final double t) {
            if (t <= shift) {
                return 0;
            }
            return (1 - tailWeight) * new Erlang(k, rate).cdf(t - shift)
                    + tailWeight * new Exponential(tailRate).cdf(t - shift);
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "%s + [%.4f·Erlang(k=%d, λ=%s) + %.4f·Exp(λ=%s)]", shift, 1 - tailWeight,
                    k, rate, tailWeight, tailRate);
        }
    }

    /**
     * The empirical distribution of a sample: bins between sample quantiles at the given cumulative {@code levels}
     * (0 … 1), uniform within each (a piecewise-linear CDF). The general form for a stage no parametric form fits,
     * with the tail exactly as measured when the levels are dense there. In a net it is a weighted choice of uniform
     * transitions ({@code ServiceNets}); it has no single Sirio feature.
     */
    record Histogram(double[] edges, double[] levels) implements StageDistribution {
        public Histogram {
            if (edges.length < 2 || edges.length != levels.length || edges[0] < 0 || levels[0] != 0
                    || levels[levels.length - 1] != 1) {
                throw new IllegalArgumentException("a histogram needs matching edges and levels from 0 to 1");
            }
            edges = edges.clone();
            levels = levels.clone();
            for (int i = 1; i < edges.length; i++) {
                if (edges[i] < edges[i - 1] || !(levels[i] > levels[i - 1])) {
                    throw new IllegalArgumentException("histogram edges must not decrease, levels must rise");
                }
            }
        }

        /** The bins of {@code samples} between its quantiles at {@code levels}. */
        public static Histogram of(final double[] samples, final double[] levels) {
            final double[] sorted = samples.clone();
            java.util.Arrays.sort(sorted);
            final double[] edges = new double[levels.length];
            for (int i = 0; i < levels.length; i++) {
                final int index = (int) Math.min(sorted.length - 1, Math.floor(levels[i] * sorted.length));
                edges[i] = Math.max(0, sorted[index]);
            }
            // The last bin ends where a uniform bin has the mean of the samples in it, not at the maximum: one
            // outlier would otherwise spread the whole top bin up to itself.
            final int last = levels.length - 1;
            final int from = (int) Math.min(sorted.length - 1, Math.floor(levels[last - 1] * sorted.length));
            double top = 0;
            for (int i = from; i < sorted.length; i++) {
                top += sorted[i];
            }
            edges[last] = Math.max(edges[last - 1], 2 * top / (sorted.length - from) - edges[last - 1]);
            return new Histogram(edges, levels);
        }

        public int bins() {
            return edges.length - 1;
        }

        public double lower(final int bin) {
            return edges[bin];
        }

        public double upper(final int bin) {
            return edges[bin + 1];
        }

        public double weight(final int bin) {
            return levels[bin + 1] - levels[bin];
        }

        @Override
        public StochasticTransitionFeature feature() {
            throw new UnsupportedOperationException("a histogram is a weighted choice of uniforms: see ServiceNets");
        }

        @Override
        public double mean() {
            double sum = 0;
            for (int i = 0; i < bins(); i++) {
                sum += weight(i) * (edges[i] + edges[i + 1]) / 2;
            }
            return sum;
        }

        @Override
        public double cdf(final double t) {
            if (t < edges[0]) {
                return 0;
            }
            for (int i = 0; i < bins(); i++) {
                if (t < edges[i + 1]) {
                    return levels[i] + weight(i) * (t - edges[i]) / (edges[i + 1] - edges[i]);
                }
            }
            return 1;
        }

        /** The level-p quantile, interpolated within its bin. */
        public double quantile(final double p) {
            for (int i = 0; i < bins(); i++) {
                if (p <= levels[i + 1]) {
                    return edges[i] + (p - levels[i]) / weight(i) * (edges[i + 1] - edges[i]);
                }
            }
            return edges[bins()];
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "Histogram(%d bins, %.4f..%.4f, median %.4f, p99 %.4f)",
                    bins(), edges[0], edges[bins()], quantile(0.5), quantile(0.99));
        }

        @Override
        public boolean equals(final Object other) {
            return other instanceof Histogram h && java.util.Arrays.equals(edges, h.edges)
                    && java.util.Arrays.equals(levels, h.levels);
        }

        @Override
        public int hashCode() {
            return 31 * java.util.Arrays.hashCode(edges) + java.util.Arrays.hashCode(levels);
        }

        @Override
        public String toString() {
            return describe();
        }
    }
}
