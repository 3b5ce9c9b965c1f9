package io.eventhandler.petri.fit;

import io.eventhandler.petri.net.StageDistribution;
import io.eventhandler.petri.net.StageDistribution.Erlang;
import io.eventhandler.petri.net.StageDistribution.Exponential;
import io.eventhandler.petri.net.StageDistribution.ShiftedErlang;

import java.util.Arrays;

/**
 * The thesis' fitting rule (§6 intro): a Gamma by maximum likelihood, then an Erlang with the shape rounded and the
 * fitted rate when the density has a hump (shape ≥ 1.5), or an exponential when it is decreasing. The thesis took
 * the Gamma's rate for the exponential, which changes the mean unless the shape is 1; we take 1/mean instead.
 * When the Erlang's Kolmogorov–Smirnov distance exceeds {@code generalThreshold}, two general (expolynomial) forms
 * are tried at a few shifts and the best kept: a shifted, truncated Erlang (latencies have a hard minimum a plain
 * Erlang ignores) and a shifted Erlang body with an exponential tail (scheduling delays on a shared CPU).
 */
public final class StageFitter {

    private static final double[] SHIFT_FRACTIONS = {0, 0.25, 0.5, 0.75, 0.9, 0.97};

    private final double generalThreshold;

    public StageFitter(final double generalThreshold) {
        this.generalThreshold = generalThreshold;
    }

    /** The thesis' rule only: never the expolynomial. */
    public static StageFitter thesisRule() {
        return new StageFitter(Double.POSITIVE_INFINITY);
    }

    public StageFit fit(final String stage, final double[] samples) {
        final GammaFit gamma = GammaFit.of(samples);
        final StageDistribution simple = gamma.shape() >= 1.5
                ? new Erlang((int) Math.round(gamma.shape()), gamma.rate())
                : new Exponential(1 / gamma.mean());
        final GoodnessOfFit simpleFit = GoodnessOfFit.of(samples, simple);
        StageFit best = new StageFit(stage, simple, gamma, simpleFit, samples.length);
        if (simpleFit.ksDistance() <= generalThreshold) {
            return best;
        }
        final double min = Arrays.stream(samples).min().orElseThrow();
        final double max = Arrays.stream(samples).max().orElseThrow();
        for (final double fraction : SHIFT_FRACTIONS) {
            final double shift = fraction * min;
            final double[] shifted = Arrays.stream(samples).map(x -> x - shift).toArray();
            final GammaFit body = GammaFit.of(shifted);
            final int k = Math.max(1, (int) Math.round(body.shape()));
            // keep the mean: the rounded shape with the fitted rate would move it
            final StageDistribution candidate = new ShiftedErlang(shift, k, k / body.mean(), 2 * max);
            final GoodnessOfFit candidateFit = GoodnessOfFit.of(samples, candidate);
            if (candidateFit.ksDistance() < best.fit().ksDistance()) {
                best = new StageFit(stage, candidate, body, candidateFit, samples.length);
            }
            final StageDistribution withTail = BodyTailFit.fit(samples, shift);
            final GoodnessOfFit withTailFit = GoodnessOfFit.of(samples, withTail);
            if (withTailFit.ksDistance() < best.fit().ksDistance()) {
                best = new StageFit(stage, withTail, body, withTailFit, samples.length);
            }
        }
        return best;
    }

    /**
     * The samples' own distribution, binned at the cumulative {@code levels} (dense where the tail matters), with the
     * Gamma and the distance for the record.
     */
    public static StageFit empirical(final String stage, final double[] samples, final double[] levels) {
        final StageDistribution histogram = StageDistribution.Histogram.of(samples, levels);
        return new StageFit(stage, histogram, GammaFit.of(samples), GoodnessOfFit.of(samples, histogram),
                samples.length);
    }
}
