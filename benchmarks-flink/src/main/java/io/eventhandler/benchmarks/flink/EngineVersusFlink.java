package io.eventhandler.benchmarks.flink;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The operator engine and Apache Flink side by side on the priority workload, as the CPEP paper's Experiment Set 1:
 * every point (variant, k middle-priority copies, system) runs in a fresh JVM of its own, the engine from the
 * benchmarks jar a user runs and Flink from this module's class path, with the same suppliers (same code, same seed)
 * and the same JVM options. Series are interleaved: run 1 of every k and system, then run 2, ..., and within a run the
 * systems' order rotates, so that the machine's noise falls on all alike. Prints the table (median [min–max] per
 * figure) and the verdict, and writes {@code runs.jsonl} (one line per child) and {@code summary.csv} to
 * {@code --out}. Usage, from the repository root:
 * <pre>java -jar benchmarks-flink/target/benchmarks-flink.jar [--ks 3,6,9,12,15] [--runs 5]
 *     [--systems engine,flink,fifo] [--variants fft] [--warmup 10] [--measure 20] [--workers 2]
 *     [--buffer-timeout 0] [--jvm "-Xmx1g"] [--engine-jar benchmarks/target/benchmarks.jar] [--out engine-vs-flink]</pre>
 * Systems: {@code engine} (priorities on, the engine's defaults), {@code engine-reserved} (priorities on, one worker
 * reserved for the highest level), {@code engine-shared} (priorities on, no reserved worker), {@code engine-handoff}
 * (workers wake parked workers for the work they leave queued, as the engine did before), {@code fifo} (the engine
 * with priorities off), {@code flink}.
 */
public final class EngineVersusFlink {

    static final Set<String> OPTIONS = Set.of("ks", "runs", "systems", "variants", "warmup", "measure",
            "workers", "buffer-timeout", "jvm", "engine-jar", "out", "high", "low", "seed");
    /** The same for both systems: a heap cap, the JVM's default collector (G1 on this kind of machine). */
    static final String DEFAULT_JVM = "-Xmx1g";
    private static final ObjectMapper JSON = new ObjectMapper();

    private EngineVersusFlink() {
    }

    static final String USAGE = """
            Runs the operator engine and the same workload as an Apache Flink job side by side (and the engine with
            priorities off, "fifo"), each point in a fresh JVM, interleaved, and prints per priority p50/p90/p99/p99.9,
            timely output, CPU and RSS.

              java -jar benchmarks-flink.jar [--option value ...]

              --ks 3,6,9,12,15        middle-priority copies per point
              --systems engine,flink,fifo   (also engine-reserved: one worker reserved for the highest level;
                                            engine-handoff: workers wake parked workers for work they leave)
              --variants fft          fft and/or ekf
              --runs 5                interleaved runs per point
              --warmup 10 --measure 20   seconds per run
              --workers N             engine workers / Flink parallelism (default: the cores)
              --buffer-timeout 0      Flink's buffer timeout, ms
              --high 3 --low 2 --seed N   copies of the high and low priorities, the suppliers' seed
              --jvm "-Xmx1g"          flags of each run's JVM
              --engine-jar PATH       the jar the runs start (default: this one)
              --out DIR               where runs.jsonl and each run's output go
            """;

