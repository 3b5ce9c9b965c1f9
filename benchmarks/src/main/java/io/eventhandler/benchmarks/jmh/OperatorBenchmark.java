package io.eventhandler.benchmarks.jmh;

import io.eventhandler.core.engine.operator.Operator;
import io.eventhandler.core.engine.operator.OperatorRegistry;
import io.eventhandler.core.engine.operator.Samples;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.jtransforms.fft.DoubleFFT_1D;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Cost of one invocation of each built-in operator, payload text in and out included, for batches sized like the
 * CPEP paper's Experiment Set 1 (512, 1024 and 2048 one-byte datapoints, written as integers 0..255 in the
 * {@link Samples} convention). EKF, threshold and moving average take one measurement or scalar. {@code fftTransform}
 * is JTransforms alone on the same batch, and {@code samplesParse} and {@code samplesFormat} the text conversions
 * alone (reading the batch, writing fft's output), to separate the transform from the text.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class OperatorBenchmark {

    private static final OperatorRegistry REGISTRY = new OperatorRegistry(List.of());

    /** Batch operators over one supplier event of {@code datapoints} samples. */
    @State(Scope.Thread)
    public static class Batch {

        @Param({"512", "1024", "2048"})
        public int datapoints;

        List<String> one;
        List<String> two;
        double[] samples;
        double[] spectrum;
        double[] work;
        DoubleFFT_1D plan;
        Operator fft;
        Operator concat;
        Operator aes;

        @Setup(Level.Trial)
        public void setUp() {
            final SplittableRandom random = new SplittableRandom(1);
            samples = new double[datapoints];
            for (int i = 0; i < datapoints; i++) {
                samples[i] = random.nextInt(256);
            }
            final String payload = Samples.format(samples);
            one = List.of(payload);
            two = List.of(payload, payload);
            work = new double[datapoints];
            plan = new DoubleFFT_1D(datapoints);
            spectrum = Samples.parse(create("fft", Map.of(), 1).apply(one).orElseThrow());
            fft = create("fft", Map.of(), 1);
            concat = create("concat", Map.of(), 2);
            aes = create("aes-gcm", Map.of("key", "000102030405060708090a0b0c0d0e0f"), 1);
        }
    }

    /** Operators that take one measurement or scalar per invocation. */
    @State(Scope.Thread)
    public static class Scalar {

        List<String> measurement;
        List<String> value;
        Operator ekf;
        Operator threshold;
        Operator movingAverage;

        @Setup(Level.Trial)
        public void setUp() {
            measurement = List.of("111.80339887498948,0.4636476090008061");
            value = List.of("42.5");
            ekf = create("ekf", Map.of("dt", "0.01", "process-noise", "0.1", "measurement-noise-range", "0.01",
                    "measurement-noise-bearing", "0.0001", "initial-state", "100,50,3,-2"), 1);
            threshold = create("threshold", Map.of("op", ">", "value", "40"), 1);
            movingAverage = create("moving-average", Map.of("window", "16"), 1);
        }
    }

    private static Operator create(final String type, final Map<String, String> parameters, final int inputs) {
        return REGISTRY.factory(type).orElseThrow().create(parameters, inputs);
    }

    /** fft: parse, transform, magnitudes, format. */
    @Benchmark
    public Optional<String> fft(final Batch batch) {
        return batch.fft.apply(batch.one);
    }

    /** JTransforms realForward alone, on a copy of the batch. */
    @Benchmark
    public double[] fftTransform(final Batch batch) {
        System.arraycopy(batch.samples, 0, batch.work, 0, batch.datapoints);
        batch.plan.realForward(batch.work);
        return batch.work;
    }

    /** Reading the batch's text alone (integers 0..255). */
    @Benchmark
    public double[] samplesParse(final Batch batch) {
        return Samples.parse(batch.one.get(0));
    }

    /** Writing fft's output alone: the datapoints/2+1 magnitudes, full-precision doubles. */
    @Benchmark
    public String samplesFormat(final Batch batch) {
        return Samples.format(batch.spectrum);
    }

    /** concat of two inputs of {@code datapoints} samples each. */
    @Benchmark
    public Optional<String> concat(final Batch batch) {
        return batch.concat.apply(batch.two);
    }

    /** aes-gcm, 128-bit key, of the batch's text. */
    @Benchmark
    public Optional<String> aesGcm(final Batch batch) {
        return batch.aes.apply(batch.one);
    }

    /** ekf: one range-bearing measurement, predict and update. */
    @Benchmark
    public Optional<String> ekf(final Scalar scalar) {
        return scalar.ekf.apply(scalar.measurement);
    }

    /** threshold on one scalar. */
    @Benchmark
    public Optional<String> threshold(final Scalar scalar) {
        return scalar.threshold.apply(scalar.value);
    }

    /** moving-average over a window of 16. */
    @Benchmark
    public Optional<String> movingAverage(final Scalar scalar) {
        return scalar.movingAverage.apply(scalar.value);
    }

    public static void main(final String[] args) throws RunnerException {
        new Runner(new OptionsBuilder().include(OperatorBenchmark.class.getSimpleName()).build()).run();
    }
}
