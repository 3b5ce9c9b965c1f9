package io.eventhandler.petri.calibrate;

import java.nio.file.Path;
import java.util.List;

/**
 * How the project's load generator ({@code benchmarks.jar}) is run for one rate: its jar and JVM options, the runs
 * per rate and each run's measured seconds, and the warm-up events each publisher sends before every run (excluded
 * from its figures).
 */
public record GeneratorSettings(Path jar, List<String> javaOptions, int runs, int seconds, int warmupPerPublisher) {

    public GeneratorSettings {
        javaOptions = List.copyOf(javaOptions);
        if (runs < 1 || seconds < 1 || warmupPerPublisher < 0) {
            throw new IllegalArgumentException("runs and seconds must be at least 1, the warm-up at least 0");
        }
    }

    public GeneratorSettings withRuns(final int otherRuns, final int otherSeconds) {
        return new GeneratorSettings(jar, javaOptions, otherRuns, otherSeconds, warmupPerPublisher);
    }
}
