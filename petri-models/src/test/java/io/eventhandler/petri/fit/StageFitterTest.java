package io.eventhandler.petri.fit;

import io.eventhandler.petri.net.StageDistribution;
import io.eventhandler.petri.testing.ErlangSamples;
import io.eventhandler.petri.net.StageDistribution.Erlang;
import io.eventhandler.petri.net.StageDistribution.ErlangWithTail;
import io.eventhandler.petri.net.StageDistribution.Exponential;
import io.eventhandler.petri.net.StageDistribution.ShiftedErlang;
import org.junit.jupiter.api.Test;
import org.oristool.math.OmegaBigDecimal;
import org.oristool.math.expression.Expolynomial;
import org.oristool.math.expression.Variable;

import java.math.BigDecimal;
import java.util.Map;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StageFitterTest {

    /** The thesis' Listing 6.1: the intercloud Consumer → Orchestrator request times, in ms. */
    private static final double[] LISTING_6_1 = {15, 17, 20, 17, 17, 18, 17, 16, 20, 16, 15, 17, 16, 15, 18, 17, 17, 16,
        15, 91, 16, 14, 14, 16, 15, 14, 15, 12, 15, 14, 12, 15, 14, 13, 14, 15, 15, 14, 13, 10, 15, 15, 13, 13, 14, 15,
        13, 13, 13, 14, 14, 14, 14, 14, 14, 16, 21, 14, 13, 13, 13, 16, 23, 13, 13, 12, 15, 13, 12, 13, 13, 12, 12, 13,
        13, 12, 13, 12, 13, 13, 10, 11, 12, 14, 13, 13, 11, 11, 12, 12, 11, 13, 11, 12, 12, 13, 11, 9, 29};

    @Test
    void listing6_1GivesTheThesisGammaAndErlang10() {
        final StageFit fit = StageFitter.thesisRule().fit("consumer_request", LISTING_6_1);
        assertEquals(10.0646, fit.gamma().shape(), 0.05, "the thesis' fitted shape");
        assertEquals(0.67, fit.gamma().rate(), 0.005, "the rate of the intercloud net's Erlang(10, 0.67)");
        assertEquals(new Erlang(10, fit.gamma().rate()), fit.distribution());
    }

    @Test
    void recoversTheParametersOfAnErlangSample() {
        final double[] samples = ErlangSamples.many(new Random(7), 5000, 6, 2.683);
        final StageFit fit = StageFitter.thesisRule().fit("send", samples);
        assertEquals(6, ((Erlang) fit.distribution()).k());
        assertEquals(2.683, fit.gamma().rate(), 0.15);
        assertTrue(fit.fit().ksDistance() < 0.03, "KS " + fit.fit().ksDistance());
    }

    @Test
    void aDecreasingDensityBecomesAnExponentialWithTheSampleMean() {
        final double[] samples = ErlangSamples.many(new Random(3), 5000, 1, 0.27);
        final StageFit fit = StageFitter.thesisRule().fit("response", samples);
        assertInstanceOf(Exponential.class, fit.distribution());
        assertEquals(mean(samples), fit.distribution().mean(), 1e-9);
    }

    @Test
    void aShiftedSampleFitsBetterWithTheGeneralOption() {
        final Random random = new Random(11);
        final double[] samples = ErlangSamples.many(random, 3000, 2, 10);
        for (int i = 0; i < samples.length; i++) {
            samples[i] += 1.0;
        }
        final StageFit plain = StageFitter.thesisRule().fit("accept", samples);
        final StageFit general = new StageFitter(0.05).fit("accept", samples);
        assertTrue(plain.fit().ksDistance() > 0.05, "a plain Erlang misses the 1 ms floor: " + plain.describe());
        assertTrue(general.distribution() instanceof ShiftedErlang || general.distribution() instanceof ErlangWithTail,
                general.describe());
        assertTrue(general.fit().ksDistance() < plain.fit().ksDistance() / 2, general.describe());
        assertEquals(mean(samples), general.distribution().mean(), 0.05);
    }

    @Test
    void aHumpWithALongTailIsFittedAsErlangWithTail() {
        final Random random = new Random(13);
        final double[] samples = new double[6000];
        for (int i = 0; i < samples.length; i++) {
            final boolean tail = random.nextDouble() < 0.05;
            samples[i] = 0.1 + (tail ? ErlangSamples.one(random, 1, 0.5) : ErlangSamples.one(random, 4, 20));
        }
        final StageFit plain = StageFitter.thesisRule().fit("transport", samples);
        final StageFit general = new StageFitter(0.05).fit("transport", samples);
        final ErlangWithTail fitted = assertInstanceOf(ErlangWithTail.class, general.distribution(), general.describe());
        assertEquals(0.05, fitted.tailWeight(), 0.02);
        assertEquals(0.5, fitted.tailRate(), 0.15);
        assertTrue(general.fit().ksDistance() < 0.03 && plain.fit().ksDistance() > 0.1,
                general.describe() + " vs " + plain.describe());
    }

    @Test
    void theShiftedErlangFeatureIsADensityOnItsSupport() {
        final StageDistribution d = new ShiftedErlang(0.5, 3, 4, 5);
        // Sirio normalises nothing for us: the expolynomial must integrate to one on [shift, upper]
        final Expolynomial density = d.feature().density().getDensities().get(0);
        final Variable x = new Variable("x");
        final int steps = 4000;
        final double width = (5 - 0.5) / steps;
        double integral = 0;
        double mean = 0;
        for (int i = 0; i < steps; i++) {
            final double at = 0.5 + (i + 0.5) * width;
            final double f = density.evaluate(Map.of(x, new OmegaBigDecimal(BigDecimal.valueOf(at)))).doubleValue();
            integral += f * width;
            mean += at * f * width;
        }
        assertEquals(1, integral, 1e-4);
        assertEquals(d.mean(), mean, 1e-3);
    }

    private static double mean(final double[] samples) {
        double sum = 0;
        for (final double x : samples) {
            sum += x;
        }
        return sum / samples.length;
    }
}
