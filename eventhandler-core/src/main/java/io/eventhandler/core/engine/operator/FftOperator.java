package io.eventhandler.core.engine.operator;

import java.util.List;
import java.util.Optional;
import org.jtransforms.fft.DoubleFFT_1D;

/**
 * {@code fft}: the magnitude spectrum of one batch. Input: {@code "s0,s1,...,s(n-1)"}, n >= 2; output: the
 * {@code n/2 + 1} (integer division) magnitudes {@code |X_0|, ..., |X_(n/2)|} of the unnormalised DFT
 * {@code X_k = Σ s_t e^(-2πi kt/n)}; the other bins of a real signal's spectrum mirror these.
 *
 * <p>Any n works: JTransforms' {@code realForward} uses split-radix for powers of two, mixed radix for lengths with
 * small factors and Bluestein's algorithm otherwise, so a non-power-of-two batch is transformed exactly (not padded,
 * not truncated), only more slowly.
 *
 * <p>Thread-safe. A {@link DoubleFFT_1D} holds only tables written by its constructor (its transforms write only
 * into the array passed in), so one plan serves concurrent invocations; it is kept for the last length seen and
 * replaced when the length changes. Below 8192 points JTransforms computes on the calling thread; from 8192 on (on a
 * multi-core machine) it forks work onto its own pool, outside the engine's priority scheduling, which is a reason
 * to keep batches below that size or to set JTransforms' thread count to 1 at engine start.
 */
final class FftOperator implements Operator {

    /** A plan with the length it was made for; immutable, published through a volatile field. */
    private record Plan(int length, DoubleFFT_1D fft) {
    }

    private volatile Plan plan;

    @Override
    public Optional<String> apply(final List<String> inputs) {
        final double[] samples = Samples.parse(inputs.get(0));
        if (samples.length < 2) {
            throw new IllegalArgumentException("fft needs at least 2 samples, got " + samples.length);
        }
        return Optional.of(Samples.format(magnitudes(samples)));
    }

    /** The n/2+1 magnitudes; transforms {@code samples} in place. */
    double[] magnitudes(final double[] samples) {
        final int n = samples.length;
        planFor(n).realForward(samples);
        // realForward's packing: a[0] = Re X0; for even n a[1] = Re X(n/2); for odd n a[1] = Im X((n-1)/2) and
        // a[n-1] = Re X((n-1)/2); otherwise a[2k] = Re Xk, a[2k+1] = Im Xk
        final int half = n / 2;
        final double[] magnitudes = new double[half + 1];
        magnitudes[0] = Math.abs(samples[0]);
        if (n % 2 == 0) {
            for (int k = 1; k < half; k++) {
                magnitudes[k] = Math.hypot(samples[2 * k], samples[2 * k + 1]);
            }
            magnitudes[half] = Math.abs(samples[1]);
        } else {
            for (int k = 1; k < half; k++) {
                magnitudes[k] = Math.hypot(samples[2 * k], samples[2 * k + 1]);
            }
            magnitudes[half] = Math.hypot(samples[n - 1], samples[1]);
        }
        return magnitudes;
    }

    private DoubleFFT_1D planFor(final int n) {
        final Plan current = plan;
        if (current != null && current.length() == n) {
            return current.fft();
        }
        final Plan fresh = new Plan(n, new DoubleFFT_1D(n));
        plan = fresh;
        return fresh.fft();
    }
}
