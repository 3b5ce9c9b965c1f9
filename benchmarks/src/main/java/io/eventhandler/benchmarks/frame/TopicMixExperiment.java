package io.eventhandler.benchmarks.frame;

import io.eventhandler.benchmarks.load.EnvironmentInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * FRAME's topic mix (Table 3.2 categories, 16-byte payloads, publishers as proxies
 * sending a batch per period) against a fresh embedded Event Handler per run, under FRAME+, FRAME and FCFS, at
 * several topic counts. Prints and appends to a results file one block per run and, per topic count, the success
 * rates in the shape of the paper's Table 3.5 with the replication jobs and CPU of each setting. See
 * {@code benchmarks/README.md} and {@code lab/notebook/frame-topic-mix.md}.
 */
public final class TopicMixExperiment {

    private TopicMixExperiment() {
    }

    public static void main(final String[] args) throws Exception {
        final TopicMixOptions options;
        try {
            options = TopicMixOptions.parse(args);
        } catch (final IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        Files.createDirectories(options.out().toAbsolutePath().getParent());
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(options.out(), StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND))) {
            emit(out, String.format("%n# FRAME topic mix experiment %s: topics=%s settings=%s runs=%d warmup=%.0fs "
                            + "measure=%.0fs readers=%d subscribers/topic=%d phase=%s publish=%s backup=%s server=%s%n# %s%n",
                    Instant.now(),
                    options.topics(), options.settings().stream().map(FrameSetting::label).toList(), options.runs(),
                    options.warmupMicros() / 1e6, options.measureMicros() / 1e6, options.readers(),
                    options.subscribersPerTopic(), options.spread() ? "spread" : "aligned",
                    options.batch() ? "batch" : "single", options.backup() ? "process" : "none", options.serverConfig(),
                    EnvironmentInfo.current(args)));
            final TopicMixRun runner = new TopicMixRun(options);
            final List<RunResult> results = new ArrayList<>();
            // one discarded run per setting, at least 15 s long, compiles the server's and the generator's hot paths
            // first: with shorter ones the first runs measured spent seconds of their measured phase in the JIT
            // compilers (seen: 4.4 s and 5.3 s of compilation in a 6 s phase)
            final TopicMixRun warmup = new TopicMixRun(options.withMeasureAtLeast(15_000_000));
            for (final FrameSetting setting : options.settings()) {
                final RunResult discarded = warmup.run(setting, options.topics().get(0), 0);
                emit(out, "# JIT warm-up run, not counted: " + TopicMixReport.run(discarded).lines().findFirst()
                        .orElse("") + "\n" + settle());
            }
            for (final int topics : options.topics()) {
                // settings interleaved within each repetition, so drift in the shared machine's load hits all alike
                for (int rep = 1; rep <= options.runs(); rep++) {
                    for (final FrameSetting setting : options.settings()) {
                        final RunResult result = runner.run(setting, topics, rep);
                        results.add(result);
                        emit(out, TopicMixReport.run(result) + settle());
                    }
                }
                emit(out, TopicMixReport.tables(results, topics, options.settings(),
                        options.measureMicros() / 1e6));
            }
        }
        System.exit(0); // the servers' non-daemon threads are closed, but Grizzly's may linger
    }

    /**
     * Collects the finished run's garbage between runs, so that no run pays for the previous one's in a full
     * collection, and reports the heap still in use: growing from run to run would mean a closed server is still
     * reachable.
     */
    private static String settle() {
        System.gc();
        final Runtime runtime = Runtime.getRuntime();
        return String.format("#   heap in use after the run and a full GC: %d MB%n",
                (runtime.totalMemory() - runtime.freeMemory()) / (1024 * 1024));
    }

    private static void emit(final PrintWriter out, final String text) throws IOException {
        System.out.print(text);
        System.out.flush();
        out.print(text);
        out.flush();
    }
}
