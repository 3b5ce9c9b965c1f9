package io.eventhandler.petri.capacity;

/**
 * The waiting time for a thread of a pool of {@code threads}, the net's {@code start_*} transitions seen as an
 * M/G/c queue: requests at {@code ratePerMicro}, each holding a thread for {@code holdMicros} on average with
 * squared coefficient of variation {@code serviceScv}. The probability of waiting is Erlang's C formula; the wait,
 * when there is one, is exponential with the Allen–Cunneen mean (the M/M/c mean scaled by (1 + scv) / 2 for Poisson
 * arrivals). Exact for exponential holding times, a standard approximation otherwise.
 */
public record PoolQueue(int threads, double ratePerMicro, double holdMicros, double serviceScv) {

    /** Busy threads over threads: at 1 or above the pool cannot keep up. */
    public double utilisation() {
        return ratePerMicro * holdMicros / threads;
    }

    public boolean saturated() {
        return utilisation() >= 1;
    }

    /** Erlang C: the probability an arrival finds every thread busy. */
    public double waitProbability() {
        final double offered = ratePerMicro * holdMicros;
        if (saturated()) {
            return 1;
        }
        if (offered <= 0) {
            return 0;
        }
        // Erlang B by its stable recursion, then C from B
        double erlangB = 1;
        for (int k = 1; k <= threads; k++) {
            erlangB = offered * erlangB / (k + offered * erlangB);
        }
        final double rho = utilisation();
        return erlangB / (1 - rho + rho * erlangB);
    }

    /** Mean of the wait when there is one, µs (infinite when saturated). */
    public double conditionalWaitMicros() {
        if (saturated()) {
            return Double.POSITIVE_INFINITY;
        }
        final double drain = threads / holdMicros - ratePerMicro;
        return (1 + serviceScv) / 2 / drain;
    }

    /** P(wait ≤ t µs). */
    public double cdf(final double micros) {
        if (micros < 0) {
            return 0;
        }
        final double p = waitProbability();
        return 1 - p * Math.exp(-micros / conditionalWaitMicros());
    }
}
