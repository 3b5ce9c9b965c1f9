package io.eventhandler.benchmarks.suite;

import io.eventhandler.benchmarks.load.EnvironmentInfo;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Runs one group of the JMH benchmarks ({@link SuiteGroup}) and keeps its results where a user finds them: JMH's
 * JSON and a short text report ({@link ResultTable}) in the output directory, the report also printed. What follows
 * the group and {@code --out} is handed to JMH ({@code -f}, {@code -wi}, {@code -i}, {@code -jvm}, {@code -p}, ...).
 */
public final class BenchmarkSuite {

    private static final DateTimeFormatter FILE_STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private BenchmarkSuite() {
    }

    /**
     * @param args {@code GROUP [--out DIR] [JMH options]}, or {@code list}
     * @param out  where the report goes
     * @param err  where usage errors and failures go
     * @return 0 done, 1 the benchmarks failed or the files could not be written, 2 usage error
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err) {
        if (args.length == 0 || "list".equals(args[0]) || "--help".equals(args[0]) || "-h".equals(args[0])) {
            usage(args.length == 0 ? err : out);
            return args.length == 0 ? 2 : 0;
        }
        final Optional<SuiteGroup> group = SuiteGroup.byLabel(args[0]);
        if (group.isEmpty()) {
            err.println("unknown group '" + args[0] + "'");
            usage(err);
            return 2;
        }
        Path dir = Path.of(".");
        final List<String> jmhArgs = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            if ("--out".equals(args[i]) && i + 1 < args.length) {
                dir = Path.of(args[++i]);
            } else {
                jmhArgs.add(args[i]);
            }
        }
        final CommandLineOptions jmh;
        try {
            jmh = new CommandLineOptions(jmhArgs.toArray(String[]::new));
        } catch (final CommandLineOptionException e) {
            err.println("JMH options: " + e.getMessage());
            return 2;
        }
        if (!jmh.getIncludes().isEmpty()) {
            err.println("benchmarks are chosen by group here; for others use java -cp benchmarks.jar "
                    + "org.openjdk.jmh.Main " + String.join(" ", jmh.getIncludes()));
            return 2;
        }
        return runGroup(group.get(), dir, jmh, args, out, err);
    }

    private static int runGroup(final SuiteGroup group, final Path dir, final CommandLineOptions jmh,
                                final String[] args, final PrintStream out, final PrintStream err) {
        final String stem = "jmh-" + group.label() + "-" + LocalDateTime.now().format(FILE_STAMP);
        final Path json = dir.resolve(stem + ".json");
        final Path text = dir.resolve(stem + ".txt");
        try {
            Files.createDirectories(dir);
            final EnvironmentInfo environment = EnvironmentInfo.current(args);
            final Collection<RunResult> results = new Runner(options(group, jmh, json)).run();
            if (results.isEmpty()) {
                err.println("no benchmark ran (see JMH's output above)");
                return 1;
            }
            final String report = ResultTable.render(group, environment, MachineMemory.describe(), results);
            Files.writeString(text, report, StandardCharsets.UTF_8);
            out.println();
            out.print(report);
            out.println();
            out.println("JSON: " + json.toAbsolutePath().normalize());
            out.println("text: " + text.toAbsolutePath().normalize());
            return 0;
        } catch (final RunnerException | IOException e) {
            err.println("the suite failed: " + e.getMessage());
            return 1;
        }
    }

    private static org.openjdk.jmh.runner.options.Options options(final SuiteGroup group,
                                                                  final CommandLineOptions jmh, final Path json) {
        final ChainedOptionsBuilder builder = new OptionsBuilder().parent(jmh).include(group.include())
                .resultFormat(ResultFormatType.JSON).result(json.toString());
        if (group.quick()) {
            // only what the user did not set: a smoke run on a slow board may want more
            if (!jmh.getWarmupIterations().hasValue()) {
                builder.warmupIterations(1);
            }
            if (!jmh.getWarmupTime().hasValue()) {
                builder.warmupTime(TimeValue.seconds(1));
            }
            if (!jmh.getMeasurementIterations().hasValue()) {
                builder.measurementIterations(1);
            }
            if (!jmh.getMeasurementTime().hasValue()) {
                builder.measurementTime(TimeValue.seconds(1));
            }
        }
        return builder.build();
    }

    private static void usage(final PrintStream to) {
        to.println("usage: java -jar benchmarks.jar suite GROUP [--out DIR] [JMH options, e.g. -f 1 -wi 3 -i 5]");
        to.println("writes DIR/jmh-GROUP-<date>.json (JMH's) and .txt (a table to paste into an issue); DIR: .");
        to.println("groups:");
        Arrays.stream(SuiteGroup.values()).forEach(g -> to.printf("  %-14s ~%.1f min  %s%n", g.label(), g.minutes(),
                g.description()));
    }
}
