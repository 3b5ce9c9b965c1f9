package io.eventhandler.petri.cli;

import io.eventhandler.petri.calibrate.Calibration;
import io.eventhandler.petri.calibrate.CalibrationPlan;
import io.eventhandler.petri.calibrate.GeneratorSettings;
import io.eventhandler.petri.calibrate.Jars;
import io.eventhandler.petri.calibrate.ServerSettings;
import io.eventhandler.petri.capacity.CapacityModel;
import io.eventhandler.petri.capacity.CapacityModelFile;
import io.eventhandler.petri.capacity.LoadShape;
import io.eventhandler.petri.capacity.Pools;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code calibrate}: measure the device with fresh servers and write the capacity model. */
final class CalibrateCommand implements Command {

    static final String JVM = "-XX:+UseParallelGC -Xms1g -Xmn512m -XX:+AlwaysPreTouch";

    @Override
    public String name() {
        return "calibrate";
    }

    @Override
    public String summary() {
        return "measure this device (starts the server and the load generator) and write a model file";
    }

    @Override
    public String description() {
        return """
                Starts a fresh Event Handler (its runnable jar) with its stage recorder on, warms it up, drives it
                with the project's load generator (benchmarks.jar, a process of its own on the same machine) at
                rising rates until the publishers fall behind (the saturation: the rates they then reach), then
                measures the latency at fractions of that rate, several runs each. It records each run's
                end-to-end latency, the CPU the server and the generator used, how long each server pool held a
                thread per event (from the kernel's per-thread accounting), the cores other processes took, and the
                server's merged dispatches; at the end the server's stage samples. One server gives an answer;
                with --servers N the model also knows how much fresh servers differ, and its intervals say so.
                With --url it measures a server already running on this machine instead (started with
                eh.calibration.enabled=true; give its pools with --pools): the tool finds its process by the port,
                never stops it, and its stage samples stay with it (the model then takes the stages' variation
                as 1). Takes about 7 minutes per server on 2 cores. Measure on a quiet machine: the model describes the
                machine as it was while it measured.""";
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.of("out", "FILE", "the model file to write", null),
                Option.of("dir", "DIR", "where every run's reports and logs go", "FILE without extension + -runs"),
                Option.of("pools", "WxD", "the server's worker and delivery threads while calibrating",
                        Math.max(2, Runtime.getRuntime().availableProcessors()) + "x"
                                + Math.max(2, Runtime.getRuntime().availableProcessors())),
                Option.of("publishers", "P", "publisher connections of the load generator", "4"),
                Option.of("subscribers", "S", "SSE subscribers of every event (the fan-out)", "4"),
                Option.of("payload-bytes", "B", "payload size of each event", "100"),
                Option.of("servers", "N", "fresh servers, one after the other", "1"),
                Option.of("runs", "R", "runs at each rate", "3"),
                Option.of("settling-runs", "N", "runs at each rate before the measured ones, discarded (the load "
                        + "generator's JVM is new at every rate)", "1"),
                Option.of("seconds", "T", "measured seconds of each run", "8"),
                Option.of("warmup-events", "N", "events each publisher sends before each run (not measured)", "2000"),
                Option.of("fractions", "F,F,...", "rates to measure, as fractions of the saturation",
                        "0.05,0.2,0.35,0.5,0.65,0.8,0.9"),
                Option.of("start-rate", "R", "first rate of the ramp to saturation, publishes/s", "1000"),
                Option.of("max-rate", "R", "give up the ramp above this rate", "1000000"),
                Option.of("port", "PORT", "loopback port of the server it starts", "18455"),
                Option.of("url", "URL", "measure the server running there instead (this machine, e.g. "
                        + "http://127.0.0.1:8455)", null),
                Option.of("server-jar", "JAR", "the Event Handler's runnable jar", "found next to this jar or in the build"),
                Option.of("loadgen-jar", "JAR", "the load generator's jar (benchmarks.jar)", "found likewise"),
                Option.of("server-java-opts", "OPTS", "JVM options of the server", JVM),
                Option.of("loadgen-java-opts", "OPTS", "JVM options of the load generator", JVM),
                Option.repeatable("set", "KEY=VALUE", "any other server setting, e.g. eh.delivery.merge.max=1"));
    }

    @Override
    public void run(final Options options, final PrintStream out) throws UsageException, IOException {
        final Path file = Path.of(options.required("out"));
        final Path dir = options.has("dir") ? Path.of(options.text("dir"))
                : file.resolveSibling(file.getFileName().toString().replaceFirst("\\.[^.]*$", "") + "-runs");
        final LoadShape load = new LoadShape(options.integer("publishers", 1), options.integer("subscribers", 1),
                options.integer("payload-bytes", 64));
        final GeneratorSettings generator = new GeneratorSettings(Jars.loadGenerator(given(options, "loadgen-jar")),
                split(options.text("loadgen-java-opts")), options.integer("runs", 1), options.integer("seconds", 1),
                options.integer("warmup-events", 0), options.integer("settling-runs", 0));
        final URI running = options.has("url") ? url(options.text("url")) : null;
        final ServerSettings server = new ServerSettings(running != null ? null : Jars.server(given(options, "server-jar")),
                split(options.text("server-java-opts")), options.integer("port", 1), Pools.parse(options.text("pools")),
                settings(options.all("set")), null, 0, running);
        final CalibrationPlan plan = new CalibrationPlan(options.number("start-rate", 1), 1.5,
                options.number("max-rate", 1), 10, 3, 3, options.numbers("fractions"));
        Files.createDirectories(dir);
        final CapacityModel model = new Calibration(server, generator, load, plan).run(options.integer("servers", 1),
                dir);
        CapacityModelFile.write(model, file);
        new CalibrationReport(model).print(out);
        out.println("model written to " + file + " (every run's reports in " + dir + ")");
    }

    /** The option's value if given (its "default" is a description of where the jar is looked for). */
    private static String given(final Options options, final String name) {
        return options.has(name) ? options.text(name) : null;
    }

    private static URI url(final String text) throws UsageException {
        try {
            final URI url = new URI(text);
            if (!"http".equals(url.getScheme()) || url.getHost() == null) {
                throw new UsageException("--url takes http://HOST:PORT, not '" + text + "'");
            }
            return url;
        } catch (final URISyntaxException e) {
            throw new UsageException("--url takes http://HOST:PORT, not '" + text + "'");
        }
    }

    static List<String> split(final String javaOptions) {
        return javaOptions == null || javaOptions.isBlank() ? List.of()
                : Arrays.asList(javaOptions.trim().split("\\s+"));
    }

    private static Map<String, String> settings(final List<String> pairs) throws UsageException {
        final Map<String, String> settings = new LinkedHashMap<>();
        for (final String pair : pairs) {
            final int equals = pair.indexOf('=');
            if (equals <= 0) {
                throw new UsageException("--set takes KEY=VALUE, not '" + pair + "'");
            }
            settings.put(pair.substring(0, equals).trim(), pair.substring(equals + 1).trim());
        }
        return settings;
    }
}
