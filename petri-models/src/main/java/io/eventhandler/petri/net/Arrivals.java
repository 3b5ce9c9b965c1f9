package io.eventhandler.petri.net;

import org.oristool.models.stpn.trees.StochasticTransitionFeature;

import java.math.BigDecimal;

/**
 * How publishes arrive: {@link #POISSON} for many independent devices, {@link #PERIODIC} for a paced publisher (a
 * sensor sampling at a fixed period, or the load generator's open-loop schedule). The difference matters here: a
 * periodic stream leaves the server idle for the same gap before every event, which decides whether it runs warm
 * or cold (see {@link RegimeModel}).
 */
public enum Arrivals {
    POISSON,
    PERIODIC;

    StochasticTransitionFeature feature(final double ratePerMs) {
        return this == POISSON
                ? StochasticTransitionFeature.newExponentialInstance(new BigDecimal(Double.toString(ratePerMs)))
                : StochasticTransitionFeature.newDeterministicInstance(new BigDecimal(Double.toString(1 / ratePerMs)));
    }

    /** {@code poisson} or {@code periodic}, as on the command line. */
    public static Arrivals parse(final String text) {
        try {
            return valueOf(text.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("arrivals must be 'poisson' or 'periodic', not '" + text + "'");
        }
    }
}
