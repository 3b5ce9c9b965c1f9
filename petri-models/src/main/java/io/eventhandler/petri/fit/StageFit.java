package io.eventhandler.petri.fit;

import io.eventhandler.petri.net.StageDistribution;

import java.util.Locale;

/** A fitted stage: the distribution the nets use, the Gamma it came from (if any), and how well it fits. */
public record StageFit(String stage, StageDistribution distribution, GammaFit gamma, GoodnessOfFit fit, int samples) {

    public String describe() {
        return String.format(Locale.ROOT, "%s: %s (mean %.4f ms; gamma k=%.3f λ=%.4f; KS D=%.3f, p=%.3g; n=%d)",
                stage, distribution.describe(), distribution.mean(), gamma.shape(), gamma.rate(), fit.ksDistance(),
                fit.pValue(), samples);
    }
}
