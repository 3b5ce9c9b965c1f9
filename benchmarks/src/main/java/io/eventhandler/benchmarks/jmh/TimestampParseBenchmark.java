package io.eventhandler.benchmarks.jmh;

import io.eventhandler.api.IsoInstants;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The event stamp parse the publish path and every subscriber do, both variants in one run: the JDK's general
 * {@code Instant.parse} against {@link IsoInstants#parse}, which reads the simple form directly.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class TimestampParseBenchmark {

    /** A stamp as the generator and most publishers write it (microseconds). */
    public String stamp = "2026-11-23T10:15:30.123456Z";

    /** The JDK parser. */
    @Benchmark
    public Instant instantParse() {
        return Instant.parse(stamp);
    }

    /** The fast path with its fallback. */
    @Benchmark
    public Instant isoInstantsParse() {
        return IsoInstants.parse(stamp);
    }
}
