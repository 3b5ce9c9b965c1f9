package io.eventhandler.petri.testing;

import java.util.Random;

/** Erlang-distributed test samples, drawn as sums of exponentials (independent of the code under test). */
public final class ErlangSamples {

    private ErlangSamples() {
    }

    public static double one(final Random random, final int k, final double rate) {
        double x = 0;
        for (int j = 0; j < k; j++) {
            x -= Math.log(1 - random.nextDouble()) / rate;
        }
        return x;
    }

    public static double[] many(final Random random, final int n, final int k, final double rate) {
        final double[] samples = new double[n];
        for (int i = 0; i < n; i++) {
            samples[i] = one(random, k, rate);
        }
        return samples;
    }
}
