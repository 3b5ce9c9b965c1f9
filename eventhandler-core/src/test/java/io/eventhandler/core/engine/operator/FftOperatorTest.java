package io.eventhandler.core.engine.operator;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static io.eventhandler.core.engine.operator.RangeBearingEkfTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FftOperatorTest {

    private final Operator fft = new FftOperatorFactory().create(Map.of(), 1);

    @Test
    void shouldMatchANaiveDftForEvenOddAndPrimeLengths() {
        final SplittableRandom random = new SplittableRandom(42);
        for (int n : new int[] {2, 3, 4, 5, 8, 12, 17, 64, 100, 127, 512, 1000, 1024}) {
            final double[] signal = new double[n];
            for (int t = 0; t < n; t++) {
                signal[t] = random.nextDouble(-128, 128);
            }
            final double[] expected = naiveMagnitudes(signal);
            final double[] actual = Samples.parse(fft.apply(List.of(Samples.format(signal))).orElseThrow());
            assertEquals(n / 2 + 1, actual.length, "bins for n = " + n);
            for (int k = 0; k < expected.length; k++) {
                assertEquals(expected[k], actual[k], 1e-9 * n * 128, "n = " + n + ", bin " + k);
            }
        }
    }

    @Test
    void shouldPutAPureSineInOneBin() {
        final int n = 1024;
        final int cycles = 37;
        final double amplitude = 2.5;
        final double[] signal = new double[n];
        for (int t = 0; t < n; t++) {
            signal[t] = amplitude * Math.sin(2 * Math.PI * cycles * t / n);
        }
        final double[] spectrum = Samples.parse(fft.apply(List.of(Samples.format(signal))).orElseThrow());
        for (int k = 0; k < spectrum.length; k++) {
            // closed form: a sine of amplitude A over whole cycles gives |X_k| = A n / 2 at its bin, 0 elsewhere
            assertEquals(k == cycles ? amplitude * n / 2 : 0, spectrum[k], 1e-9, "bin " + k);
        }
    }

    @Test
    void shouldTransformAConstantAndAnAlternatingSignalByHand() {
        assertArrayEquals(new double[] {4, 0, 0}, Samples.parse(fft.apply(List.of("1,1,1,1")).orElseThrow()), 1e-12);
        assertArrayEquals(new double[] {0, 0, 4}, Samples.parse(fft.apply(List.of("1,-1,1,-1")).orElseThrow()),
                1e-12);
        assertArrayEquals(new double[] {3, 3}, Samples.parse(fft.apply(List.of("3,0")).orElseThrow()), 1e-12);
    }

    @Test
    void shouldFollowChangingLengths() {
        for (String payload : new String[] {"1,2,3,4,5,6,7,8", "1,2,3", "1,2,3,4,5,6,7,8"}) {
            final double[] signal = Samples.parse(payload);
            assertArrayEquals(naiveMagnitudes(signal), Samples.parse(fft.apply(List.of(payload)).orElseThrow()),
                    1e-9);
        }
    }

    @Test
    void oneInstanceShouldServeConcurrentCallersOfDifferentLengths() throws Exception {
        // the shared plan is swapped back and forth while other threads transform with it
        final String[] payloads = {"1,2,3,4,5,6,7,8", "3,1,4,1,5,9,2,6,5,3,5,9", "2,7,1,8,2"};
        final double[][] expected = new double[payloads.length][];
        for (int i = 0; i < payloads.length; i++) {
            expected[i] = naiveMagnitudes(Samples.parse(payloads[i]));
        }
        final ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            final List<Future<Integer>> results = new ArrayList<>();
            for (int thread = 0; thread < 4; thread++) {
                final int offset = thread;
                results.add(pool.submit(() -> {
                    int checked = 0;
                    for (int call = 0; call < 2_000; call++) {
                        final int which = (call + offset) % payloads.length;
                        final double[] actual = Samples.parse(fft.apply(List.of(payloads[which])).orElseThrow());
                        assertArrayEquals(expected[which], actual, 1e-9, "payload " + which);
                        checked++;
                    }
                    return checked;
                }));
            }
            for (Future<Integer> result : results) {
                assertEquals(2_000, result.get(30, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void shouldRejectBadInputAndParameters() {
        assertMessage(() -> fft.apply(List.of("1")), "at least 2 samples");
        assertMessage(() -> fft.apply(List.of("1,x")), "sample 1");
        assertMessage(() -> new FftOperatorFactory().create(Map.of("size", "8"), 1), "unknown parameter(s) [size]");
        assertMessage(() -> new FftOperatorFactory().create(Map.of(), 2), "takes 1 input");
        assertTrue(fft.threadSafe());
    }

    /** The definition, O(n²): |Σ s_t e^(-2πi kt/n)| for k = 0..n/2. */
    private static double[] naiveMagnitudes(final double[] signal) {
        final int n = signal.length;
        final double[] magnitudes = new double[n / 2 + 1];
        for (int k = 0; k < magnitudes.length; k++) {
            double re = 0;
            double im = 0;
            for (int t = 0; t < n; t++) {
                final double angle = -2 * Math.PI * (((long) k * t) % n) / n;
                re += signal[t] * Math.cos(angle);
                im += signal[t] * Math.sin(angle);
            }
            magnitudes[k] = Math.hypot(re, im);
        }
        return magnitudes;
    }
}
