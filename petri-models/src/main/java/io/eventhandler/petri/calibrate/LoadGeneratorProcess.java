package io.eventhandler.petri.calibrate;

import io.eventhandler.petri.capacity.LoadShape;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the project's load generator ({@code benchmarks.jar}) as a process of its own against the server at one
 * total publish rate, open loop (each publisher paced at rate ÷ publishers), and reads the kernel's accounting of
 * both processes at the start and the end of every measured phase, as the generator announces them on its output.
 */
public final class LoadGeneratorProcess {

    private static final Logger LOG = LoggerFactory.getLogger(LoadGeneratorProcess.class);
    private static final Pattern STARTED = Pattern.compile("run (\\d+): measured phase started");
    private static final Pattern REPORTED = Pattern.compile("^## run (\\d+)");

    private final GeneratorSettings settings;
    private final LoadShape shape;
    private final ServerProcess server;
    private final ServerMetrics metrics;

    public LoadGeneratorProcess(final GeneratorSettings settings, final LoadShape shape, final ServerProcess server) {
        this.settings = settings;
        this.shape = shape;
        this.server = server;
        this.metrics = new ServerMetrics(server.url());
    }

    /**
     * {@code settings.runs()} runs at {@code totalRate} publishes/s, after the settling runs (whose figures are
     * discarded); files go to {@code dir} as {@code name.*}.
     */
    public List<RunMeasurement> measure(final double totalRate, final Path dir, final String name) throws IOException {
        Files.createDirectories(dir);
        final Path json = dir.resolve(name + ".json");
        final Path samples = dir.resolve(name + "-e2e.csv");
        final Process process = new ProcessBuilder(command(totalRate, json, samples)).redirectErrorStream(true).start();
        final Map<Integer, Window> windows = new HashMap<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8)); Writer log = Files.newBufferedWriter(dir.resolve(name + ".txt"))) {
            String line;
            while ((line = out.readLine()) != null) {
                log.write(line);
                log.write('\n');
                follow(line, process.pid(), windows);
            }
        }
        final int status = waitFor(process);
        if (status != 0) {
            throw new IOException("the load generator exited with status " + status + " at " + Math.round(totalRate)
                    + "/s; see " + dir.resolve(name + ".txt"));
        }
        final List<RunMeasurement> runs = new ArrayList<>();
        for (final GeneratorReport.Run run : GeneratorReport.read(json)) {
            if (run.index() <= settings.settlingRuns()) {
                continue;
            }
            final Window window = windows.get(run.index());
            if (window == null || window.end == null) {
                throw new IOException("no measured phase of run " + run.index() + " seen in " + dir.resolve(name + ".txt"));
            }
            final Path runSamples = settings.generatorRuns() == 1 ? samples
                    : dir.resolve(name + "-e2e-run" + run.index() + ".csv");
            runs.add(window.measurement(run, totalRate, LatencySamples.quantiles(runSamples)));
        }
        return runs;
    }

    private List<String> command(final double totalRate, final Path json, final Path samples) {
        final List<String> command = new ArrayList<>();
        command.add(JavaCommand.java());
        command.addAll(settings.javaOptions());
        command.addAll(List.of("-jar", settings.jar().toAbsolutePath().toString(), "--url", server.url().toString(),
                "--publishers", Integer.toString(shape.publishers()),
                "--subscribers", Integer.toString(shape.subscribers()),
                "--payload-bytes", Integer.toString(shape.payloadBytes()),
                "--rate", String.format(Locale.ROOT, "%.3f", totalRate / shape.publishers()),
                "--duration", settings.seconds() + "s", "--warmup", Integer.toString(settings.warmupPerPublisher()),
                "--runs", Integer.toString(settings.generatorRuns()), "--drain-timeout", "20s",
                "--json", json.toAbsolutePath().toString(), "--samples-csv", samples.toAbsolutePath().toString()));
        return command;
    }

    private void follow(final String line, final long generatorPid, final Map<Integer, Window> windows)
            throws IOException {
        final Matcher started = STARTED.matcher(line);
        if (started.find()) {
            windows.put(Integer.parseInt(started.group(1)), new Window(reading(generatorPid)));
            return;
        }
        final Matcher reported = REPORTED.matcher(line);
        if (reported.find()) {
            final Window window = windows.get(Integer.parseInt(reported.group(1)));
            if (window != null) {
                window.end = reading(generatorPid);
            }
        }
    }

    private Reading reading(final long generatorPid) throws IOException {
        return new Reading(System.nanoTime(), ProcessCpu.read(server.pid()), ProcessCpu.read(generatorPid),
                MachineCpu.read(), metrics.mergedDispatches());
    }

    private static int waitFor(final Process process) throws IOException {
        try {
            return process.waitFor();
        } catch (final InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the load generator ran", e);
        }
    }

    /** The kernel's and the server's counters at one instant. */
    private record Reading(long nanos, ProcessCpu server, ProcessCpu generator, MachineCpu machine, long merged) {
    }

    /** One measured phase: the readings at its start and at its report. */
    private static final class Window {
        private final Reading start;
        private Reading end;

        Window(final Reading start) {
            this.start = start;
        }

        RunMeasurement measurement(final GeneratorReport.Run run, final double offered, final double[] quantiles)
                throws IOException {
            final long merged = start.merged < 0 || end.merged < 0 ? -1 : end.merged - start.merged;
            return new RunMeasurement(run.index(), offered, run.achievedPerSecond(), run.acknowledged(), run.lost(),
                    run.p50(), run.p99(), run.fromScheduleP99(), quantiles, (end.nanos - start.nanos) / 1e9,
                    end.server.since(start.server), end.generator.since(start.generator),
                    end.machine.busyNanosSince(start.machine), LoadAverage.read(), merged);
        }
    }
}
