package io.eventhandler.petri.fit;

import org.apache.commons.math3.special.Gamma;

/**
 * Maximum-likelihood Gamma fit (shape k, rate λ), as the thesis did with R's fitdistrplus. The shape solves
 * ln k − ψ(k) = ln(mean) − mean(ln x) (Newton's method from the Minka/Thom starting point); the rate is k / mean.
 */
public record GammaFit(double shape, double rate) {

    private static final int MAX_ITERATIONS = 100;
    private static final double TOLERANCE = 1e-12;

    public static GammaFit of(final double[] samples) {
        final double[] weights = new double[samples.length];
        java.util.Arrays.fill(weights, 1);
        return of(samples, weights);
    }

    /** The fit with each sample counted {@code weights[i]} times (the M step of a mixture's EM). */
    public static GammaFit of(final double[] samples, final double[] weights) {
        if (samples.length < 2) {
            throw new IllegalArgumentException("a Gamma fit needs at least two samples, got " + samples.length);
        }
        double total = 0;
        double sum = 0;
        double logSum = 0;
        for (int i = 0; i < samples.length; i++) {
            final double x = samples[i];
            if (!(x > 0)) {
                throw new IllegalArgumentException("a Gamma fit needs positive samples, got " + x);
            }
            total += weights[i];
            sum += weights[i] * x;
            logSum += weights[i] * Math.log(x);
        }
        final double mean = sum / total;
        final double s = Math.log(mean) - logSum / total;
        if (!(s > 0)) {
            throw new IllegalArgumentException("all samples are equal: no Gamma fits a point mass");
        }
        double k = (3 - s + Math.sqrt((s - 3) * (s - 3) + 24 * s)) / (12 * s);
        for (int i = 0; i < MAX_ITERATIONS; i++) {
            final double f = Math.log(k) - Gamma.digamma(k) - s;
            final double slope = 1 / k - Gamma.trigamma(k);
            final double next = k - f / slope;
            final double bounded = next > 0 ? next : k / 2;
            if (Math.abs(bounded - k) < TOLERANCE * k) {
                k = bounded;
                break;
            }
            k = bounded;
        }
        return new GammaFit(k, k / mean);
    }

    public double mean() {
        return shape / rate;
    }
}
