package io.eventhandler.petri.fit;

import io.eventhandler.petri.net.StageDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;

import java.util.Arrays;

/**
 * Kolmogorov–Smirnov distance between samples and a fitted distribution, with its asymptotic p-value. With
 * millisecond-rounded or tied samples the p-value is only indicative; the distance itself is what we compare.
 */
public record GoodnessOfFit(double ksDistance, double pValue) {

    public static GoodnessOfFit of(final double[] samples, final StageDistribution fitted) {
        final double[] sorted = samples.clone();
        Arrays.sort(sorted);
        final int n = sorted.length;
        double d = 0;
        for (int i = 0; i < n; i++) {
            final double f = fitted.cdf(sorted[i]);
            d = Math.max(d, Math.max((i + 1.0) / n - f, f - (double) i / n));
        }
        final double p = 1 - new KolmogorovSmirnovTest().cdf(d, n);
        return new GoodnessOfFit(d, Math.max(0, p));
    }
}
