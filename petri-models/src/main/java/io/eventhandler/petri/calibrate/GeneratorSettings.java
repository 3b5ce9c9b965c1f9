package io.eventhandler.petri.calibrate;

import java.nio.file.Path;
import java.util.List;

/**
 * How the project's load generator ({@code benchmarks.jar}) is run for one rate: its jar and JVM options, the runs
 * per rate and each run's measured seconds, the warm-up events each publisher sends before every run (excluded
 * from its figures), and the settling runs before the measured ones, whose figures are discarded.
 *
 * <p>Why settling runs: every rate gets a load generator JVM of its own, and its first run measures that JVM's
 * compiler and the server's adjustment to the new rate as well as the server: on the quiet machine the first of three
 * runs had the highest p99 at 28 of 35 rates (the capacity-tool notebook, §7).
 */
public record GeneratorSettings(Path jar, List<String> javaOptions, int runs, int seconds, int warmupPerPublisher,
                                int settlingRuns) {

    public GeneratorSettings {
        javaOptions = List.copyOf(javaOptions);
        if (runs < 1 || seconds < 1 || warmupPerPublisher < 0 || settlingRuns < 0) {
            throw new IllegalArgumentException(
                    "runs and seconds must be at least 1, the warm-up and the settling runs at least 0");
        }
    }

    /** Other runs and seconds, without settling runs: for the short probes of the ramp and the saturation. */
    public GeneratorSettings withRuns(final int otherRuns, final int otherSeconds) {
        return new GeneratorSettings(jar, javaOptions, otherRuns, otherSeconds, warmupPerPublisher, 0);
    }

    /** The runs the generator makes: the settling ones first, then the measured ones. */
    int generatorRuns() {
        return settlingRuns + runs;
    }
}
