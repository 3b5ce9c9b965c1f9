package io.eventhandler.benchmarks.flink;

import io.eventhandler.benchmarks.engine.RunReport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one point in a child JVM and watches its memory: {@code /proc/<pid>/status} every 100 ms for its whole life
 * (start-up and warm-up included, as the paper's maxima), the child's stderr to a file, its {@link RunReport} line
 * from stdout.
 */
final class ChildRun {

    /** What a child reported, with its memory maxima. */
    record Outcome(RunReport report, ProcStatus memory) {
    }

    private ChildRun() {
    }

    static Outcome run(final List<String> command, final Path stderr, final long timeoutSeconds)
            throws IOException, InterruptedException {
        final Process child = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        final AtomicReference<ProcStatus> memory = new AtomicReference<>(ProcStatus.NONE);
        final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> {
            final Thread t = new Thread(r, "proc-status-sampler");
            t.setDaemon(true);
            return t;
        });
        sampler.scheduleAtFixedRate(() -> {
            final ProcStatus now = ProcStatus.read(child.pid());
            memory.accumulateAndGet(now, ProcStatus::max);
        }, 0, 100, TimeUnit.MILLISECONDS);
        sampler.schedule(child::destroyForcibly, timeoutSeconds, TimeUnit.SECONDS); // a hung child ends the stream
        RunReport report = null;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith(RunReport.PREFIX)) {
                    report = RunReport.parse(line);
                }
            }
        } finally {
            child.waitFor();
            sampler.shutdownNow();
        }
        if (report == null) {
            throw new IOException("the child printed no result (exit " + child.exitValue() + "); see " + stderr);
        }
        return new Outcome(report, memory.get());
    }
}
