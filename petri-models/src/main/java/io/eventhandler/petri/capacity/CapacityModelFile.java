package io.eventhandler.petri.capacity;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * A capacity model as a properties file a person can read: the calibration's settings first, then per server its
 * saturation runs and, per measured rate, the latency quantiles (ms, at the listed levels), each run's p50 and p99,
 * and the per-event CPU and pool times (µs). Unknown or missing keys are refused with their name.
 */
public final class CapacityModelFile {

    public static final String FORMAT = "eventhandler-capacity-model/1";

    private CapacityModelFile() {
    }

    public static void write(final CapacityModel model, final Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("# Event Handler capacity model, written by `eventhandler-capacity.jar calibrate`; read by `predict`.\n");
            out.write("# Latencies in ms (publisher's send to a subscriber's receipt), CPU and pool times in µs per event.\n");
            line(out, "format", FORMAT);
            line(out, "calibrated.at", model.calibratedAt());
            line(out, "machine", model.machine());
            line(out, "machine.cores", model.cores());
            line(out, "pools", model.pools());
            line(out, "load.publishers", model.load().publishers());
            line(out, "load.subscribers", model.load().subscribers());
            line(out, "load.payload.bytes", model.load().payloadBytes());
            line(out, "runs.per.rate", model.runsPerRate());
            line(out, "run.seconds", model.runSeconds());
            final StageShape stages = model.stages();
            line(out, "stages.samples", stages.samples());
            line(out, "stages.accept.mean.us", stages.acceptMeanMicros());
            line(out, "stages.accept.scv", stages.acceptScv());
            line(out, "stages.write.mean.us", stages.writeMeanMicros());
            line(out, "stages.write.scv", stages.writeScv());
            line(out, "levels", join(QuantileLevels.all()));
            line(out, "servers", model.servers().size());
            for (int s = 0; s < model.servers().size(); s++) {
                writeServer(out, "server." + (s + 1) + ".", model.servers().get(s));
            }
        }
    }

    private static void writeServer(final Writer out, final String prefix, final ServerCurve server)
            throws IOException {
        line(out, prefix + "saturation.runs", join(server.saturationRuns()));
        line(out, prefix + "steps", server.steps().size());
        for (int i = 0; i < server.steps().size(); i++) {
            final RateStep step = server.steps().get(i);
            final String key = prefix + "step." + (i + 1) + ".";
            line(out, key + "rate", step.rate());
            line(out, key + "overloaded", step.overloaded());
            line(out, key + "quantiles", join(step.quantiles()));
            line(out, key + "p50.runs", join(step.runP50()));
            line(out, key + "p99.runs", join(step.runP99()));
            line(out, key + "server.cpu.us", step.serverCpuMicros());
            line(out, key + "generator.cpu.us", step.generatorCpuMicros());
            line(out, key + "worker.hold.us", step.workerHoldMicros());
            line(out, key + "delivery.hold.us", step.deliveryHoldMicros());
            line(out, key + "worker.run.us", step.workerRunMicros());
            line(out, key + "delivery.run.us", step.deliveryRunMicros());
            line(out, key + "background.cores", step.backgroundCores());
            line(out, key + "merged.fraction", step.mergedFraction());
            line(out, key + "load.average", step.loadAverage());
        }
    }

    public static CapacityModel read(final Path file) throws IOException {
        final Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        final Keys keys = new Keys(properties, file);
        if (!FORMAT.equals(keys.text("format"))) {
            throw new IllegalArgumentException(file + " is not a capacity model of this tool (format "
                    + keys.text("format") + ", expected " + FORMAT + ")");
        }
        if (!Arrays.equals(keys.numbers("levels"), QuantileLevels.all())) {
            throw new IllegalArgumentException(file + ": its 'levels' are not the ones this tool keeps");
        }
        final List<ServerCurve> servers = new ArrayList<>();
        for (int s = 1; s <= keys.integer("servers"); s++) {
            servers.add(readServer(keys, "server." + s + "."));
        }
        final CapacityModel model = new CapacityModel(keys.text("calibrated.at"), keys.text("machine"),
                keys.integer("machine.cores"), Pools.parse(keys.text("pools")),
                new LoadShape(keys.integer("load.publishers"), keys.integer("load.subscribers"),
                        keys.integer("load.payload.bytes")),
                keys.integer("runs.per.rate"), keys.integer("run.seconds"),
                new StageShape(keys.number("stages.accept.mean.us"), keys.number("stages.accept.scv"),
                        keys.number("stages.write.mean.us"), keys.number("stages.write.scv"),
                        (long) keys.number("stages.samples")), servers);
        keys.refuseUnread();
        return model;
    }

    private static ServerCurve readServer(final Keys keys, final String prefix) {
        final List<RateStep> steps = new ArrayList<>();
        for (int i = 1; i <= keys.integer(prefix + "steps"); i++) {
            final String key = prefix + "step." + i + ".";
            steps.add(new RateStep(keys.number(key + "rate"), keys.numbers(key + "quantiles"),
                    keys.numbers(key + "p50.runs"), keys.numbers(key + "p99.runs"), keys.number(key + "server.cpu.us"),
                    keys.number(key + "generator.cpu.us"), keys.number(key + "worker.hold.us"),
                    keys.number(key + "delivery.hold.us"), keys.number(key + "worker.run.us"),
                    keys.number(key + "delivery.run.us"), keys.number(key + "background.cores"),
                    keys.number(key + "merged.fraction"), keys.number(key + "load.average"),
                    Boolean.parseBoolean(keys.text(key + "overloaded"))));
        }
        return new ServerCurve(keys.numbers(prefix + "saturation.runs"), steps);
    }

    private static void line(final Writer out, final String key, final Object value) throws IOException {
        final String text = value instanceof Double d ? format(d) : String.valueOf(value);
        out.write(key + "=" + text.replace("\\", "\\\\").replace("\n", " ") + "\n");
    }

    private static String join(final double[] values) {
        return Arrays.stream(values).mapToObj(CapacityModelFile::format).collect(Collectors.joining(","));
    }

    private static String format(final double value) {
        return Double.isNaN(value) ? "NaN" : String.format(Locale.ROOT, "%.6g", value);
    }

    /** The file's keys, each read once; what is left unread at the end is an error (a typo, another format). */
    private static final class Keys {
        private final Properties properties;
        private final Path file;
        private final java.util.Set<String> read = new java.util.HashSet<>();

        Keys(final Properties properties, final Path file) {
            this.properties = properties;
            this.file = file;
        }

        String text(final String key) {
            final String value = properties.getProperty(key);
            if (value == null) {
                throw new IllegalArgumentException(file + " has no '" + key + "'");
            }
            read.add(key);
            return value.trim();
        }

        double number(final String key) {
            return parse(key, text(key));
        }

        int integer(final String key) {
            final double value = number(key);
            if (value != Math.rint(value)) {
                throw new IllegalArgumentException(file + ": '" + key + "' must be a whole number, not " + value);
            }
            return (int) value;
        }

        double[] numbers(final String key) {
            return Arrays.stream(text(key).split(",")).mapToDouble(part -> parse(key, part.trim())).toArray();
        }

        private double parse(final String key, final String text) {
            try {
                return Double.parseDouble(text);
            } catch (final NumberFormatException e) {
                throw new IllegalArgumentException(file + ": '" + key + "' is not a number: " + text);
            }
        }

        void refuseUnread() {
            final List<String> unknown = properties.stringPropertyNames().stream().filter(k -> !read.contains(k))
                    .sorted().toList();
            if (!unknown.isEmpty()) {
                throw new IllegalArgumentException(file + " has keys this tool does not know: " + unknown);
            }
        }
    }
}