    public static void main(final String[] args) throws IOException, InterruptedException {
        if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
            System.out.print(USAGE);
            return;
        }
        final Map<String, String> o;
        try {
            o = options(args);
        } catch (final IllegalArgumentException e) {
            System.err.println(e.getMessage() + " (--help lists them)");
            System.exit(2);
            return;
        }
        final Path out = Path.of(o.getOrDefault("out", "engine-vs-flink"));
        Files.createDirectories(out);
        final List<Integer> ks = Arrays.stream(o.getOrDefault("ks", "3,6,9,12,15").split(","))
                .map(Integer::valueOf).toList();
        final List<String> systems = List.of(o.getOrDefault("systems", "engine,flink,fifo").split(","));
        final List<String> variants = List.of(o.getOrDefault("variants", "fft").split(","));
        final int runs = Integer.parseInt(o.getOrDefault("runs", "5"));
        System.out.printf(Locale.ROOT, "# engine versus Flink: ks=%s systems=%s variants=%s runs=%d warmup=%ss "
                + "measure=%ss workers=%s buffer-timeout=%sms jvm=[%s] cores=%d java=%s%n", ks, systems, variants,
                runs, o.getOrDefault("warmup", "10"), o.getOrDefault("measure", "20"),
                o.getOrDefault("workers", "cores"), o.getOrDefault("buffer-timeout", "0"),
                o.getOrDefault("jvm", DEFAULT_JVM), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"));
        final Summary summary = new Summary();
        final Path raw = out.resolve("runs.jsonl");
        for (int run = 1; run <= runs; run++) {
            for (final String variant : variants) {
                for (int i = 0; i < ks.size(); i++) {
                    for (final String system : rotate(systems, run + i)) {
                        final Measured m = runOne(o, system, variant, ks.get(i), run, out);
                        summary.add(m);
                        Files.writeString(raw, JSON.writeValueAsString(m) + "\n", StandardCharsets.UTF_8,
                                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                        System.out.printf(Locale.ROOT, "# run %d %s k=%d %s: high p99 %.3f ms, cpu %.0f%%, "
                                        + "load %.2f%n", run, variant, ks.get(i), system, m.priority(3).p99(),
                                100 * m.report().cpu(), m.loadAverage());
                    }
                }
            }
        }
        summary.printTable(System.out);
        summary.verdict().forEach(v -> System.out.println("# " + v));
        try (PrintStream csv = new PrintStream(out.resolve("summary.csv").toFile(), StandardCharsets.UTF_8)) {
            summary.writeCsv(csv);
        }
    }

    private static Measured runOne(final Map<String, String> o, final String system, final String variant,
                                   final int k, final int run, final Path out)
            throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(o.getOrDefault("jvm", DEFAULT_JVM).trim().split("\\s+")));
        if (system.equals("flink")) {
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), FlinkRun.class.getName(),
                    "--buffer-timeout", o.getOrDefault("buffer-timeout", "0")));
        } else {
            final Path jar = Path.of(o.getOrDefault("engine-jar", "benchmarks/target/benchmarks.jar"));
            if (!Files.isRegularFile(jar)) {
                throw new IllegalArgumentException("no engine jar at " + jar.toAbsolutePath()
                        + "; build it (mvn -pl benchmarks-flink -am package) or give --engine-jar");
            }
            command.addAll(List.of("-cp", jar.toString(), "io.eventhandler.benchmarks.engine.EngineRun",
                    "--system", system));
        }
        for (final String name : List.of("warmup", "measure", "workers", "high", "low", "seed")) {
            if (o.containsKey(name)) {
                command.addAll(List.of("--" + name, o.get(name)));
            }
        }
        command.addAll(List.of("--k", Integer.toString(k), "--variant", variant));
        final double load = loadAverage();
        final long warmup = Long.parseLong(o.getOrDefault("warmup", "10"));
        final long measure = Long.parseLong(o.getOrDefault("measure", "20"));
        final ChildRun.Outcome outcome = ChildRun.run(command,
                out.resolve(String.format(Locale.ROOT, "stderr-%s-%s-k%d-run%d.txt", system, variant, k, run)),
                warmup + measure + 120);
        return new Measured(run, load, outcome.report(), outcome.memory());
    }

    /** The systems' order for one k of one run: rotated, so no system always goes first. */
    static List<String> rotate(final List<String> systems, final int by) {
        final List<String> out = new ArrayList<>();
        for (int i = 0; i < systems.size(); i++) {
            out.add(systems.get((i + by) % systems.size()));
        }
        return out;
    }

    private static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    private static Map<String, String> options(final String[] args) {
        final Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            final String name = args[i].startsWith("--") ? args[i].substring(2) : "";
            if (!OPTIONS.contains(name) || i + 1 >= args.length) {
                throw new IllegalArgumentException("unknown option or missing value: " + args[i] + "; options: "
                        + OPTIONS);
            }
            out.put(name, args[i + 1]);
        }
        return out;
    }
}
