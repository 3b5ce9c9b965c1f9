package io.eventhandler.petri.fit;

import io.eventhandler.petri.net.StageDistribution.ErlangWithTail;
import org.apache.commons.math3.distribution.GammaDistribution;

import java.util.Arrays;

/**
 * Expectation–maximisation for {@link ErlangWithTail} at a given shift: a Gamma body (its shape rounded at the end,
 * the body's mean kept) and an exponential tail, each sample shared between them by its responsibility.
 */
final class BodyTailFit {

    private static final int ITERATIONS = 60;
    private static final double MIN_TAIL_WEIGHT = 1e-4;

    private BodyTailFit() {
    }

    static ErlangWithTail fit(final double[] samples, final double shift) {
        final double[] y = Arrays.stream(samples).map(x -> Math.max(1e-6, x - shift)).toArray();
        final double[] sorted = y.clone();
        Arrays.sort(sorted);
        final double split = sorted[(int) (sorted.length * 0.9)];
        // start: the lowest 90% make the body, the rest the tail
        final double[] bodyWeights = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            bodyWeights[i] = y[i] <= split ? 1 : 0;
        }
        GammaFit body = GammaFit.of(y, bodyWeights);
        double tailWeight = 0.1;
        double tailRate = 1 / Math.max(1e-6, mean(sorted, (int) (sorted.length * 0.9), sorted.length));
        for (int iteration = 0; iteration < ITERATIONS; iteration++) {
            final GammaDistribution gamma = new GammaDistribution(body.shape(), 1 / body.rate());
            double tailTotal = 0;
            double tailSum = 0;
            for (int i = 0; i < y.length; i++) {
                final double fromTail = tailWeight * tailRate * Math.exp(-tailRate * y[i]);
                final double fromBody = (1 - tailWeight) * gamma.density(y[i]);
                final double responsibility = fromTail + fromBody > 0 ? fromTail / (fromTail + fromBody) : 1;
                bodyWeights[i] = 1 - responsibility;
                tailTotal += responsibility;
                tailSum += responsibility * y[i];
            }
            tailWeight = Math.max(MIN_TAIL_WEIGHT, Math.min(0.5, tailTotal / y.length));
            tailRate = tailTotal / Math.max(1e-12, tailSum);
            body = GammaFit.of(y, bodyWeights);
        }
        final int k = Math.max(1, (int) Math.round(body.shape()));
        return new ErlangWithTail(shift, k, k / body.mean(), tailWeight, tailRate);
    }

    private static double mean(final double[] sorted, final int from, final int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += sorted[i];
        }
        return sum / Math.max(1, to - from);
    }
}
